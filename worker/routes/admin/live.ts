// /api/admin/live: the control room of live shows (decision 113), administrators only (the admin
// tree's gate runs first).
//   GET    /:eventId                    the show's settings, state, ingest (Stream only), viewers, captions
//   PUT    /:eventId                    creates or edits the show (liveShowInputSchema); the first save makes its room
//                                        (and with Stream its live input), later ones keep the room's access in step
//   POST   /:eventId/start              on air, once (409 already_live)
//   POST   /:eventId/end                off the air, once (409 not_live)
//   PUT    /:eventId/captions/:locale   a WebVTT file for the replay (text/vtt, at most 256 KiB)
//   DELETE /:eventId/captions/:locale   removes it
// Each write is audited. Going on air tells the members who asked (services/live/notify.ts).
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../../types";
import { notFound, routeError } from "../../lib/errors";
import { parseJsonBody } from "../../lib/validate";
import { uploadBody, uploadLimit } from "../../lib/upload-body";
import { actorOf } from "../../middleware/guards";
import { auditIfChanged, auditInsert, type AuditEntry } from "../../db/audit";
import {
  countProducts,
  countViewers,
  findLiveShow,
  insertLiveShow,
  markShowEnded,
  markShowLive,
  namedTiersExist,
  readViewerSeries,
  setCaptionKeys,
  setShowRoom,
  updateLiveShow,
  type LiveShowRow,
  type LiveShowValues,
} from "../../db/live";
import { createRoom, findAdminRoom, updateRoom } from "../../db/rooms/admin";
import { isRefused } from "../../lib/outcome";
import { notifyRoomChanged, notifyShowEnded } from "../../services/realtime/room-hub";
import { liveViewState } from "../../services/live/access";
import { settleLostSource } from "../../services/live/reconnect";
import { liveProviderOf, streamConfigOf } from "../../services/live/stream-config";
import { notifyShowLive } from "../../services/live/notify";
import { ROOM_NAME_MAX } from "#contracts/rooms/admin-limits.ts";
import type { RoomValues } from "#contracts/rooms/admin.ts";
import { EVENT_ID_PATTERN } from "#contracts/events.ts";
import {
  LIVE_CAPTION_LOCALES,
  LIVE_CAPTION_MAX_BYTES,
  liveCaptionParamSchema,
  liveCaptionPath,
  liveShowInputSchema,
  type LiveControlRoom,
} from "#contracts/live.ts";

type Ctx = Context<HonoEnv>;

async function eventOf(c: Ctx): Promise<LiveShowRow> {
  const eventId = c.req.param("eventId") ?? "";
  const row = EVENT_ID_PATTERN.test(eventId) ? await findLiveShow(c.var.db, eventId) : null;
  if (!row) throw notFound();
  return settleLostSource(c.env, c.var.db, row, Date.now(), (work) => c.executionCtx.waitUntil(work));
}

async function showOf(c: Ctx) {
  const row = await eventOf(c);
  if (!row.show) throw routeError("live_show_not_set_up");
  return { row, show: row.show };
}

const entry = (c: Ctx, action: AuditEntry["action"], eventId: string, detail: Record<string, unknown> = {}): AuditEntry => ({
  actor: actorOf(c),
  action,
  targetType: "event",
  targetId: eventId,
  summary: { after: detail },
});

/** The ingest details of a Stream show (null when Stream does not answer: the page says so). */
async function ingestOf(c: Ctx, inputId: string | null): Promise<LiveControlRoom["ingest"]> {
  const config = streamConfigOf(c.env);
  if (!config || !inputId) return null;
  try {
    const input = await (await import("../../services/live/stream")).getLiveInput(config, inputId);
    if (!input.rtmps) return null;
    return { rtmpsUrl: input.rtmps.url, rtmpsKey: input.rtmps.streamKey, srtUrl: input.srt?.url ?? null };
  } catch (err) {
    console.error("live: reading the live input from Stream failed", err);
    return null;
  }
}

