// The zip's two outside stores, held in memory for the node tests of release zips: objects read in
// chunks as R2 hands a body out (and refused past their end, as a Range R2 cannot serve), and the
// checksums kept per object and ETag.
import type { ChecksumStore, ObjectSource, StoredChecksum } from "../../worker/services/store/release-zip";

/** Objects held in memory, read in chunks of `chunk` bytes; `reads` counts the reads. */
export function memorySource(objects: Record<string, Uint8Array>, chunk = 7_001): ObjectSource & { reads: number } {
  const source = {
    reads: 0,
    head: async (key: string) => (objects[key] ? { size: objects[key].length, etag: `etag-${key}` } : null),
    read: async (key: string, etag: string, offset: number, length: number) => {
      const bytes = objects[key];
      if (!bytes || etag !== `etag-${key}` || offset + length > bytes.length) return null;
      source.reads++;
      let at = offset;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (at >= offset + length) return controller.close();
          const end = Math.min(offset + length, at + chunk);
          controller.enqueue(bytes.slice(at, end));
          at = end;
        },
      });
    },
  };
  return source;
}

/** Stored checksums in memory, found only under the ETag they were saved with. */
export function memoryChecksums(): ChecksumStore & { rows: Map<string, StoredChecksum> } {
  const rows = new Map<string, StoredChecksum>();
  return {
    rows,
    find: async (wanted) => new Map(wanted.flatMap((o) => (rows.get(o.key)?.etag === o.etag ? [[o.key, rows.get(o.key)!.crc32] as const] : []))),
    save: async (saved) => saved.forEach((row) => rows.set(row.key, row)),
  };
}
