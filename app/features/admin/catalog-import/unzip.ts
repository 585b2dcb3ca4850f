// A dropped ZIP's entries, inflated as the zip streams in (fflate's streaming Unzip): only the
// entry being inflated is in memory, and each finished entry becomes a Blob (the browser keeps
// large Blobs on disk), so the whole archive is never inflated at once.

/** Folders, macOS resource forks and hidden files are not part of a release. */
const SKIPPED = /(^|\/)(__MACOSX\/|\.)/;

export async function* zipEntries(zip: Blob): AsyncGenerator<{ path: string; blob: Blob }> {
  const { Unzip, UnzipInflate } = await import("fflate");
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  const finished: { path: string; blob: Blob }[] = [];
  let failure: Error | null = null;
  unzip.onfile = (entry) => {
    if (entry.name.endsWith("/") || SKIPPED.test(entry.name)) return;
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    entry.ondata = (error, chunk, final) => {
      if (error) failure = error;
      else chunks.push(chunk as Uint8Array<ArrayBuffer>);
      if (final && !error) finished.push({ path: entry.name, blob: new Blob(chunks) });
    };
    entry.start();
  };
  const reader = zip.stream().getReader();
  for (;;) {
    const { value, done } = await reader.read();
    unzip.push(done ? new Uint8Array(0) : value, done);
    if (failure) throw failure;
    while (finished.length) yield finished.shift()!;
    if (done) return;
  }
}
