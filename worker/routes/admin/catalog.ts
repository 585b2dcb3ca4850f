// /api/admin/catalog: the back office's catalog management (administrators only: the admin tree's
// gate runs first). Albums and tracks here, radio stations and TV channels in catalog-broadcast.ts.
// Every write is zod-checked, audited in the batch that makes it, and forgets the public catalog's
// memoized answers; media a write replaces or orphans is deleted from R2 after it.
import { Hono } from "hono";
import type { HonoEnv } from "../../types";
import { validate } from "../../lib/validate";
import { uploadBody } from "../../lib/upload-body";
import { AUDIO_MAX_BYTES, CATALOG_IMAGE_MAX_BYTES, MASTER_MAX_BYTES } from "#contracts/music/admin-catalog-limits.ts";
import { notFound, orConflict, routeError } from "../../lib/errors";
import { isForeignKeyViolation } from "../../db/d1";
import {
  createAlbum,
  createTrack,
  deleteAlbum,
  deleteTrack,
  findAlbumRow,
  findTrackRow,
  listAdminAlbums,
  reorderAlbums,
  reorderTracks,
  setTrackAudio,
  storedEarlyMinTier,
  updateAlbum,
  updateTrack,
} from "../../db/music/admin-catalog";
import type { DB } from "../../db/client";
import { checkMinTierChoice } from "../../services/tier-gate-check";
import {
  CATALOG_MESSAGES,
  albumCreateSchema,
  albumUpdateSchema,
  audioUrlSchema,
  catalogIdParamSchema,
  orderSchema,
  trackCreateSchema,
  trackUpdateSchema,
  type AdminAlbumResponse,
  type AdminAlbumsResponse,
  type AdminTrackResponse,
  type DeletedResponse,
  type TrackAudioResponse,
  CATALOG_REFUSALS,
} from "#contracts/music/admin-catalog.ts";
import { catalogChanged, checkRemoteUrl, deleteObjects, storeAudio, storeImage, storeMaster } from "../../services/media/catalog-uploads";
import { setTrackMaster } from "../../db/music/track-masters";
import { derivedKeyOf } from "../../services/media/master-formats";
import { actorOf } from "../../middleware/guards";
import { attachAlbumCover, attachTrackAudio, attachTrackMaster } from "../../services/media/catalog-attach";
import type { Context } from "hono";

/** Where an upload is put on its row: this request's database, bucket and admin. */
const attachIn = (c: Context<HonoEnv>) => ({ db: c.var.db, bucket: c.env.MEDIA, actor: actorOf(c), env: c.env });

const albumNotFound = () => notFound(CATALOG_MESSAGES.albumNotFound, "album_not_found");
const trackNotFound = () => notFound(CATALOG_MESSAGES.trackNotFound, "track_not_found");
const idParam = validate("param", catalogIdParamSchema);

/** A patch's early-access tier (decision 108): one the ladder has, not newly an archived one. Not sent: unchanged. */
async function checkEarlyTier(db: DB, kind: "album" | "track", id: string, chosen: string | null | undefined) {
  if (chosen === undefined) return;
  const stored = await storedEarlyMinTier(db, kind, id);
  if (stored === undefined) throw kind === "album" ? albumNotFound() : trackNotFound();
  await checkMinTierChoice(db, chosen, stored, "earlyMinTierId");
}

const albumRoutes = new Hono<HonoEnv>()
  .get("/albums", async (c) => c.json<AdminAlbumsResponse>({ albums: await listAdminAlbums(c.var.db) }))

  .post("/albums", validate("json", albumCreateSchema), async (c) => {
    const album = orConflict(await createAlbum(c.var.db, actorOf(c), c.req.valid("json")), CATALOG_REFUSALS);
    catalogChanged();
    return c.json<AdminAlbumResponse>({ album }, 201);
  })

  .put("/albums/order", validate("json", orderSchema), async (c) => {
    const albums = orConflict(await reorderAlbums(c.var.db, actorOf(c), c.req.valid("json").ids), CATALOG_REFUSALS);
    catalogChanged();
    return c.json<AdminAlbumsResponse>({ albums });
  })

  .patch("/albums/:id", idParam, validate("json", albumUpdateSchema), async (c) => {
    await checkEarlyTier(c.var.db, "album", c.req.valid("param").id, c.req.valid("json").earlyMinTierId);
    const album = await updateAlbum(c.var.db, actorOf(c), c.req.valid("param").id, c.req.valid("json"));
    if (!album) throw albumNotFound();
    catalogChanged();
    return c.json<AdminAlbumResponse>({ album });
  })

  .delete("/albums/:id", idParam, async (c) => {
    const { id } = c.req.valid("param");
    const deleted = await unlessInStore(deleteAlbum(c.var.db, actorOf(c), id));
    if (!deleted) throw albumNotFound();
    catalogChanged();
    await deleteObjects(c.env.MEDIA, deleted.r2Keys);
    return c.json<DeletedResponse>({ deleted: id, retiredTracks: deleted.retiredTracks });
  })

  // The body is the image itself (JPEG, PNG or WebP, at most 2 MB).
  .put("/albums/:id/cover", idParam, uploadBody(CATALOG_IMAGE_MAX_BYTES), async (c) => {
    const { id } = c.req.valid("param");
    const album = await findAlbumRow(c.var.db, id);
    if (!album) throw albumNotFound();
    const key = await storeImage(c, "covers", id);
    const swapped = await attachAlbumCover(attachIn(c), id, key, album.coverKey);
    if (!swapped) throw albumNotFound();
    return c.json<AdminAlbumResponse>({ album: swapped.album });
  })

  .post("/albums/:id/tracks", idParam, validate("json", trackCreateSchema), async (c) => {
    const track = orConflict(await createTrack(c.var.db, actorOf(c), c.req.valid("param").id, c.req.valid("json")), CATALOG_REFUSALS);
    if (!track) throw albumNotFound();
    catalogChanged();
    return c.json<AdminTrackResponse>({ track }, 201);
  })

  .put("/albums/:id/tracks/order", idParam, validate("json", orderSchema), async (c) => {
    const album = orConflict(await reorderTracks(c.var.db, actorOf(c), c.req.valid("param").id, c.req.valid("json").ids), CATALOG_REFUSALS);
    if (!album) throw albumNotFound();
    catalogChanged();
    return c.json<AdminAlbumResponse>({ album });
  });

