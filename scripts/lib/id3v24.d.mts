import type { Id3Tags } from "../../worker/contracts/id3v24";

export type { Id3Tags };

export function id3v24Bytes(tags: Id3Tags<Uint8Array>): Uint8Array;
