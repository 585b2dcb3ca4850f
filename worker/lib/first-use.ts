// Modules imported with their first use rather than at start-up (decision 078): a Durable Object's
// frame schema with its first frame (most of what zod would build there), the areas' reactions with
// the first change of access; each declared where it is used. Each
// loader keeps the module once it has it, so only the first frame of an isolate awaits an import();
// every later one gets the kept module. The Worker tests load them all before any object runs
// (tests/worker/setup.ts): there an import() goes through the test pool's module runner, which one
// object cannot await on another's behalf.

const loaders: (() => Promise<unknown>)[] = [];

/** A module imported on first use and kept: later calls answer without another import(). */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let kept: T | undefined;
  const loader = async () => (kept ??= await load());
  loaders.push(loader);
  return loader;
}

/**
 * Loads every module declared so far, for a runtime that must have them all before the objects run.
 * @internal
 */
export const loadEveryFirstUse = () => Promise.all(loaders.map((load) => load()));
