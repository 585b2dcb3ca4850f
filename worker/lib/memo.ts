// A small per-isolate cache of computed values, for public reads that many visitors repeat (the
// music catalog). Each isolate keeps its own copy, so a change shows up everywhere within the
// entry's time to live, and at once in the isolate that made it (forget()).

type Entry = { value: unknown; expires: number };

const entries = new Map<string, Entry>();
/** Enough for the catalog's lists and every album; the oldest entry goes first beyond it. */
const MAX_ENTRIES = 200;

export async function remember<T>(key: string, ttlMs: number, compute: () => Promise<T>, now = Date.now()): Promise<T> {
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value as T;
  const value = await compute();
  entries.delete(key);
  entries.set(key, { value, expires: now + ttlMs });
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  return value;
}

/** Drops every entry whose key starts with `prefix`. */
export function forget(prefix: string) {
  for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
}
