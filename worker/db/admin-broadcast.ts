// The back office's writes to radio stations and TV channels. Each write and its audit row go in
// one D1 batch; picture and video swaps read the replaced key in that same batch.
import { asc, eq, sql } from "drizzle-orm";
import type { DB } from "./client";
import { albums, radioStations, tvChannels } from "./schema/music";
import { auditInsert, type Actor } from "./audit";
import { coverUrlOf } from "./music/music";
import { idsLike, inJson, r2KeyOf, sameIds, type CatalogRefusal, type Deleted } from "./music/admin-catalog";
import { refuseOnClash } from "./d1";
import { isRefused, refuse, type Refused } from "../lib/outcome";
import { slugify, uniqueSlug } from "../lib/slug";
import { STATION_FEATURES, type StationFeature } from "#contracts/radio.ts";
import { type AdminChannel, type AdminStation } from "#contracts/music/admin-catalog.ts";

type StationRow = typeof radioStations.$inferSelect;
type ChannelRow = typeof tvChannels.$inferSelect;

const isFeature = (value: string): value is StationFeature => (STATION_FEATURES as readonly string[]).includes(value);

const toAdminStation = (row: StationRow): AdminStation => ({
  id: row.id,
  name: row.name,
  namePtBr: row.namePtBr,
  descriptionEn: row.descriptionEn,
  descriptionPtBr: row.descriptionPtBr,
  imageUrl: coverUrlOf(row.imageKey),
  features: (Array.isArray(row.features) ? row.features : []).filter(isFeature),
  sourceType: row.sourceType,
  streamUrl: row.streamUrl,
  albumIds: Array.isArray(row.albumIds) ? row.albumIds : null,
  position: row.position,
});

const toAdminChannel = (row: ChannelRow): AdminChannel => ({
  id: row.id,
  name: row.name,
  namePtBr: row.namePtBr,
  descriptionEn: row.descriptionEn,
  descriptionPtBr: row.descriptionPtBr,
  category: row.category,
  type: row.type,
  thumbnailUrl: coverUrlOf(row.thumbnailKey),
  video: row.videoKey ? row.videoKey.slice(row.videoKey.lastIndexOf(".") + 1) : null,
  embedUrl: row.embedUrl,
  durationSeconds: row.durationSeconds,
  position: row.position,
});

