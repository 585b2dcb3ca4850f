// "Download my data" (decision 041): one zip with a JSON file per kind of data (EXPORT_SOURCES in
// worker/db/member-data.ts, plus the VIP chat history from the member's ChatThread) and the
// member's pictures from R2. Built with fflate (pure JS, runs in workerd), stored in R2 under a
// private key no route serves, and reached only through a signed link that expires with it
// (24 hours). A small account is prepared inside the request; a large one after the answer
// (waitUntil), and the settings section polls its state. No D1 table: the state is a small JSON
// object beside the archive in R2.
import { strToU8, zipSync, type Zippable } from "fflate";
import type { AppEnv } from "../env";
import { readConfig } from "../env";
import type { DB } from "../db/client";
import { exportSize, memberPostImageKeys, readMemberData } from "../db/member-data";
import { chatThread } from "./realtime/chat-thread";
import { memberRoomData } from "./realtime/room-member-data";
import { AVATAR_URL_PREFIX } from "#contracts/profiles.ts";
import { isLocale } from "#contracts/locale.ts";
import { DATA_EXPORT_API, DATA_EXPORT_TTL_SECONDS, type DataExportStatus } from "#contracts/member-data.ts";
import { signExportToken } from "../lib/export-token";
import { createMailService } from "./mail";
import { dataExportReadyMail } from "./mail/data-export";
import { readableFiles, readableRow } from "./data-export-format";
import { exportIndexHtml, type IndexFile } from "./data-export-index";
import { exportReadme } from "./data-export-texts";

/** Above either, the archive is built after the answer rather than inside the request. */
export const INLINE_EXPORT_MAX = { rows: 2000, images: 10 } as const;

export type ExportMember = { id: string; email: string; username: string; avatarUrl: string | null; locale: string };

/** What R2 keeps beside the archive (`status.json`). */
type StoredStatus = { id: string; status: "preparing" | "ready" | "failed"; requestedAt: string; readyAt?: string; sizeBytes?: number };

const folderOf = (userId: string) => `private/exports/${userId}/`;
const statusKey = (userId: string) => `${folderOf(userId)}status.json`;
export const exportZipKey = (userId: string, exportId: string) => `${folderOf(userId)}${exportId}.zip`;

const expiryOf = (readyAt: string) => new Date(Date.parse(readyAt) + DATA_EXPORT_TTL_SECONDS * 1000);

async function readStored(env: AppEnv, userId: string): Promise<StoredStatus | null> {
  const object = await env.MEDIA.get(statusKey(userId));
  if (!object) return null;
  try {
    return (await object.json()) as StoredStatus;
  } catch {
    return null;
  }
}

const writeStored = (env: AppEnv, userId: string, status: StoredStatus) =>
  env.MEDIA.put(statusKey(userId), JSON.stringify(status), { httpMetadata: { contentType: "application/json" } });

/** Deletes every export object of the member (an expired archive, or the account going). */
export async function deleteExports(env: AppEnv, userId: string) {
  const listed = await env.MEDIA.list({ prefix: folderOf(userId) });
  const keys = listed.objects.map((o) => o.key);
  if (keys.length > 0) await env.MEDIA.delete(keys);
}

const downloadPath = (token: string) => `${DATA_EXPORT_API}/download?token=${encodeURIComponent(token)}`;

/** The member's export as the section shows it; an archive past its 24 hours is deleted and reads "none". */
export async function exportStatus(env: AppEnv, userId: string, now = Date.now()): Promise<DataExportStatus> {
  const stored = await readStored(env, userId);
  if (!stored) return { status: "none" };
  if (stored.status !== "ready" || !stored.readyAt) return { status: stored.status, requestedAt: stored.requestedAt };
  const expiresAt = expiryOf(stored.readyAt);
  if (expiresAt.getTime() <= now) {
    await deleteExports(env, userId);
    return { status: "none" };
  }
  const token = await signExportToken(readConfig(env).SESSION_SECRET, userId, stored.id, expiresAt);
  return {
    status: "ready",
    requestedAt: stored.requestedAt,
    readyAt: stored.readyAt,
    expiresAt: expiresAt.toISOString(),
    sizeBytes: stored.sizeBytes,
    downloadUrl: downloadPath(token),
  };
}

/** The archive a valid token names, if it is still the member's current one. */
export async function exportArchive(env: AppEnv, userId: string, exportId: string): Promise<R2ObjectBody | null> {
  const stored = await readStored(env, userId);
  if (!stored || stored.status !== "ready" || stored.id !== exportId) return null;
  return env.MEDIA.get(exportZipKey(userId, exportId));
}