async function controlRoom(c: Ctx, eventId: string): Promise<LiveControlRoom> {
  const now = Date.now();
  const row = (await findLiveShow(c.var.db, eventId))!;
  const show = row.show;
  const [viewers, series, ingest] = await Promise.all([
    countViewers(c.var.db, eventId, now),
    show ? readViewerSeries(c.var.db, eventId) : [],
    show?.provider === "stream" ? ingestOf(c, show.streamInputId) : null,
  ]);
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    eventId,
    title: row.title,
    show: show && {
      eventId,
      access: show.access,
      minTierId: show.minTierId,
      replayHours: show.replayHours,
      replayKeepTierId: show.replayKeepTierId,
      pinnedProductIds: show.pinnedProductIds,
      provider: show.provider,
      state: show.state,
      startedAt: iso(show.startedAt),
      endedAt: iso(show.endedAt),
      roomId: show.roomId,
    },
    state: show ? liveViewState(show, null, now) : "upcoming",
    local: (show?.provider ?? liveProviderOf(c.env)) === "local",
    ingest,
    viewers,
    viewersSeries: series.map((s) => ({ minute: new Date(s.minute).toISOString(), viewers: s.viewers })),
    roomId: show?.roomId ?? null,
    captions: show ? LIVE_CAPTION_LOCALES.filter((l) => show.captions[l]).map((locale) => ({ locale, url: liveCaptionPath(eventId, locale) })) : [],
  };
}

/** The show's room: who may read and write is who may watch. */
function roomValuesOf(row: LiveShowRow, v: LiveShowValues): RoomValues {
  const audience =
    v.access === "ticket"
      ? { access: "ticket" as const, tierId: null, eventId: row.eventId }
      : v.access === "tier"
        ? { access: "tier" as const, tierId: v.minTierId, eventId: null }
        : { access: "members" as const, tierId: null, eventId: null };
  return {
    nameEn: row.title.slice(0, ROOM_NAME_MAX),
    namePtBr: (row.titlePtBr ?? row.title).slice(0, ROOM_NAME_MAX),
    descriptionEn: "",
    descriptionPtBr: "",
    read: audience,
    write: audience,
    slowModeSeconds: 0,
    position: 0,
  };
}

const liveRoomIdOf = (eventId: string) => `live-${eventId}`;

/** Creates the show's room, or brings it in step with the show's access. */
async function keepRoom(c: Ctx, row: LiveShowRow, v: LiveShowValues, roomId: string | null): Promise<string | null> {
  const values = roomValuesOf(row, v);
  const before = roomId ? await findAdminRoom(c.var.db, roomId) : null;
  if (before) {
    const after = await updateRoom(c.var.db, actorOf(c), before, { ...values, nameEn: before.name.en, namePtBr: before.name.ptBR });
    if (after && !isRefused(after)) c.executionCtx.waitUntil(notifyRoomChanged(c.env, roomId!, true));
    return roomId;
  }
  const created = await createRoom(c.var.db, actorOf(c), liveRoomIdOf(row.eventId), values);
  return isRefused(created) ? null : created.id;
}

async function checkedValues(c: Ctx): Promise<LiveShowValues> {
  const input = await parseJsonBody(c, liveShowInputSchema);
  const v: LiveShowValues = {
    access: input.access,
    minTierId: input.access === "tier" ? (input.minTierId ?? null) : null,
    replayHours: input.replayHours,
    replayKeepTierId: input.replayKeepTierId ?? null,
    pinnedProductIds: [...new Set(input.pinnedProductIds)],
  };
  if (v.access === "tier" && v.minTierId === null) throw routeError("tier_gate_unknown", { field: "minTierId" });
  if (!(await namedTiersExist(c.var.db, v))) throw routeError("tier_gate_unknown", { field: v.minTierId ? "minTierId" : "replayKeepTierId" });
  if ((await countProducts(c.var.db, v.pinnedProductIds)) !== v.pinnedProductIds.length)
    throw routeError("live_product_unknown", { field: "pinnedProductIds" });
  return v;
}

async function captionLocale(c: Ctx) {
  const parsed = liveCaptionParamSchema.safeParse(c.req.param());
  if (!parsed.success) throw notFound();
  return parsed.data.locale;
}

const captionKey = (eventId: string, locale: string) => `live/captions/${eventId}/${locale}.vtt`;

