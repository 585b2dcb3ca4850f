// The streaming MP3's rate and bit rate, apart from the encoder so the page reads them without
// loading lamejs (only the Web Worker does).

/** The rates MPEG-1/2 layer III can carry; a hi-res master is resampled to the nearest family. */
const MP3_RATES = [48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000];
export const STREAMING_KBPS = 192;
/** Samples per MPEG-1 layer III frame. */
export const FRAME_SAMPLES = 1152;

/** The rate to decode a master at: its own when MP3 has it, else 44.1 or 48 kHz by family. */
export function mp3SampleRate(rate: number): number {
  if (MP3_RATES.includes(rate)) return rate;
  return rate % 11025 === 0 ? 44100 : 48000;
}
