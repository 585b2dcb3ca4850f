// A master's channels as the stereo (or mono) its streaming MP3 carries. A 5.1 master (WAV and
// WebAudio's order: L, R, C, LFE, Ls, Rs) is folded down with the ITU-R BS.775 coefficients, the
// centre and each surround at -3 dB into its side and the LFE left out, rather than keeping only its
// front pair and losing the voice, which 5.1 mixes put in the centre.

const MINUS_3_DB = Math.SQRT1_2;
const FIVE_ONE = 6;

/** Left and right of samples `from` to `to`, before any gain. */
function fold(channels: Float32Array[], i: number): [number, number] {
  const [l, r, c, , ls, rs] = channels as [Float32Array, Float32Array, Float32Array, Float32Array, Float32Array, Float32Array];
  return [l[i]! + MINUS_3_DB * (c[i]! + ls[i]!), r[i]! + MINUS_3_DB * (c[i]! + rs[i]!)];
}

/**
 * The gain that keeps a 5.1 fold-down's loudest sample within full scale (1 when it already is, and
 * for every other layout): one pass over the track, so its level stays the same from start to end.
 */
export function downmixGain(channels: Float32Array[]): number {
  if (channels.length !== FIVE_ONE) return 1;
  let peak = 0;
  for (let i = 0; i < channels[0]!.length; i++) {
    const [left, right] = fold(channels, i);
    peak = Math.max(peak, Math.abs(left), Math.abs(right));
  }
  return peak > 1 ? 1 / peak : 1;
}

/** The MP3's channels for samples `from` to `to`: mono stays mono, a 5.1 master is folded down, any other keeps its first two. */
export function stereoBlock(channels: Float32Array[], from: number, to: number, gain: number): { left: Float32Array; right?: Float32Array } {
  if (channels.length === 1) return { left: channels[0]!.slice(from, to) };
  if (channels.length !== FIVE_ONE) return { left: channels[0]!.slice(from, to), right: channels[1]!.slice(from, to) };
  const end = Math.min(to, channels[0]!.length);
  const left = new Float32Array(Math.max(0, end - from));
  const right = new Float32Array(left.length);
  for (let i = from; i < end; i++) {
    const [l, r] = fold(channels, i);
    left[i - from] = l * gain;
    right[i - from] = r * gain;
  }
  return { left, right };
}
