// Writes an object to R2 as it is produced, without holding it whole: bytes collect into fixed
// parts (R2 wants every part but the last of one size, at least 5 MiB) uploaded one by one; an
// object smaller than one part is a single put. A failure aborts the upload, leaving nothing.
export const PART_BYTES = 8 * 1024 * 1024;

export type Write = (bytes: Uint8Array) => Promise<void>;

export async function writeInParts(
  bucket: R2Bucket,
  key: string,
  options: R2PutOptions,
  produce: (write: Write) => Promise<unknown>,
  partBytes = PART_BYTES,
): Promise<number> {
  const part = new Uint8Array(partBytes);
  let filled = 0;
  let total = 0;
  let upload: R2MultipartUpload | null = null;
  const parts: R2UploadedPart[] = [];

  const flush = async (bytes: Uint8Array) => {
    upload ??= await bucket.createMultipartUpload(key, options);
    parts.push(await upload.uploadPart(parts.length + 1, bytes));
  };

  const write: Write = async (bytes) => {
    total += bytes.length;
    let at = 0;
    while (at < bytes.length) {
      const take = Math.min(partBytes - filled, bytes.length - at);
      part.set(bytes.subarray(at, at + take), filled);
      filled += take;
      at += take;
      if (filled === partBytes) {
        await flush(part.slice());
        filled = 0;
      }
    }
  };

  try {
    await produce(write);
    if (!upload) {
      await bucket.put(key, part.subarray(0, filled), options);
      return total;
    }
    if (filled > 0) await flush(part.subarray(0, filled));
    await (upload as R2MultipartUpload).complete(parts);
    return total;
  } catch (err) {
    if (upload) await (upload as R2MultipartUpload).abort().catch(() => undefined);
    throw err;
  }
}

/** An R2 body as the chunks it arrives in. */
export async function* chunksOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
