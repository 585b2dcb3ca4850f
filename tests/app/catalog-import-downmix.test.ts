// A 5.1 master's streaming MP3 carries its whole mix folded to stereo (ITU-R BS.775: centre and
// surrounds at -3 dB, LFE left out, scaled only when the fold would clip), not its front pair alone.
import { describe, expect, it } from "vitest";
import { downmixGain, stereoBlock } from "../../app/features/admin/catalog-import/downmix";

const k = Math.SQRT1_2;
/** Six channels of `length` samples, each channel's samples all `levels[c]`. */
const fiveOne = (levels: number[], length = 4) => levels.map((v) => new Float32Array(length).fill(v));

describe("downmix of a 5.1 master", () => {
  it("folds centre and each surround into its side at -3 dB and drops the LFE", () => {
    const channels = fiveOne([0.1, 0.2, 0.3, 0.9, 0.05, 0.07]);
    expect(downmixGain(channels)).toBe(1);
    const { left, right } = stereoBlock(channels, 1, 3, 1);
    expect(left).toHaveLength(2);
    expect(left[0]).toBeCloseTo(0.1 + k * (0.3 + 0.05), 6);
    expect(right![1]).toBeCloseTo(0.2 + k * (0.3 + 0.07), 6);
  });

  it("scales the whole track down by its loudest folded sample when the fold would clip", () => {
    const channels = fiveOne([0.8, 0.2, 0.6, 0, 0.5, 0.1]);
    const peak = 0.8 + k * (0.6 + 0.5);
    expect(downmixGain(channels)).toBeCloseTo(1 / peak, 6);
    const { left, right } = stereoBlock(channels, 0, 4, downmixGain(channels));
    expect(left[3]).toBeCloseTo(1, 5);
    expect(right![0]).toBeCloseTo((0.2 + k * (0.6 + 0.1)) / peak, 5);
  });

  it("keeps mono as mono and stereo as it is, and stops at the track's end", () => {
    const mono = [new Float32Array([0.1, 0.2, 0.3])];
    expect(stereoBlock(mono, 1, 10, 1)).toEqual({ left: new Float32Array([0.2, 0.3]) });
    const stereo = [new Float32Array([0.1, 0.2]), new Float32Array([0.3, 0.4])];
    expect(downmixGain(stereo)).toBe(1);
    expect(stereoBlock(stereo, 0, 2, 1)).toEqual({ left: new Float32Array([0.1, 0.2]), right: new Float32Array([0.3, 0.4]) });
    expect(stereoBlock(fiveOne([0, 0, 0, 0, 0, 0], 3), 2, 100, 1).left).toHaveLength(1);
  });
});
