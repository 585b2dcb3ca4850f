// A contest's stems as one ZIP streamed to the member: each stem read from R2 a chunk at a time and
// STORED (audio does not compress, and deflating would cost CPU for nothing) through fflate's
// streaming Zip, which writes each file's CRC and sizes after its bytes, so nothing is held whole.
// The contest's rules and licence go in as a text file, as the stems come with them. Backpressure:
// the next chunk is read only once the response's stream wants more.
import { Zip, ZipPassThrough } from "fflate";

/** A file of the archive: a stored object, or bytes made on the spot (the licence). */
export type StemsZipFile = { name: string; modified: number } & ({ key: string } | { bytes: Uint8Array });

/** The name a stem has in the ZIP: its own, with its format's extension when it lacks it. */
export const stemFileName = (name: string, format: string) => (name.toLowerCase().endsWith(`.${format}`) ? name : `${name}.${format}`);

export function stemsZipStream(bucket: R2Bucket, files: readonly StemsZipFile[]): ReadableStream<Uint8Array> {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  let zipError: Error | null = null;
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      zipError = err;
      return;
    }
    writer.write(chunk).catch(() => {});
    if (final) writer.close().catch(() => {});
  });

  const push = async (entry: ZipPassThrough, chunk: Uint8Array, last: boolean) => {
    entry.push(chunk, last);
    if (zipError) throw zipError;
    await writer.ready;
  };

  const write = async () => {
    for (const file of files) {
      const entry = new ZipPassThrough(file.name);
      entry.mtime = file.modified;
      if ("bytes" in file) {
        zip.add(entry);
        await push(entry, file.bytes, true);
        continue;
      }
      const object = await bucket.get(file.key);
      if (!object) throw new Error(`stems zip: ${file.key} is missing`);
      zip.add(entry);
      const reader = object.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        await push(entry, value, false);
      }
      await push(entry, new Uint8Array(0), true);
    }
    zip.end();
    if (zipError) throw zipError;
  };
  // A failure midway aborts the response's body, so the member's download fails rather than
  // ending as a ZIP with files missing.
  write().catch((err: unknown) => writer.abort(err).catch(() => {}));
  return readable;
}
