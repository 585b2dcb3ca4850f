// /api/admin/catalog/stations and /channels: radio stations (catalog rotations or remote streams)
// and TV channels (uploaded videos or live embeds), with their pictures and videos. Mounted by
// catalog.ts, under the admin tree's gate.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../../types";
import { validate } from "../../lib/validate";
import { uploadBody } from "../../lib/upload-body";
import { CATALOG_IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from "#contracts/music/admin-catalog-limits.ts";
import { fieldError, notFound, orConflict } from "../../lib/errors";
import {
  createChannel,
  createStation,
  deleteChannel,
  deleteStation,
  findChannelRow,
  findStationRow,
  listAdminChannels,
  listAdminStations,
  reorderChannels,
  reorderStations,
  setChannelThumbnail,
  setChannelVideo,
  setStationImage,
  unknownAlbumIds,
  updateChannel,
  updateStation,
  type StationFields,
} from "../../db/admin-broadcast";
import {
  CATALOG_MESSAGES,
  catalogIdParamSchema,
  channelCreateSchema,
  channelUpdateSchema,
  orderSchema,
  stationCreateSchema,
  stationUpdateSchema,
  type AdminChannelResponse,
  type AdminChannelsResponse,
  type AdminStationResponse,
  type AdminStationsResponse,
  type ChannelVideoResponse,
  type DeletedResponse,
  CATALOG_REFUSALS,
} from "#contracts/music/admin-catalog.ts";
import { catalogChanged, checkRemoteUrl, deleteObjects, storeImage, storeVideo } from "../../services/media/catalog-uploads";
import { actorOf } from "../../middleware/guards";

const stationNotFound = () => notFound(CATALOG_MESSAGES.stationNotFound, "station_not_found");
const channelNotFound = () => notFound(CATALOG_MESSAGES.channelNotFound, "channel_not_found");
const idParam = validate("param", catalogIdParamSchema);

/**
 * What zod cannot know: a stream station needs an allowed stream address, and a rotation's albums
 * must exist. `merged` is the station as it will be; only fields the request sent are checked.
 */
async function checkStation(
  c: Context<HonoEnv>,
  merged: Pick<StationFields, "sourceType" | "streamUrl">,
  sent: Partial<StationFields>,
): Promise<Partial<StationFields>> {
  const checked = { ...sent };
  if (merged.sourceType === "stream" && !merged.streamUrl) throw fieldError("streamUrl", CATALOG_MESSAGES.streamUrlRequired);
  if (sent.streamUrl) checked.streamUrl = checkRemoteUrl(c, sent.streamUrl, "streamUrl");
  if (sent.albumIds && (await unknownAlbumIds(c.var.db, sent.albumIds)).length > 0)
    throw fieldError("albumIds", CATALOG_MESSAGES.unknownAlbums, "unknown_albums");
  return checked;
}

const stationRoutes = new Hono<HonoEnv>()
  .get("/stations", async (c) => c.json<AdminStationsResponse>({ stations: await listAdminStations(c.var.db) }))

  .post("/stations", validate("json", stationCreateSchema), async (c) => {
    const input = c.req.valid("json");
    const checked = { ...input, ...(await checkStation(c, input, input)) };
    const station = orConflict(await createStation(c.var.db, actorOf(c), checked), CATALOG_REFUSALS);
    catalogChanged();
    return c.json<AdminStationResponse>({ station }, 201);
  })

  .put("/stations/order", validate("json", orderSchema), async (c) => {
    const stations = orConflict(await reorderStations(c.var.db, actorOf(c), c.req.valid("json").ids), CATALOG_REFUSALS);
    catalogChanged();
    return c.json<AdminStationsResponse>({ stations });
  })

  .patch("/stations/:id", idParam, validate("json", stationUpdateSchema), async (c) => {
    const before = await findStationRow(c.var.db, c.req.valid("param").id);
    if (!before) throw stationNotFound();
    const patch = c.req.valid("json");
    const merged = { sourceType: patch.sourceType ?? before.sourceType, streamUrl: patch.streamUrl !== undefined ? patch.streamUrl : before.streamUrl };
    const checked = await checkStation(c, merged, patch);
    const station = await updateStation(c.var.db, actorOf(c), before, checked);
    if (!station) throw stationNotFound();
    catalogChanged();
    return c.json<AdminStationResponse>({ station });
  })

  .delete("/stations/:id", idParam, async (c) => {
    const { id } = c.req.valid("param");
    const deleted = await deleteStation(c.var.db, actorOf(c), id);
    if (!deleted) throw stationNotFound();
    catalogChanged();
    await deleteObjects(c.env.MEDIA, deleted.r2Keys);
    return c.json<DeletedResponse>({ deleted: id, retiredTracks: 0 });
  })

  // The body is the picture itself (JPEG, PNG or WebP, at most 2 MB).
  .put("/stations/:id/picture", idParam, uploadBody(CATALOG_IMAGE_MAX_BYTES), async (c) => {
    const { id } = c.req.valid("param");
    const station = await findStationRow(c.var.db, id);
    if (!station) throw stationNotFound();
    const key = await storeImage(c, "stations", id);
    const swapped = await setStationImage(c.var.db, actorOf(c), id, key, station.imageKey);
    if (!swapped) {
      await deleteObjects(c.env.MEDIA, [key]);
      throw stationNotFound();
    }
    catalogChanged();
    if (swapped.previous !== key) await deleteObjects(c.env.MEDIA, [swapped.previous]);
    return c.json<AdminStationResponse>({ station: swapped.station });
  });

const channelRoutes = new Hono<HonoEnv>()
  .get("/channels", async (c) => c.json<AdminChannelsResponse>({ channels: await listAdminChannels(c.var.db) }))

  .post("/channels", validate("json", channelCreateSchema), async (c) => {
    const channel = orConflict(await createChannel(c.var.db, actorOf(c), c.req.valid("json")), CATALOG_REFUSALS);
    catalogChanged();
    return c.json<AdminChannelResponse>({ channel }, 201);
  })

  .put("/channels/order", validate("json", orderSchema), async (c) => {
    const channels = orConflict(await reorderChannels(c.var.db, actorOf(c), c.req.valid("json").ids), CATALOG_REFUSALS);
    catalogChanged();
    return c.json<AdminChannelsResponse>({ channels });
  })

  .patch("/channels/:id", idParam, validate("json", channelUpdateSchema), async (c) => {
    const channel = await updateChannel(c.var.db, actorOf(c), c.req.valid("param").id, c.req.valid("json"));
    if (!channel) throw channelNotFound();
    catalogChanged();
    return c.json<AdminChannelResponse>({ channel });
  })

  .delete("/channels/:id", idParam, async (c) => {
    const { id } = c.req.valid("param");
    const deleted = await deleteChannel(c.var.db, actorOf(c), id);
    if (!deleted) throw channelNotFound();
    catalogChanged();
    await deleteObjects(c.env.MEDIA, deleted.r2Keys);
    return c.json<DeletedResponse>({ deleted: id, retiredTracks: 0 });
  })

  .put("/channels/:id/thumbnail", idParam, uploadBody(CATALOG_IMAGE_MAX_BYTES), async (c) => {
    const { id } = c.req.valid("param");
    const channel = await findChannelRow(c.var.db, id);
    if (!channel) throw channelNotFound();
    const key = await storeImage(c, "tv/thumbs", id);
    const swapped = await setChannelThumbnail(c.var.db, actorOf(c), id, key, channel.thumbnailKey);
    if (!swapped) {
      await deleteObjects(c.env.MEDIA, [key]);
      throw channelNotFound();
    }
    catalogChanged();
    if (swapped.previous !== key) await deleteObjects(c.env.MEDIA, [swapped.previous]);
    return c.json<AdminChannelResponse>({ channel: swapped.channel });
  })

  // The body is the video itself (MP4 or WebM, at most 500 MB), streamed on to R2.
  .put("/channels/:id/video", idParam, uploadBody(VIDEO_MAX_BYTES), async (c) => {
    const { id } = c.req.valid("param");
    const channel = await findChannelRow(c.var.db, id);
    if (!channel) throw channelNotFound();
    const video = await storeVideo(c, id);
    const swapped = await setChannelVideo(c.var.db, actorOf(c), id, video.key, video.durationSeconds, channel.videoKey);
    if (!swapped) {
      await deleteObjects(c.env.MEDIA, [video.key]);
      throw channelNotFound();
    }
    catalogChanged();
    if (swapped.previous !== video.key) await deleteObjects(c.env.MEDIA, [swapped.previous]);
    return c.json<ChannelVideoResponse>({ channel: swapped.channel, durationDetected: video.durationSeconds !== null });
  });

export const broadcastCatalogRoutes = new Hono<HonoEnv>().route("/", stationRoutes).route("/", channelRoutes);
