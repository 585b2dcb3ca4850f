// Reads what was dropped into the import's plan input: each file's kind by its first bytes, an
// audio file's tags, a lyrics sidecar's text; a ZIP is opened and its entries read the same way.
// One file at a time, so only one file's tags are being parsed at once.
import type { DroppedFile } from "./dropped";
import type { ScannedFile } from "./model";
import type { HeldFile } from "./plan";
import { readTags } from "./readTags";
import { isAudio, sniffFile } from "./sniff";
import { zipEntries } from "./unzip";

/** A lyrics sidecar larger than this is no lyrics file. */
const LYRICS_MAX_BYTES = 256 * 1024;

export type Scan = { files: ScannedFile[]; held: Map<string, HeldFile> };

const nameOf = (path: string) => path.slice(path.lastIndexOf("/") + 1);

export async function scanDropped(dropped: readonly DroppedFile[], onProgress: (done: number, total: number) => void): Promise<Scan> {
  const scan: Scan = { files: [], held: new Map() };
  let total = dropped.length;
  let done = 0;
  const read = async ({ path, blob }: DroppedFile) => {
    const kind = await sniffFile(blob, nameOf(path));
    const file: ScannedFile = { id: `f${scan.files.length}`, path, size: blob.size, kind };
    if (kind === "zip") {
      const entries: DroppedFile[] = [];
      for await (const entry of zipEntries(blob)) entries.push({ path: `${path.replace(/\.zip$/i, "")}/${entry.path}`, blob: entry.blob });
      total += entries.length;
      for (const entry of entries) await read(entry);
      return;
    }
    if (isAudio(kind)) {
      try {
        file.tags = await readTags(blob);
      } catch {
        file.unreadable = true;
      }
    } else if (kind === "lyrics" && blob.size <= LYRICS_MAX_BYTES) file.text = await blob.text();
    scan.files.push(file);
    const { cover, sampleRate } = file.tags ?? {};
    scan.held.set(file.id, { blob, name: nameOf(path), kind, ...(sampleRate ? { sampleRate } : {}), ...(cover ? { embeddedCover: cover } : {}) });
    done++;
    onProgress(done, total);
  };
  for (const item of dropped) await read(item);
  return scan;
}
