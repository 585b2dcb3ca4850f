// Reads made once per page render. A server-rendered page reads its data through the API routes'
// own functions, then its head (an album's or track's structured data) needs the same rows: inside
// a render, the second call gets the first call's answer instead of asking D1 again. Outside a
// render (an API request, a queue job) every call computes, as before: nothing outlives the page.
import { AsyncLocalStorage } from "node:async_hooks";

const scope = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs `work` with a memo of its own, dropped when it ends. */
export function withRequestMemo<T>(work: () => T): T {
  return scope.run(new Map(), work);
}

/** `compute()`'s answer, shared by every call with the same key in the same render. */
export function oncePerRequest<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const memo = scope.getStore();
  if (!memo) return compute();
  const known = memo.get(key);
  if (known) return known as Promise<T>;
  const value = compute();
  memo.set(key, value);
  // A failed read is not remembered: the next caller asks again.
  value.catch(() => memo.delete(key));
  return value;
}
