// The count of work left running after an answer (worker/lib/background-work.ts): the Worker
// tests wait on it before the next file empties the storage that work writes to.
import { describe, expect, it, vi } from "vitest";
import { backgroundWorkSettled, track, trackedContext } from "../../worker/lib/background-work";

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** Whether `promise` has settled after the microtasks queued so far. */
async function hasSettled(promise: Promise<unknown>) {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

describe("background work", () => {
  it("waits for tracked work, and for work that work starts before it ends", async () => {
    const first = deferred();
    const second = deferred();
    track(first.promise.then(() => void track(second.promise)));
    const quiet = backgroundWorkSettled();
    expect(await hasSettled(quiet)).toBe(false);
    first.resolve();
    expect(await hasSettled(quiet)).toBe(false);
    second.resolve();
    expect(await hasSettled(quiet)).toBe(true);
  });

  it("counts failed work as ended, without an unhandled rejection", async () => {
    const work = deferred();
    const handed = track(work.promise);
    work.reject(new Error("the notification could not be written"));
    await expect(handed).rejects.toThrow("could not be written");
    await backgroundWorkSettled();
  });

  it("hands each waitUntil on to the platform's context and counts it", async () => {
    const platform = { waitUntil: vi.fn(), passThroughOnException: vi.fn(), props: {} } as unknown as ExecutionContext;
    const work = deferred();
    trackedContext(platform).waitUntil(work.promise);
    expect(platform.waitUntil).toHaveBeenCalledWith(work.promise);
    const quiet = backgroundWorkSettled();
    expect(await hasSettled(quiet)).toBe(false);
    work.resolve();
    expect(await hasSettled(quiet)).toBe(true);
  });
});
