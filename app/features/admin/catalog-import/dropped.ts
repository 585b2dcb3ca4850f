// The files of a dropped folder or a picked one, each with its path inside it: a directory picker
// gives `webkitRelativePath`; a drop gives entries to walk (FileSystemDirectoryEntry).

export type DroppedFile = { path: string; blob: Blob };

export function pickedFiles(list: FileList | readonly File[]): DroppedFile[] {
  return [...list].map((file) => ({ path: file.webkitRelativePath || file.name, blob: file }));
}

const fileOf = (entry: FileSystemFileEntry) => new Promise<File>((resolve, reject) => entry.file(resolve, reject));

async function childrenOf(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const all: FileSystemEntry[] = [];
  // readEntries answers in batches (100 in Chromium) until an empty one.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

async function walk(entry: FileSystemEntry, out: DroppedFile[]): Promise<void> {
  if (entry.isFile) out.push({ path: entry.fullPath.replace(/^\//, ""), blob: await fileOf(entry as FileSystemFileEntry) });
  else if (entry.isDirectory) for (const child of await childrenOf(entry as FileSystemDirectoryEntry)) await walk(child, out);
}

/** Every file of what was dropped: folders walked, loose files as they are. */
export async function droppedFiles(transfer: DataTransfer): Promise<DroppedFile[]> {
  // The entries must be taken before the first await: the DataTransfer empties after the event.
  const entries = [...transfer.items].map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.every((e) => e === null)) return pickedFiles(transfer.files);
  const out: DroppedFile[] = [];
  for (const entry of entries) if (entry) await walk(entry, out);
  return out;
}
