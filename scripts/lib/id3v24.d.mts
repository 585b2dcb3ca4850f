import type { Mp3Tags } from "../../app/features/admin/catalog-import/id3v24";

export type { Mp3Tags };

export function id3v24Bytes(tags: Mp3Tags & { cover?: { mime: string; bytes: Uint8Array } | null }): Uint8Array;