export const adminLiveRoutes = new Hono<HonoEnv>()
  .get("/:eventId", async (c) => {
    const row = await eventOf(c);
    return c.json<LiveControlRoom>(await controlRoom(c, row.eventId));
  })

  .put("/:eventId", async (c) => {
    const row = await eventOf(c);
    const v = await checkedValues(c);
    const now = Date.now();
    if (row.show) {
      await updateLiveShow(c.var.db, row.eventId, v, auditIfChanged(c.var.db, entry(c, "live.show.update", row.eventId, { ...v }), now), now);
      const roomId = await keepRoom(c, row, v, row.show.roomId);
      if (roomId && roomId !== row.show.roomId) await setShowRoom(c.var.db, row.eventId, roomId);
      return c.json<LiveControlRoom>(await controlRoom(c, row.eventId));
    }
    const provider = liveProviderOf(c.env);
    let streamInputId: string | null = null;
    if (provider === "stream") {
      const stream = await import("../../services/live/stream");
      const input = await stream.createLiveInput(streamConfigOf(c.env)!, row.title).catch((err: unknown) => {
        console.error("live: creating the Stream live input failed", err);
        throw routeError("stream_failed");
      });
      streamInputId = input.uid;
    }
    const audit = auditIfChanged(c.var.db, entry(c, "live.show.create", row.eventId, { ...v, provider }), now);
    const created = await insertLiveShow(c.var.db, row.eventId, v, { provider, streamInputId, roomId: null }, audit, now);
    if (created) {
      const roomId = await keepRoom(c, row, v, null);
      if (roomId) await setShowRoom(c.var.db, row.eventId, roomId);
    }
    return c.json<LiveControlRoom>(await controlRoom(c, row.eventId), created ? 201 : 200);
  })

  .post("/:eventId/start", async (c) => {
    const { row } = await showOf(c);
    const now = Date.now();
    const started = await markShowLive(c.var.db, row.eventId, now, auditIfChanged(c.var.db, entry(c, "live.start", row.eventId), now));
    if (!started) throw routeError("already_live");
    if (started.notify) c.executionCtx.waitUntil(notifyShowLive(c.env, c.var.db, row.eventId));
    return c.json<LiveControlRoom>(await controlRoom(c, row.eventId));
  })

  .post("/:eventId/end", async (c) => {
    const { row, show } = await showOf(c);
    const now = Date.now();
    if (!(await markShowEnded(c.var.db, row.eventId, now, auditIfChanged(c.var.db, entry(c, "live.end", row.eventId), now)))) throw routeError("not_live");
    c.executionCtx.waitUntil(notifyShowEnded(c.env, show.roomId));
    return c.json<LiveControlRoom>(await controlRoom(c, row.eventId));
  })

  .put("/:eventId/captions/:locale", uploadBody(LIVE_CAPTION_MAX_BYTES), async (c) => {
    const locale = await captionLocale(c);
    const { row, show } = await showOf(c);
    const bytes = await c.req.arrayBuffer();
    if (bytes.byteLength > uploadLimit(c)) throw routeError("payload_too_large");
    const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, "");
    if (!/^WEBVTT(?:[ \t\r\n]|$)/.test(text)) throw routeError("live_caption_invalid");
    const key = captionKey(row.eventId, locale);
    await c.env.MEDIA.put(key, text, { httpMetadata: { contentType: "text/vtt; charset=utf-8" } });
    await setCaptionKeys(c.var.db, row.eventId, { ...show.captions, [locale]: key });
    await auditInsert(c.var.db, entry(c, "live.captions.put", row.eventId, { locale, bytes: bytes.byteLength }));
    return c.json<LiveControlRoom>(await controlRoom(c, row.eventId));
  })

  .delete("/:eventId/captions/:locale", async (c) => {
    const locale = await captionLocale(c);
    const { row, show } = await showOf(c);
    if (!show.captions[locale]) throw notFound();
    await c.env.MEDIA.delete(show.captions[locale]!);
    const { [locale]: _gone, ...rest } = show.captions;
    await setCaptionKeys(c.var.db, row.eventId, rest);
    await auditInsert(c.var.db, entry(c, "live.captions.delete", row.eventId, { locale }));
    return c.json<LiveControlRoom>(await controlRoom(c, row.eventId));
  });
