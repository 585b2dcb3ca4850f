// The one reader of a whole request body up to a byte limit (readBoundedBody, worker/lib/bounded-body.ts),
// which image uploads, catalog pictures and the contacts import share: it counts what arrives,
// whatever Content-Length says, and stops reading once the limit is passed.
import { describe, expect, it } from "vitest";
import { readBoundedBody } from "../../worker/lib/bounded-body";

class TooLarge extends Error {}
const tooLarge = () => new TooLarge("too large");

/** A body of these chunks; `cancelled` says whether the reader gave the rest up. */
function streamOf(chunks: number[][]) {
  const state = { cancelled: false, pulled: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks[state.pulled++];
      if (next) controller.enqueue(new Uint8Array(next));
      else controller.close();
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { body, state };
}

describe("a bounded body", () => {
  it("is read whole, chunk after chunk, up to the limit itself", async () => {
    const { body } = streamOf([[1, 2], [3], [4, 5]]);
    expect([...(await readBoundedBody(body, 5, tooLarge))]).toEqual([1, 2, 3, 4, 5]);
  });

  it("is refused once a byte past the limit arrives, and the rest is cancelled unread", async () => {
    const { body, state } = streamOf([[1, 2], [3, 4], [5], [6]]);
    await expect(readBoundedBody(body, 3, tooLarge)).rejects.toBeInstanceOf(TooLarge);
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(4);
  });

  it("is zero bytes for a request without one", async () => {
    expect((await readBoundedBody(null, 10, tooLarge)).byteLength).toBe(0);
  });

  it("counts the bytes that arrive, not the declared Content-Length", async () => {
    const request = new Request("https://fans.example/api/uploads/avatar", {
      method: "POST",
      body: new Uint8Array(64),
      headers: { "content-length": "8" },
    });
    await expect(readBoundedBody(request.body, 16, tooLarge)).rejects.toBeInstanceOf(TooLarge);
  });

  it("passes a failed read on after cancelling the body", async () => {
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error("connection lost"));
      },
    });
    await expect(readBoundedBody(body, 10, tooLarge)).rejects.toThrow("connection lost");
  });
});