/** The ids in `ids` that name no album. */
export async function unknownAlbumIds(db: DB, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = new Set((await db.select({ id: albums.id }).from(albums).where(inJson(albums.id, ids))).map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

// ----- radio stations -----

export type StationFields = {
  name: string;
  namePtBr?: string | null;
  descriptionEn: string;
  descriptionPtBr: string;
  features: StationFeature[];
  sourceType: "catalog" | "stream";
  albumIds: string[] | null;
  streamUrl: string | null;
};

/** The text fields are long: the audit row says which changed, not what they now say. */
const stationSummary = (s: Partial<StationFields>) => {
  const { descriptionEn, descriptionPtBr, ...rest } = s;
  return {
    ...rest,
    ...(descriptionEn !== undefined ? { descriptionEn: "(changed)" } : {}),
    ...(descriptionPtBr !== undefined ? { descriptionPtBr: "(changed)" } : {}),
  };
};

export const findStationRow = (db: DB, id: string) => db.select().from(radioStations).where(eq(radioStations.id, id)).get();

export async function listAdminStations(db: DB): Promise<AdminStation[]> {
  return (await db.select().from(radioStations).orderBy(asc(radioStations.position), asc(radioStations.id))).map(toAdminStation);
}

const randomSeed = () => crypto.getRandomValues(new Uint32Array(1))[0]! % 100_000;

export async function createStation(db: DB, actor: Actor, input: StationFields): Promise<AdminStation | Refused<CatalogRefusal>> {
  const base = slugify(input.name);
  const id = uniqueSlug(base, new Set(await idsLike(db, radioStations.id, base)));
  const created = await refuseOnClash(
    () =>
      db.batch([
        db.insert(radioStations).values({
          id,
          ...input,
          // The rotation's shuffle differs from station to station.
          seed: randomSeed(),
          position: sql`(SELECT coalesce(max(${radioStations.position}), -1) + 1 FROM ${radioStations})`,
        }),
        auditInsert(db, { actor, action: "station.create", targetType: "station", targetId: id, summary: { after: stationSummary(input) } }),
        db.select().from(radioStations).where(eq(radioStations.id, id)),
      ]),
    "concurrent_change",
  );
  if (isRefused(created)) return created;
  return toAdminStation(created[2][0]!);
}

export async function updateStation(db: DB, actor: Actor, before: StationRow, patch: Partial<StationFields>): Promise<AdminStation | null> {
  const shown = Object.fromEntries(Object.keys(patch).map((k) => [k, before[k as keyof StationRow]])) as Partial<StationFields>;
  const [, , after] = await db.batch([
    db.update(radioStations).set(patch).where(eq(radioStations.id, before.id)),
    auditInsert(db, {
      actor,
      action: "station.update",
      targetType: "station",
      targetId: before.id,
      summary: { before: stationSummary(shown), after: stationSummary(patch) },
    }),
    db.select().from(radioStations).where(eq(radioStations.id, before.id)),
  ]);
  return after[0] ? toAdminStation(after[0]) : null;
}

export async function deleteStation(db: DB, actor: Actor, id: string): Promise<Deleted | null> {
  const before = await findStationRow(db, id);
  if (!before) return null;
  await db.batch([
    db.delete(radioStations).where(eq(radioStations.id, id)),
    auditInsert(db, {
      actor,
      action: "station.delete",
      targetType: "station",
      targetId: id,
      summary: { before: { name: before.name, sourceType: before.sourceType }, after: null },
    }),
  ]);
  const key = r2KeyOf(before.imageKey);
  return { r2Keys: key ? [key] : [], retiredTracks: 0 };
}

export async function reorderStations(db: DB, actor: Actor, ids: string[]): Promise<AdminStation[] | Refused<CatalogRefusal>> {
  const current = await db.select({ id: radioStations.id }).from(radioStations).orderBy(asc(radioStations.position), asc(radioStations.id));
  if (
    !sameIds(
      current.map((r) => r.id),
      ids,
    )
  )
    return refuse("order_changed");
  await db.batch([
    db
      .update(radioStations)
      .set({ position: sql`(SELECT key FROM json_each(${JSON.stringify(ids)}) WHERE value = ${radioStations.id})` })
      .where(inJson(radioStations.id, ids)),
    auditInsert(db, {
      actor,
      action: "station.reorder",
      targetType: "station",
      summary: { before: { order: current.map((r) => r.id) }, after: { order: ids } },
    }),
  ]);
  return listAdminStations(db);
}

export async function setStationImage(db: DB, actor: Actor, id: string, imageKey: string, shown: string | null) {
  const [before, updated] = await db.batch([
    db.select({ imageKey: radioStations.imageKey }).from(radioStations).where(eq(radioStations.id, id)),
    db.update(radioStations).set({ imageKey }).where(eq(radioStations.id, id)).returning(),
    auditInsert(db, {
      actor,
      action: "station.picture",
      targetType: "station",
      targetId: id,
      summary: { before: { picture: shown }, after: { picture: imageKey } },
    }),
  ]);
  const row = updated[0];
  return row ? { previous: before[0]?.imageKey ?? null, station: toAdminStation(row) } : null;
}

// ----- TV channels -----

export type ChannelFields = {
  name: string;
  namePtBr?: string | null;
  descriptionEn: string;
  descriptionPtBr: string;
  category: ChannelRow["category"];
  type: ChannelRow["type"];
  embedUrl: string | null;
  durationSeconds: number;
};

const channelSummary = (c: Partial<ChannelFields>) => {
  const { descriptionEn, descriptionPtBr, ...rest } = c;
  return {
    ...rest,
    ...(descriptionEn !== undefined ? { descriptionEn: "(changed)" } : {}),
    ...(descriptionPtBr !== undefined ? { descriptionPtBr: "(changed)" } : {}),
  };
};

export const findChannelRow = (db: DB, id: string) => db.select().from(tvChannels).where(eq(tvChannels.id, id)).get();

export async function listAdminChannels(db: DB): Promise<AdminChannel[]> {
  return (await db.select().from(tvChannels).orderBy(asc(tvChannels.position), asc(tvChannels.id))).map(toAdminChannel);
}

export async function createChannel(db: DB, actor: Actor, input: ChannelFields): Promise<AdminChannel | Refused<CatalogRefusal>> {
  const base = slugify(input.name);
  const id = uniqueSlug(base, new Set(await idsLike(db, tvChannels.id, base)));
  const created = await refuseOnClash(
    () =>
      db.batch([
        db.insert(tvChannels).values({ id, ...input, position: sql`(SELECT coalesce(max(${tvChannels.position}), -1) + 1 FROM ${tvChannels})` }),
        auditInsert(db, { actor, action: "channel.create", targetType: "channel", targetId: id, summary: { after: channelSummary(input) } }),
        db.select().from(tvChannels).where(eq(tvChannels.id, id)),
      ]),
    "concurrent_change",
  );
  if (isRefused(created)) return created;
  return toAdminChannel(created[2][0]!);
}

export async function updateChannel(db: DB, actor: Actor, id: string, patch: Partial<ChannelFields>): Promise<AdminChannel | null> {
  const before = await findChannelRow(db, id);
  if (!before) return null;
  const shown = Object.fromEntries(Object.keys(patch).map((k) => [k, before[k as keyof ChannelRow]])) as Partial<ChannelFields>;
  const [, , after] = await db.batch([
    db.update(tvChannels).set(patch).where(eq(tvChannels.id, id)),
    auditInsert(db, {
      actor,
      action: "channel.update",
      targetType: "channel",
      targetId: id,
      summary: { before: channelSummary(shown), after: channelSummary(patch) },
    }),
    db.select().from(tvChannels).where(eq(tvChannels.id, id)),
  ]);
  return after[0] ? toAdminChannel(after[0]) : null;
}

export async function deleteChannel(db: DB, actor: Actor, id: string): Promise<Deleted | null> {
  const before = await findChannelRow(db, id);
  if (!before) return null;
  await db.batch([
    db.delete(tvChannels).where(eq(tvChannels.id, id)),
    auditInsert(db, {
      actor,
      action: "channel.delete",
      targetType: "channel",
      targetId: id,
      summary: { before: { name: before.name, category: before.category }, after: null },
    }),
  ]);
  const keys = [r2KeyOf(before.thumbnailKey), r2KeyOf(before.videoKey)].filter((k): k is string => k !== null);
  return { r2Keys: keys, retiredTracks: 0 };
}

export async function reorderChannels(db: DB, actor: Actor, ids: string[]): Promise<AdminChannel[] | Refused<CatalogRefusal>> {
  const current = await db.select({ id: tvChannels.id }).from(tvChannels).orderBy(asc(tvChannels.position), asc(tvChannels.id));
  if (
    !sameIds(
      current.map((r) => r.id),
      ids,
    )
  )
    return refuse("order_changed");
  await db.batch([
    db
      .update(tvChannels)
      .set({ position: sql`(SELECT key FROM json_each(${JSON.stringify(ids)}) WHERE value = ${tvChannels.id})` })
      .where(inJson(tvChannels.id, ids)),
    auditInsert(db, {
      actor,
      action: "channel.reorder",
      targetType: "channel",
      summary: { before: { order: current.map((r) => r.id) }, after: { order: ids } },
    }),
  ]);
  return listAdminChannels(db);
}

export async function setChannelThumbnail(db: DB, actor: Actor, id: string, thumbnailKey: string, shown: string | null) {
  const [before, updated] = await db.batch([
    db.select({ key: tvChannels.thumbnailKey }).from(tvChannels).where(eq(tvChannels.id, id)),
    db.update(tvChannels).set({ thumbnailKey }).where(eq(tvChannels.id, id)).returning(),
    auditInsert(db, {
      actor,
      action: "channel.thumbnail",
      targetType: "channel",
      targetId: id,
      summary: { before: { thumbnail: shown }, after: { thumbnail: thumbnailKey } },
    }),
  ]);
  const row = updated[0];
  return row ? { previous: before[0]?.key ?? null, channel: toAdminChannel(row) } : null;
}

export async function setChannelVideo(db: DB, actor: Actor, id: string, videoKey: string, durationSeconds: number | null, shown: string | null) {
  const [before, updated] = await db.batch([
    db.select({ key: tvChannels.videoKey }).from(tvChannels).where(eq(tvChannels.id, id)),
    db
      .update(tvChannels)
      .set(durationSeconds === null ? { videoKey } : { videoKey, durationSeconds })
      .where(eq(tvChannels.id, id))
      .returning(),
    auditInsert(db, {
      actor,
      action: "channel.video",
      targetType: "channel",
      targetId: id,
      summary: { before: { video: shown }, after: { video: videoKey, durationSeconds } },
    }),
  ]);
  const row = updated[0];
  return row ? { previous: before[0]?.key ?? null, channel: toAdminChannel(row) } : null;
}
