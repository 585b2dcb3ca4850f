// A streamed request body for tests of refusals the Worker makes before reading the body (a declared
// size over the cap, no Content-Length).
//
// workerd pumps a JavaScript stream into the request a chunk at a time, reading ahead of the Worker.
// When the Worker answers while a chunk is still being pumped, that write fails and workerd logs it
// with a stack ("read end of pipe was aborted"), although nothing went wrong: an HTTP client would
// just see the connection end. So this body sends nothing until the test has its answer and ends
// it: the answer can only come from the headers. A Worker that waited for the body instead would
// never answer, and the test would fail on its timeout.
//
// A test whose Worker reads part of a body before refusing it sends a buffer instead (with
// `transfer-encoding: chunked` when it must arrive without a Content-Length): workerd does not log
// the unread rest of a buffer.

export type HeldBody = {
  stream: ReadableStream<Uint8Array>;
  /** Ends the body (empty) once the test has its answer. */
  end: () => void;
};

/** A body that sends nothing, and ends (empty) when the test says so. */
export function heldBody(): HeldBody {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        await ended;
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, end };
}
