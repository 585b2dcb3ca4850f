// Reading an MP4's box tree in tests of the generated demo videos: each box's type, where its
// body starts and where it ends, with the sizes checked as they are read.
import { expect } from "vitest";

export type Box = { type: string; start: number; body: number; end: number };

/** The boxes between `start` and `end` (64-bit and to-the-end sizes included). */
export function boxesIn(buffer: Buffer, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  for (let offset = start; offset < end;) {
    let size = buffer.readUInt32BE(offset);
    const type = buffer.toString("latin1", offset + 4, offset + 8);
    let header = 8;
    if (size === 1) {
      size = Number(buffer.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) size = end - offset;
    expect(size).toBeGreaterThanOrEqual(header);
    expect(offset + size).toBeLessThanOrEqual(end);
    boxes.push({ type, start: offset, body: offset + header, end: offset + size });
    offset += size;
  }
  return boxes;
}

/** The box at `path` below `parent` (first match at each level); throws when one is missing. */
export function child(buffer: Buffer, parent: Box, ...path: string[]): Box {
  let box = parent;
  for (const type of path) {
    const found = boxesIn(buffer, box.body, box.end).find((b) => b.type === type);
    if (!found) throw new Error(`no ${type} in ${box.type}`);
    box = found;
  }
  return box;
}
