// Publishing a contest's placed entry into the catalog (decision 197): its audio copied in R2 to the
// catalog's key shape (audio/<track>-<hex>.<ext>, which the catalog's own player route serves and
// a deleted track takes with it, while the entry keeps its own file), then one batch that writes
// the single, its track and credits, the product when sold, the release and its payees, and the
// audit row. A batch refused by a clash (a racing publish of the same entry) deletes its copy.
import type { DB } from "../../db/client";
import type { Actor } from "../../db/audit";
import type { ContestRow } from "../../db/contests/contests";
import type { EntryRow } from "../../db/contests/entries";
import { findRelease, idsTaken, isrcTaken, payeesOf, writeRelease, type NewRelease } from "../../db/contests/releases";
import { isUniqueViolation } from "../../db/d1";
import { catalogChanged, deleteObjects, keyFor } from "../media/catalog-uploads";
import { slugify, uniqueSlug } from "../../lib/slug";
import { newId } from "../../lib/crypto";
import { defaultReleaseTitle } from "#contracts/contests/release-limits.ts";
import type { ContestRelease, PublishValues } from "#contracts/contests/releases.ts";

export type PublishRefusal = "exists" | "isrc_taken" | "audio_missing";

const CONTENT_TYPES: Record<string, string> = { mp3: "audio/mpeg", wav: "audio/wav", flac: "audio/flac" };

/** Streams the entry's file into a new catalog key; null when the entry's file is gone. */
async function copyAudio(bucket: R2Bucket, from: string, trackId: string, format: string): Promise<string | null> {
  const source = await bucket.get(from);
  if (!source) return null;
  const key = keyFor("audio", trackId, format);
  // A stream of a known length, as R2 asks of a streamed put.
  const { readable, writable } = new FixedLengthStream(source.size);
  const piped = source.body.pipeTo(writable);
  await Promise.all([bucket.put(key, readable, { httpMetadata: { contentType: CONTENT_TYPES[format] ?? "audio/mpeg" } }), piped]);
  return key;
}

export async function publishEntry(
  { db, bucket, actor }: { db: DB; bucket: R2Bucket; actor: Actor },
  contest: ContestRow,
  entry: EntryRow,
  values: PublishValues,
  now = Date.now(),
): Promise<ContestRelease | PublishRefusal> {
  if (await findRelease(db, entry.id)) return "exists";
  if (values.isrc && (await isrcTaken(db, values.isrc))) return "isrc_taken";
  if (!entry.audio_key || !entry.audio_format) return "audio_missing";
  const title = values.title || defaultReleaseTitle(contest.trackTitle, entry.username);
  const base = slugify(title) || "remix";
  const albumId = uniqueSlug(base, await idsTaken(db, "albums", "id", base));
  const trackId = `${albumId}-1`;
  const slug = values.sale ? uniqueSlug(base, await idsTaken(db, "products", "slug", base)) : "";
  const audioKey = await copyAudio(bucket, entry.audio_key, trackId, entry.audio_format);
  if (!audioKey) return "audio_missing";
  const release: NewRelease = {
    contestId: contest.id,
    entryId: entry.id,
    remixOfTrackId: contest.trackId,
    albumId,
    trackId,
    title,
    year: new Date(now).getUTCFullYear(),
    audioKey,
    durationSeconds: entry.duration_seconds ?? 0,
    isrc: values.isrc,
    payees: await payeesOf(db, entry.id),
    sale: values.sale && { productId: newId(), slug, ...values.sale },
  };
  try {
    await writeRelease(db, actor, release, now);
  } catch (error) {
    await deleteObjects(bucket, [audioKey]);
    if (!isUniqueViolation(error)) throw error;
    if (isUniqueViolation(error, "tracks.isrc")) return "isrc_taken";
    // The entry released meanwhile, or its ids taken by a racing publish: either way not this one.
    return "exists";
  }
  catalogChanged();
  return (await findRelease(db, entry.id))!;
}
