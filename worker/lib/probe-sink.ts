// What a media probe needs of an uploaded file that streams through the Worker: its first bytes
// (type and header), its last bytes (an Ogg stream's last page, an ID3v1 tag), its size, and the
// start of an MP4 moov box wherever it lies. Only those are kept, never the whole file.
import { MoovWatcher } from "./mp4";

export type Probe = {
  head: Uint8Array;
  tail: Uint8Array;
  /** The whole file's size in bytes. */
  size: number;
  /** The start of the top-level moov box (MP4/M4A), when one went by. */
  moov: Uint8Array | null;
};

export const PROBE_HEAD_BYTES = 1024 * 1024;
/** An Ogg page is at most 65,307 bytes: twice that always holds a whole last page. */
export const PROBE_TAIL_BYTES = 128 * 1024;

function concat(parts: Uint8Array[], total = parts.reduce((n, p) => n + p.length, 0)): Uint8Array {
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export class ProbeSink {
  private headParts: Uint8Array[] = [];
  private headLength = 0;
  /** The last bytes, as a ring: `tailAt` is where the next byte goes. */
  private readonly tail = new Uint8Array(PROBE_TAIL_BYTES);
  private tailAt = 0;
  private size = 0;
  private readonly moov = new MoovWatcher();

  /** `headBytes`: at least what type detection looked at, so the probe sees the same bytes. */
  constructor(private readonly headBytes = PROBE_HEAD_BYTES) {}

  push(chunk: Uint8Array) {
    if (chunk.length === 0) return;
    if (this.headLength < this.headBytes) {
      const part = chunk.slice(0, this.headBytes - this.headLength);
      this.headParts.push(part);
      this.headLength += part.length;
    }
    this.moov.push(chunk, this.size);
    this.size += chunk.length;
    this.keepTail(chunk);
  }

  private keepTail(chunk: Uint8Array) {
    const last = chunk.subarray(Math.max(0, chunk.length - PROBE_TAIL_BYTES));
    const first = Math.min(last.length, PROBE_TAIL_BYTES - this.tailAt);
    this.tail.set(last.subarray(0, first), this.tailAt);
    this.tail.set(last.subarray(first), 0);
    this.tailAt = (this.tailAt + last.length) % PROBE_TAIL_BYTES;
  }

  result(): Probe {
    const kept = Math.min(this.size, PROBE_TAIL_BYTES);
    const tail = concat(this.size < PROBE_TAIL_BYTES ? [this.tail.subarray(0, kept)] : [this.tail.subarray(this.tailAt), this.tail.subarray(0, this.tailAt)]);
    return { head: concat(this.headParts, this.headLength), tail, size: this.size, moov: this.moov.moov };
  }
}

/**
 * The probe of a file held whole in memory (tests, small files).
 * @internal
 */
export function probeBytes(bytes: Uint8Array): Probe {
  const sink = new ProbeSink();
  sink.push(bytes);
  return sink.result();
}
