// Types for generate-demo-media.mjs.
import type { RadioStation, TvChannel } from "./broadcast.mjs";
import type { CatalogAlbum } from "./catalog.mjs";
import type { DemoContestEntryAudio, DemoContestStemAudio } from "../lib/demo-contests.mjs";
export type DemoMediaKind =
  | "audio"
  | "master"
  | "master-flac"
  | "cover"
  | "station-image"
  | "tv-thumb"
  | "video"
  | "site-image"
  | "site-video"
  | "captions"
  | "live-source";
export type DemoMediaFile = {
  key: string;
  path: string;
  contentType: "audio/mpeg" | "audio/wav" | "image/png" | "image/jpeg" | "video/mp4" | "text/vtt" | "application/json" | "video/iso.segment";
  bytes: number;
};
export type DemoMediaRender = { id: string; kind: DemoMediaKind; key: string; bytes: number; ms: number };
export type DemoMediaResult = { files: DemoMediaFile[]; generated: number; cached: number; ms: number; rendered: DemoMediaRender[] };
export type DemoMediaJob = { id: string; kind: DemoMediaKind; key: string; file: string; input: Record<string, unknown> };
export const DEFAULT_OUT_DIR: string;
export const MAX_VIDEO_BYTES: number;
/** The built-in catalog and the local demo's coming album: every release the local seed puts in. */
export const DEMO_MEDIA_CATALOG: CatalogAlbum[];
export function demoMediaJobs(
  catalog: CatalogAlbum[],
  outDir: string,
  more?: {
    stations?: RadioStation[];
    channels?: TvChannel[];
    site?: boolean;
    masters?: string[];
    live?: boolean;
    contestEntries?: DemoContestEntryAudio[];
    contestStems?: DemoContestStemAudio[];
  },
): Promise<DemoMediaJob[]>;
export function renderJob(job: DemoMediaJob): Promise<number>;
export function generateDemoMedia(options?: {
  outDir?: string;
  catalog?: CatalogAlbum[];
  stations?: RadioStation[];
  channels?: TvChannel[];
  site?: boolean;
  /** Ids of the releases whose tracks get a WAV master (default: DEMO_MASTER_RELEASES with the built-in catalog, none otherwise). */
  masters?: string[];
  /** The live shows' demo source (default: with the built-in catalog only). */
  live?: boolean;
  /** The demo contests' entries' remixes (default: DEMO_CONTEST_ENTRY_AUDIO with the built-in catalog only). */
  contestEntries?: DemoContestEntryAudio[];
  /** The demo contests' stems, WAVs (default: DEMO_CONTEST_STEM_AUDIO with the built-in catalog only). */
  contestStems?: DemoContestStemAudio[];
  threads?: number;
  force?: boolean;
}): Promise<DemoMediaResult>;
export function liveSourceLine(result: DemoMediaResult): string;