/**
 * A release a store product sells (or bundles) cannot go: the product's reference refuses the
 * delete, and what buyers own stays downloadable. Nothing was deleted; the admin is told why.
 */
async function unlessInStore<T>(deleting: Promise<T>): Promise<T> {
  try {
    return await deleting;
  } catch (err) {
    if (isForeignKeyViolation(err)) throw routeError("release_in_store");
    throw err;
  }
}

const trackRoutes = new Hono<HonoEnv>()
  .patch("/tracks/:id", idParam, validate("json", trackUpdateSchema), async (c) => {
    await checkEarlyTier(c.var.db, "track", c.req.valid("param").id, c.req.valid("json").earlyMinTierId);
    const updated = orConflict(await updateTrack(c.var.db, actorOf(c), c.req.valid("param").id, c.req.valid("json")), CATALOG_REFUSALS);
    if (!updated) throw trackNotFound();
    catalogChanged();
    await deleteObjects(c.env.MEDIA, [updated.stalePreviewKey]);
    return c.json<AdminTrackResponse>({ track: updated.track });
  })

  // Its plays stay in track_plays, named through retired_tracks.
  .delete("/tracks/:id", idParam, async (c) => {
    const { id } = c.req.valid("param");
    const deleted = await unlessInStore(deleteTrack(c.var.db, actorOf(c), id));
    if (!deleted) throw trackNotFound();
    catalogChanged();
    await deleteObjects(c.env.MEDIA, deleted.r2Keys);
    return c.json<DeletedResponse>({ deleted: id, retiredTracks: deleted.retiredTracks });
  })

  // The body is the audio file itself, streamed on to R2; its duration replaces the stored one
  // when the file says how long it is.
  .put("/tracks/:id/audio", idParam, uploadBody(AUDIO_MAX_BYTES), async (c) => {
    const { id } = c.req.valid("param");
    const track = await findTrackRow(c.var.db, id);
    if (!track) throw trackNotFound();
    const audio = await storeAudio(c, id);
    const swapped = await attachTrackAudio(attachIn(c), id, audio, track.audioKey);
    if (!swapped) throw trackNotFound();
    return c.json<TrackAudioResponse>({ track: swapped.track, durationDetected: audio.durationSeconds !== null });
  })

  // Audio kept on a remote host instead, played through the audio proxy.
  .put("/tracks/:id/audio-url", idParam, validate("json", audioUrlSchema), async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const url = checkRemoteUrl(c, body.url, "url");
    const track = await findTrackRow(c.var.db, id);
    if (!track) throw trackNotFound();
    const swapped = await setTrackAudio(c.var.db, actorOf(c), id, {
      audioKey: url,
      durationSeconds: body.durationSeconds ?? null,
      action: "track.audio_url",
      shown: track.audioKey,
    });
    if (!swapped) throw trackNotFound();
    catalogChanged();
    await deleteObjects(c.env.MEDIA, [swapped.previous, swapped.previousPreview]);
    return c.json<TrackAudioResponse>({ track: swapped.track, durationDetected: false });
  })

  .delete("/tracks/:id/audio", idParam, async (c) => {
    const { id } = c.req.valid("param");
    const track = await findTrackRow(c.var.db, id);
    if (!track) throw trackNotFound();
    const swapped = await setTrackAudio(c.var.db, actorOf(c), id, {
      audioKey: null,
      durationSeconds: null,
      action: "track.audio_remove",
      shown: track.audioKey,
    });
    if (!swapped) throw trackNotFound();
    catalogChanged();
    await deleteObjects(c.env.MEDIA, [swapped.previous, swapped.previousPreview]);
    return c.json<AdminTrackResponse>({ track: swapped.track });
  });

// A track's lossless master, sold as a download beside its MP3 (decision 054): the body is the WAV
// or FLAC file itself, streamed on to R2; its other format follows from a queue job (decision 121).
// Removing it takes both formats out of the store's offer.
const masterRoutes = new Hono<HonoEnv>()
  .put("/tracks/:id/master", idParam, uploadBody(MASTER_MAX_BYTES), async (c) => {
    const { id } = c.req.valid("param");
    const track = await findTrackRow(c.var.db, id);
    if (!track) throw trackNotFound();
    const master = await storeMaster(c, id);
    const swapped = await attachTrackMaster(attachIn(c), id, master, track.masterKey);
    if (!swapped) throw trackNotFound();
    return c.json<AdminTrackResponse>({ track: swapped.track });
  })

  .delete("/tracks/:id/master", idParam, async (c) => {
    const { id } = c.req.valid("param");
    const track = await findTrackRow(c.var.db, id);
    if (!track) throw trackNotFound();
    const swapped = await setTrackMaster(c.var.db, actorOf(c), id, null, track.masterKey);
    if (!swapped) throw trackNotFound();
    await deleteObjects(c.env.MEDIA, [swapped.previous, swapped.previous && derivedKeyOf(swapped.previous)]);
    return c.json<AdminTrackResponse>({ track: swapped.track });
  });

export const catalogRoutes = new Hono<HonoEnv>().route("/", albumRoutes).route("/", trackRoutes).route("/", masterRoutes);
