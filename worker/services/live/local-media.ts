// The local live source's files in R2 (decision 113): the manifest the demo media step writes at
// live/demo/manifest.json, kept a minute per isolate (the playlist is asked for every few seconds
// by every viewer), and the files its segments name.
import type { AppEnv } from "../../env";
import { parseLiveManifest, type LiveManifest } from "../../lib/hls-live";
import { LIVE_DEMO_MANIFEST_KEY } from "#contracts/live-limits.ts";

const KEEP_MS = 60_000;
let kept: { manifest: LiveManifest; until: number } | null = null;

/** The manifest, or null when it is missing or not one (the token route answers live_media_missing). */
export async function readLiveManifest(env: AppEnv, now = Date.now()): Promise<LiveManifest | null> {
  if (kept && kept.until > now) return kept.manifest;
  const object = await env.MEDIA.get(LIVE_DEMO_MANIFEST_KEY);
  const manifest = object ? parseLiveManifest(await object.text()) : null;
  kept = manifest ? { manifest, until: now + KEEP_MS } : null;
  return manifest;
}

/**
 * Forget the kept manifest (tests that write a new one).
 * @internal
 */
export const forgetLiveManifest = () => {
  kept = null;
};
