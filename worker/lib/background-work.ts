// Work the Worker leaves running after it has answered: a request's waitUntil (notifications,
// feed events, page views), and a queue batch still being handled. Each promise goes to the
// platform as before and is also counted here until it settles, so whatever must see a quiet
// Worker can wait for it: the Worker tests do, before the next file empties the storage that
// work is still writing to.
const running = new Set<Promise<unknown>>();

/** Counts `work` until it settles, and hands it back. */
export function track<T>(work: Promise<T>): Promise<T> {
  running.add(work);
  const done = () => running.delete(work);
  work.then(done, done);
  return work;
}

/** `ctx` with every waitUntil counted (Hono reads waitUntil and passThroughOnException). */
export function trackedContext(ctx: ExecutionContext): ExecutionContext {
  return {
    waitUntil: (work: Promise<unknown>) => ctx.waitUntil(track(work)),
    passThroughOnException: () => ctx.passThroughOnException(),
    props: ctx.props,
  } as ExecutionContext;
}

/**
 * Resolves once nothing counted is running, including work started by work that ended meanwhile.
 * @internal
 */
export async function backgroundWorkSettled(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}
