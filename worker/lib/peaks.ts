// A waveform's peaks: levels (any linear measure of loudness, one per block of sound) gathered as a
// file is read, then cut into a fixed number of buckets, each its loudest level scaled so the
// file's loudest is 255. A 10-minute file gives some 50 000 levels at most: a few hundred kB.
export const PEAK_COUNT = 200;

export class PeakCollector {
  private levels = new Float32Array(4096);
  private length = 0;

  add(level: number): void {
    if (this.length === this.levels.length) {
      const grown = new Float32Array(this.levels.length * 2);
      grown.set(this.levels);
      this.levels = grown;
    }
    this.levels[this.length++] = level;
  }

  /** `count` peaks, 0–255; all 0 for silence or no levels. */
  peaks(count = PEAK_COUNT): number[] {
    const n = this.length;
    const out: number[] = [];
    let loudest = 0;
    for (let i = 0; i < n; i++) loudest = Math.max(loudest, this.levels[i]!);
    for (let b = 0; b < count; b++) {
      const start = Math.floor((b * n) / count);
      const end = Math.max(Math.floor(((b + 1) * n) / count), Math.min(n, start + 1));
      let top = 0;
      for (let i = start; i < end; i++) top = Math.max(top, this.levels[i]!);
      out.push(loudest > 0 ? Math.round((top / loudest) * 255) : 0);
    }
    return out;
  }
}

/** Peaks as stored (two hex digits each) and back. */
export const peaksToText = (peaks: readonly number[]) => peaks.map((p) => p.toString(16).padStart(2, "0")).join("");
export const peaksFromText = (text: string | null): number[] | null =>
  text && /^(?:[0-9a-f]{2})+$/.test(text) ? Array.from({ length: text.length / 2 }, (_, i) => parseInt(text.slice(i * 2, i * 2 + 2), 16)) : null;
