// A track's preview: a file of its own in R2, cut from the track's audio the first time anyone asks
// for it (lib/audio-preview.ts), so the preview URL can only ever serve the preview's bytes. The
// cut is remembered in tracks.preview_key and forgotten (its file deleted) when the audio, the
// start or the switch changes (db/music/admin-catalog.ts), so the next request cuts it again.
import type { DB } from "../../db/client";
import { findPreviewSource, storePreviewKey, type PreviewSource } from "../../db/music/music";
import { cutAudioPreview } from "../../lib/audio-preview";
import { previewFormatOf } from "../../lib/audio-probe";
import { PREVIEW_SECONDS } from "#contracts/music/music.ts";
import { checkRemoteAudioUrl, fetchRemoteAudio, parseAllowedHosts, REMOTE_AUDIO_MAX_BYTES } from "./audio-proxy";

export type Preview = { key: string; startSeconds: number; durationSeconds: number };

export type PreviewOutcome = { kind: "ok"; preview: Preview } | { kind: "unknown_track" } | { kind: "unavailable" };

type PreviewEnv = { MEDIA: R2Bucket; AUDIO_PROXY_HOSTS?: string };

/** Where the preview's timing travels with the file, so serving a stored cut needs no other read. */
const timingOf = (object: R2Object): Omit<Preview, "key"> | null => {
  const start = Number(object.customMetadata?.startSeconds);
  const duration = Number(object.customMetadata?.durationSeconds);
  return Number.isFinite(start) && Number.isFinite(duration) ? { startSeconds: start, durationSeconds: duration } : null;
};

/** The track's audio bytes, from R2 or from an allowed remote host; null when there are none. */
async function audioBytes(env: PreviewEnv, audioKey: string): Promise<Uint8Array | null> {
  if (audioKey.startsWith("https://")) {
    const allowed = parseAllowedHosts(env.AUDIO_PROXY_HOSTS);
    const response = await fetchRemoteAudio(checkRemoteAudioUrl(audioKey, allowed), { allowed });
    if (!response.ok) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    return bytes.byteLength <= REMOTE_AUDIO_MAX_BYTES ? bytes : null;
  }
  const object = await env.MEDIA.get(audioKey);
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
}

/** Cuts the preview of `source` and stores it in R2; null when the audio cannot be cut. */
async function cutAndStore(env: PreviewEnv, trackId: string, source: PreviewSource): Promise<Preview | null> {
  if (!source.audioKey || !previewFormatOf(source.audioKey)) return null;
  const bytes = await audioBytes(env, source.audioKey);
  const cut = bytes && cutAudioPreview(bytes, source.previewStartSeconds, PREVIEW_SECONDS);
  if (!cut) return null;
  // A name of its own per cut: a cut made for an older start never stands in for a newer one.
  const key = `previews/${trackId}.${crypto.randomUUID().slice(0, 8)}.${cut.format}`;
  const timing = { startSeconds: cut.startSeconds, durationSeconds: cut.durationSeconds };
  await env.MEDIA.put(key, cut.bytes, {
    httpMetadata: { contentType: cut.mime },
    customMetadata: { startSeconds: String(timing.startSeconds), durationSeconds: String(timing.durationSeconds) },
  });
  return { key, ...timing };
}

/** The track's preview, cut now if it has not been yet. */
export async function previewOf(env: PreviewEnv, db: DB, trackId: string): Promise<PreviewOutcome> {
  const source = await findPreviewSource(db, trackId);
  // Before its early access a track does not exist for the public; in early access only VIPs hear
  // it, in full, and nobody gets a preview.
  if (!source || source.state === "hidden") return { kind: "unknown_track" };
  if (!source.previewEnabled || !source.audioKey || source.state === "early") return { kind: "unavailable" };
  if (source.previewKey) {
    const head = await env.MEDIA.head(source.previewKey);
    const timing = head && timingOf(head);
    if (timing) return { kind: "ok", preview: { key: source.previewKey, ...timing } };
  }
  // No cut yet, or its file is gone: cut again.
  const fresh = await cutAndStore(env, trackId, source);
  if (!fresh) return { kind: "unavailable" };
  // Two first listeners at once both cut; the first stored wins and the other's file goes.
  if (!(await storePreviewKey(db, trackId, fresh.key, source))) {
    await env.MEDIA.delete(fresh.key);
    const winner = await findPreviewSource(db, trackId);
    const head = winner?.previewKey ? await env.MEDIA.head(winner.previewKey) : null;
    const timing = head && timingOf(head);
    return winner?.previewKey && timing ? { kind: "ok", preview: { key: winner.previewKey, ...timing } } : { kind: "unavailable" };
  }
  return { kind: "ok", preview: fresh };
}
