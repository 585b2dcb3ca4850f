// Types for tagged-audio.mjs so TypeScript callers (the node and e2e suites) can import it.
export interface Cover {
  mime: string;
  bytes: Uint8Array;
  width?: number;
  height?: number;
}
export interface TimedLine {
  ms: number;
  text: string;
}
export interface Id3Tags {
  title?: string;
  album?: string;
  artist?: string;
  year?: string | number;
  track?: string;
  disc?: string;
  isrc?: string;
  composer?: string;
  lyricist?: string;
  producer?: string;
  lyrics?: string;
  synced?: TimedLine[];
  cover?: Cover;
}
export interface FlacOptions {
  seconds: number;
  sampleRate?: number;
  channels?: number;
  tags?: Record<string, string | number | readonly (string | number)[] | undefined>;
  cover?: Cover;
  seed?: number;
}
export function flacChunks(options: FlacOptions): Generator<Uint8Array>;
export function taggedFlac(options: FlacOptions): Uint8Array;
export function id3v24(tags: Id3Tags): Uint8Array;
export function testPcm(seconds: number, sampleRate?: number, seed?: number): Int16Array;
export function taggedMp3(options: { seconds: number; sampleRate?: number; tags?: Id3Tags; seed?: number }): Uint8Array;
export function taggedWav(options: {
  seconds: number;
  sampleRate?: number;
  channels?: number;
  tags?: Id3Tags;
  seed?: number;
  /** false: the tags only in LIST/INFO, as ffmpeg writes a WAV. */
  id3?: boolean;
  infoEncoding?: "utf-8" | "latin1";
}): Uint8Array;
export function lrcOf(lines: readonly TimedLine[]): string;