/** The avatar's R2 key when the avatar is one of ours. */
function avatarKey(member: ExportMember): string | null {
  if (!member.avatarUrl?.startsWith(AVATAR_URL_PREFIX)) return null;
  return `avatars/${member.avatarUrl.slice(AVATAR_URL_PREFIX.length)}`;
}

/**
 * The zip's bytes. Pictures are stored as they are (already compressed); JSON is deflated. Rows are
 * readable (decision 060): camelCase field names, times as ISO 8601 in UTC, a README in the member's
 * language and index.html showing every file as tables.
 */
export async function buildArchive(env: AppEnv, db: DB, member: ExportMember, now = new Date()): Promise<Uint8Array> {
  const locale = isLocale(member.locale) ? member.locale : "en";
  const [data, chat, postKeys, roomData] = await Promise.all([
    readMemberData(db, member),
    chatThread(env, member.id).exportHistory(),
    memberPostImageKeys(db, member.id),
    memberRoomData(env, db, member.id, locale),
  ]);
  // The rooms' messages and reactions live in the rooms' objects; rooms.json carries them beside the D1 rows.
  data.rooms ??= {};
  data.rooms.messages = roomData.messages;
  data.rooms.reactions = roomData.reactions;
  const brand = readConfig(env).BRAND_NAME;
  const files: IndexFile[] = [
    ...Object.entries(readableFiles(data)).map(([kind, tables]) => ({ file: `${kind}.json`, kind, tables })),
    { file: "chat.json", kind: "chat", tables: { messages: chat.map(readableRow) } },
    { file: "export.json", kind: "export", tables: { export: [{ exportedAt: now.toISOString(), userId: member.id, username: member.username, locale }] } },
  ];
  const zippable: Zippable = {};
  const json = (value: unknown) => strToU8(JSON.stringify(value, null, 2));
  for (const { file, tables } of files) zippable[file] = json(tables);
  const keys = [avatarKey(member), ...postKeys].filter((k): k is string => k !== null);
  const images: string[] = [];
  for (const key of keys) {
    const object = await env.MEDIA.get(key);
    if (!object) continue;
    zippable[`images/${key}`] = [new Uint8Array(await object.arrayBuffer()), { level: 0 }];
    images.push(key);
  }
  zippable["README.txt"] = strToU8(
    exportReadme(
      locale,
      brand,
      files.map((f) => f.file),
    ),
  );
  zippable["index.html"] = strToU8(exportIndexHtml({ locale, brand, username: member.username, exportedAt: now, files, images }));
  return zipSync(zippable, { level: 6, mtime: now });
}

/** Builds, stores, marks ready and mails the link. A failure is recorded as "failed" for the section. */
async function prepare(env: AppEnv, db: DB, member: ExportMember, stored: StoredStatus, origin: string) {
  try {
    const zip = await buildArchive(env, db, member);
    await env.MEDIA.put(exportZipKey(member.id, stored.id), zip, { httpMetadata: { contentType: "application/zip" } });
    const readyAt = new Date().toISOString();
    await writeStored(env, member.id, { ...stored, status: "ready", readyAt, sizeBytes: zip.byteLength });
    const expiresAt = expiryOf(readyAt);
    const token = await signExportToken(readConfig(env).SESSION_SECRET, member.id, stored.id, expiresAt);
    const mail = dataExportReadyMail({
      to: member.email,
      brandName: readConfig(env).BRAND_NAME,
      locale: isLocale(member.locale) ? member.locale : "en",
      username: member.username,
      link: new URL(downloadPath(token), origin).toString(),
      expiresAt,
    });
    // The archive is ready whether or not the mail goes: the section shows the link too.
    await createMailService(env, db)
      .send(mail)
      .catch((err: unknown) => console.error("data export: the mail failed", err));
  } catch (err) {
    console.error("data export failed", err);
    await writeStored(env, member.id, { ...stored, status: "failed" });
  }
}

/**
 * Starts an export: older archives go, the state reads "preparing", and the archive is built now
 * (small account) or handed to `waitUntil` (large one). Answers the state after that.
 */
export async function startExport(
  env: AppEnv,
  db: DB,
  member: ExportMember,
  origin: string,
  waitUntil: (work: Promise<unknown>) => void,
): Promise<DataExportStatus> {
  await deleteExports(env, member.id);
  const stored: StoredStatus = { id: crypto.randomUUID(), status: "preparing", requestedAt: new Date().toISOString() };
  await writeStored(env, member.id, stored);
  const size = await exportSize(db, member.id);
  const large = size.rows > INLINE_EXPORT_MAX.rows || size.images > INLINE_EXPORT_MAX.images;
  if (large) {
    waitUntil(prepare(env, db, member, stored, origin));
    return { status: "preparing", requestedAt: stored.requestedAt };
  }
  await prepare(env, db, member, stored, origin);
  return exportStatus(env, member.id);
}
