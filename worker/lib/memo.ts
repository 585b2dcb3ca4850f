// A small per-isolate cache of computed values, for public reads that many visitors repeat (the
// music catalog). Each isolate keeps its own copy, so a change shows up everywhere within the
// entry's time to live, and at once in the isolate that made it (forget()).

type Entry = { value: unknown; expires: number };

const entries = new Map<string, Entry>();
/** Enough for the catalog's lists and every album; the oldest entry goes first beyond it. */
const MAX_ENTRIES = 200;

export async function remember<T>(key: string, ttlMs: number, compute: () => Promise<T>, now = Date.now()): Promise<T> {
  return rememberUntil(key, ttlMs, async () => ({ value: await compute(), changesAt: null }), now);
}

/**
 * Like remember, for a value that knows when it stops being right (a release time in the
 * catalog): kept until then at the latest.
 */
export async function rememberUntil<T>(
  key: string,
  ttlMs: number,
  compute: () => Promise<{ value: T; changesAt: number | null }>,
  now = Date.now(),
): Promise<T> {
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value as T;
  const { value, changesAt } = await compute();
  entries.delete(key);
  entries.set(key, { value, expires: Math.min(now + ttlMs, changesAt ?? Number.POSITIVE_INFINITY) });
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  return value;
}

/**
 * A value read once per isolate and key object (an assets binding), kept only once it is read and
 * `keep` accepts it. Until then every request reads it itself: workerd ties I/O to the request that
 * started it, so a promise of another request's read is cancelled with that request, and its
 * streams refuse anyone else ("Cannot perform I/O on behalf of a different request").
 */
export function keptOnceRead<K extends object, V>(keep: (value: V) => boolean = () => true) {
  const kept = new WeakMap<K, { value: V }>();
  return async (key: K, read: () => Promise<V>): Promise<V> => {
    const hit = kept.get(key);
    if (hit) return hit.value;
    const value = await read();
    if (keep(value)) kept.set(key, { value });
    return value;
  };
}

/** Drops every entry whose key starts with `prefix`. */
export function forget(prefix: string) {
  for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
}
