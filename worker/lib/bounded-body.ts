// Reading a whole request body up to a byte limit, counting the bytes that actually arrive: a
// Content-Length may understate the body (hono's bodyLimit trusts it when present), and a body
// sent without one is only known by reading it. Each caller names its limit and the error a body
// over it gets (a 413 with the area's own code and text, or an upload's "incomplete").

/**
 * The body's bytes, or `tooLarge()` thrown as soon as more than `maxBytes` have arrived (the rest
 * is cancelled, never buffered). A request without a body is zero bytes.
 */
export async function readBoundedBody(body: ReadableStream<Uint8Array> | null, maxBytes: number, tooLarge: () => Error): Promise<Uint8Array<ArrayBuffer>> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw tooLarge();
      parts.push(value);
    }
  } catch (err) {
    await reader.cancel().catch(() => {});
    throw err;
  }
  return concatBytes(parts);
}

/** The chunks as one array. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}
