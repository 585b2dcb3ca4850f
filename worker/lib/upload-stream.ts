// Raw-body uploads of catalog media. The request body is the file itself (no multipart), sent with
// its Content-Length: a size over the cap is refused before a byte is read, the first bytes decide
// the type, and audio and video then stream on into R2 (a FixedLengthStream of the declared size)
// while a ProbeSink keeps what the duration probes need. Nothing holds the whole file.
import { ApiError, routeError } from "./errors";
import { concatBytes, readBoundedBody } from "./bounded-body";
import { ProbeSink, PROBE_HEAD_BYTES, type Probe } from "./probe-sink";
import { UPLOAD_ERROR_CODES } from "#contracts/music/admin-catalog.ts";

export type UploadErrors = { tooLarge: string; wrongType: string };

const incomplete = () => routeError(UPLOAD_ERROR_CODES.incomplete);

/** The declared body size, checked against the cap before anything is read. */
export function declaredLength(request: Request, maxBytes: number, errors: UploadErrors): number {
  const header = request.headers.get("content-length");
  if (header === null || !/^\d{1,15}$/.test(header.trim())) throw routeError(UPLOAD_ERROR_CODES.lengthRequired);
  const length = Number(header.trim());
  if (length > maxBytes) throw routeError(UPLOAD_ERROR_CODES.tooLarge, { message: errors.tooLarge });
  if (length === 0 || !request.body) throw routeError(UPLOAD_ERROR_CODES.empty);
  return length;
}

export type Reader = ReadableStreamDefaultReader<Uint8Array>;

/** Reads until `wanted` bytes are in (or the body ends); more than `size` is an error. */
async function readAtLeast(reader: Reader, wanted: number, size: number, have: Uint8Array[] = []): Promise<{ bytes: Uint8Array; ended: boolean }> {
  let length = have.reduce((n, p) => n + p.length, 0);
  while (length < wanted) {
    const { done, value } = await reader.read();
    if (done) return { bytes: concatBytes(have), ended: true };
    have.push(value);
    length += value.length;
    if (length > size) throw incomplete();
  }
  return { bytes: concatBytes(have), ended: false };
}

/** A whole small file (an image), its declared size capped; the body must match that size. */
export async function readWholeBody(request: Request, maxBytes: number, errors: UploadErrors): Promise<Uint8Array> {
  const size = declaredLength(request, maxBytes, errors);
  // Bytes beyond the declared size are as incomplete an upload as bytes missing.
  const bytes = await readBoundedBody(request.body, size, incomplete);
  if (bytes.length !== size) throw incomplete();
  return bytes;
}

export type StreamedUpload<K> = { kind: K; key: string; size: number; probe: Probe };

export type StreamOptions<K extends { mime: string }> = {
  maxBytes: number;
  errors: UploadErrors;
  /** Bytes detection needs, given the first ones (an ID3 tag may ask for more). */
  sniffLength(head: Uint8Array): number;
  /** The kind the leading bytes are, or null to refuse the file. */
  detect(head: Uint8Array): K | null;
  /** The server-chosen R2 key for a file of this kind. */
  keyFor(kind: K): string;
  /** A cap on sniffLength, so no header can make the Worker buffer more. */
  maxSniffBytes: number;
};

/** The first bytes of a body of `size` bytes, as many as `sniffLength` asks for (at most `maxSniffBytes`). */
export async function readHead(
  reader: Reader,
  size: number,
  sniff: Pick<StreamOptions<{ mime: string }>, "sniffLength" | "maxSniffBytes">,
): Promise<Uint8Array> {
  try {
    const first = await readAtLeast(reader, Math.min(size, 4096), size);
    const wanted = Math.min(size, sniff.maxSniffBytes, Math.max(4096, sniff.sniffLength(first.bytes)));
    return first.ended ? first.bytes : (await readAtLeast(reader, wanted, size, [first.bytes])).bytes;
  } catch (err) {
    await reader.cancel().catch(() => {});
    throw err;
  }
}

/**
 * Writes `head` and then the rest of `reader` into a stream of exactly `size` bytes that `store`
 * consumes (R2 needs a streamed value's length up front), each chunk also shown to `seen`. A body
 * shorter or longer than `size` rejects with upload_incomplete; `store`'s own error stays as it is.
 */
export async function streamExactly<T>(
  reader: Reader,
  head: Uint8Array,
  size: number,
  store: (readable: ReadableStream<Uint8Array>) => Promise<T>,
  seen?: (chunk: Uint8Array) => void,
): Promise<T> {
  const { readable, writable } = new FixedLengthStream(size);
  const stored = store(readable);
  const writer = writable.getWriter();
  let written = 0;
  try {
    const write = async (chunk: Uint8Array) => {
      written += chunk.length;
      if (written > size) throw incomplete();
      seen?.(chunk);
      await writer.write(chunk);
    };
    if (head.length > 0) await write(head);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      await write(value);
    }
    if (written !== size) throw incomplete();
    await writer.close();
    return await stored;
  } catch (err) {
    await reader.cancel().catch(() => {});
    await writer.abort(err).catch(() => {});
    await stored.catch(() => {});
    throw err instanceof ApiError ? err : incomplete();
  }
}

/**
 * Streams the request body into R2 under a server-chosen key once its first bytes pass `detect`.
 * Throws 411/413/400/415 ApiErrors; a body shorter or longer than declared leaves nothing behind.
 */
export async function streamUploadToR2<K extends { mime: string }>(bucket: R2Bucket, request: Request, opts: StreamOptions<K>): Promise<StreamedUpload<K>> {
  const size = declaredLength(request, opts.maxBytes, opts.errors);
  const reader = request.body!.getReader();
  const head = await readHead(reader, size, opts);
  const kind = opts.detect(head);
  if (!kind) {
    await reader.cancel().catch(() => {});
    throw routeError(UPLOAD_ERROR_CODES.wrongType, { message: opts.errors.wrongType });
  }

  const key = opts.keyFor(kind);
  const sink = new ProbeSink(Math.max(PROBE_HEAD_BYTES, head.length));
  try {
    await streamExactly(
      reader,
      head,
      size,
      (readable) => bucket.put(key, readable, { httpMetadata: { contentType: kind.mime } }),
      (chunk) => sink.push(chunk),
    );
  } catch (err) {
    await bucket.delete(key).catch(() => {});
    throw err;
  }
  return { kind, key, size, probe: sink.result() };
}
