// The saved site settings. One site_settings row per setting, keyed by its path in SiteSettings
// ("sessionTimeoutHours", "notifications.newUser", "artistName", ...). A setting without a row, or
// with a value this code no longer accepts, reads as its default (the artist's name as null: its
// default comes from the deploy's configuration, artistNameOf in the contract). Reads happen on every sign-in and every
// notification, so they are remembered for a few seconds per isolate; a write forgets them here
// at once, and other isolates see it when their copy expires.
import { inArray, sql } from "drizzle-orm";
import type { DB } from "./client";
import { siteSettings } from "./schema/operations";
import { auditInsert, type Actor } from "./audit";
import { forget, remember } from "../lib/memo";
import { ARTIST_LINK_KEYS, DEFAULT_SETTINGS, isVipYearlyPriceCents, NOTIFICATION_KEYS, SESSION_TIMEOUT_OPTIONS } from "#contracts/settings-model.ts";
import type { ArtistBio, ArtistLinks, SessionTimeoutHours, SettingsUpdate, StoredSettings } from "#contracts/admin/settings.ts";
import { isLocale, type Locale } from "#contracts/locale.ts";

const MEMO_KEY = "site-settings";
/** How long another isolate may go on using settings an admin just changed. */
export const SETTINGS_TTL_MS = 10_000;

/** A setting's row key: its path in SiteSettings. */
// The artist's bio (both languages) and links are one row each, a JSON object; the portrait is its R2 key.
type SettingKey =
  | "sessionTimeoutHours"
  | "notificationLocale"
  | "artistName"
  | "artistBio"
  | "artistLinks"
  | "artistPortrait"
  | "vipYearlyPriceCents"
  | `notifications.${(typeof NOTIFICATION_KEYS)[number]}`;
const notificationKey = (k: (typeof NOTIFICATION_KEYS)[number]): SettingKey => `notifications.${k}`;
const ALL_KEYS: SettingKey[] = [
  "sessionTimeoutHours",
  "notificationLocale",
  "artistName",
  "artistBio",
  "artistLinks",
  "artistPortrait",
  "vipYearlyPriceCents",
  ...NOTIFICATION_KEYS.map(notificationKey),
];
type SettingValue = SessionTimeoutHours | Locale | boolean | string | number | null | ArtistBio | ArtistLinks;

const isTimeout = (value: unknown): value is SessionTimeoutHours => SESSION_TIMEOUT_OPTIONS.some((h) => h === value);

/** The settings as every row holds them: one flat entry per setting (null: the artist's name not saved). */
function flatten(s: StoredSettings): Record<SettingKey, SettingValue> {
  const flat = {
    sessionTimeoutHours: s.sessionTimeoutHours,
    notificationLocale: s.notificationLocale,
    artistName: s.artistName,
    artistBio: s.artistBio,
    artistLinks: s.artistLinks,
    artistPortrait: s.artistPortrait,
    vipYearlyPriceCents: s.vipYearlyPriceCents,
  } as Record<SettingKey, SettingValue>;
  for (const k of NOTIFICATION_KEYS) flat[notificationKey(k)] = s.notifications[k];
  return flat;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const textOr = (value: unknown, fallback: string) => (typeof value === "string" ? value : fallback);

/** A stored bio or links row, each member read on its own (a member this code cannot read: its default). */
function bioOf(value: unknown): ArtistBio {
  const d = DEFAULT_SETTINGS.artistBio;
  return isRecord(value) ? { en: textOr(value.en, d.en), "pt-BR": textOr(value["pt-BR"], d["pt-BR"]) } : d;
}
function linksOf(value: unknown): ArtistLinks {
  const links = { ...DEFAULT_SETTINGS.artistLinks };
  if (isRecord(value)) for (const k of ARTIST_LINK_KEYS) if (typeof value[k] === "string") links[k] = value[k];
  return links;
}

function fromRows(rows: { key: string; value: unknown }[], artistNameSchema: ArtistNameSchema): StoredSettings {
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const timeout = stored.get("sessionTimeoutHours");
  const notifications = { ...DEFAULT_SETTINGS.notifications };
  for (const k of NOTIFICATION_KEYS) {
    const value = stored.get(notificationKey(k));
    if (typeof value === "boolean") notifications[k] = value;
  }
  const artistName = artistNameSchema.safeParse(stored.get("artistName"));
  const notificationLocale = stored.get("notificationLocale");
  const yearly = stored.get("vipYearlyPriceCents");
  return {
    sessionTimeoutHours: isTimeout(timeout) ? timeout : DEFAULT_SETTINGS.sessionTimeoutHours,
    notifications,
    notificationLocale: typeof notificationLocale === "string" && isLocale(notificationLocale) ? notificationLocale : DEFAULT_SETTINGS.notificationLocale,
    artistName: artistName.success ? artistName.data : DEFAULT_SETTINGS.artistName,
    artistBio: bioOf(stored.get("artistBio")),
    artistLinks: linksOf(stored.get("artistLinks")),
    artistPortrait: textOr(stored.get("artistPortrait"), DEFAULT_SETTINGS.artistPortrait),
    vipYearlyPriceCents: isVipYearlyPriceCents(yearly) ? yearly : DEFAULT_SETTINGS.vipYearlyPriceCents,
  };
}

type ArtistNameSchema = (typeof import("#contracts/admin/settings.ts"))["artistNameSchema"];

/**
 * The stored settings. The artist's name is checked with the form's own schema, whose contract
 * (and zod's schemas with it) loads with the first read rather than at start-up (decision 078).
 */
const loadSettings = async (db: DB) => {
  const [rows, { artistNameSchema }] = await Promise.all([
    db.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings).where(inArray(siteSettings.key, ALL_KEYS)),
    import("#contracts/admin/settings.ts"),
  ]);
  return fromRows(rows, artistNameSchema);
};

/**
 * The current settings (defaults where none is stored; the artist's name null until saved, see
 * artistNameOf), remembered briefly. Do not mutate.
 */
export const readSettings = (db: DB): Promise<StoredSettings> => remember(MEMO_KEY, SETTINGS_TTL_MS, () => loadSettings(db));

/** `update` applied over `current`. */
function mergeSettings(current: StoredSettings, update: StoredUpdate): StoredSettings {
  return {
    sessionTimeoutHours: update.sessionTimeoutHours ?? current.sessionTimeoutHours,
    notifications: {
      newUser: update.notifications?.newUser ?? current.notifications.newUser,
      newVip: update.notifications?.newVip ?? current.notifications.newVip,
      ticketPurchase: update.notifications?.ticketPurchase ?? current.notifications.ticketPurchase,
      newOrder: update.notifications?.newOrder ?? current.notifications.newOrder,
    },
    notificationLocale: update.notificationLocale ?? current.notificationLocale,
    artistName: update.artistName ?? current.artistName,
    artistBio: update.artistBio ?? current.artistBio,
    // Links one by one, like the notifications: a link not sent stays as it is.
    artistLinks: Object.fromEntries(
      ARTIST_LINK_KEYS.map((k) => [k, update.artistLinks?.[k] !== undefined ? update.artistLinks[k] : current.artistLinks[k]]),
    ) as ArtistLinks,
    artistPortrait: update.artistPortrait ?? current.artistPortrait,
    vipYearlyPriceCents: update.vipYearlyPriceCents ?? current.vipYearlyPriceCents,
  };
}

/**
 * Stores the fields of `update` and appends the audit row (the sent settings before and after,
 * by row key) in one D1 batch: neither is stored without the other. Returns the new settings.
 */
/** What saveSettings stores: the PUT body's fields, or the portrait's new R2 key (its own upload route). */
export type StoredUpdate = SettingsUpdate & { artistPortrait?: string };

export async function saveSettings(db: DB, update: StoredUpdate, actor: Actor, now = Date.now()): Promise<StoredSettings> {
  const before = await loadSettings(db); // not the remembered copy: the audit row says what was stored
  const after = mergeSettings(before, update);
  const [flatBefore, flatAfter] = [flatten(before), flatten(after)];
  const sent = sentKeys(update);
  const pick = (flat: Record<SettingKey, unknown>) => Object.fromEntries(sent.map((key) => [key, flat[key]]));
  const updatedAt = new Date(now);
  await db.batch([
    auditInsert(db, { actor, action: "settings.update", targetType: "settings", summary: { before: pick(flatBefore), after: pick(flatAfter) } }, now),
    ...sent.map((key) =>
      db
        .insert(siteSettings)
        .values({ key, value: flatAfter[key], updatedAt })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value: sql`excluded.value`, updatedAt } }),
    ),
  ]);
  forget(MEMO_KEY);
  return after;
}

/** The row keys of the settings `update` carries. */
function sentKeys(update: StoredUpdate): SettingKey[] {
  const keys: SettingKey[] = [];
  if (update.sessionTimeoutHours !== undefined) keys.push("sessionTimeoutHours");
  if (update.notificationLocale !== undefined) keys.push("notificationLocale");
  if (update.artistName !== undefined) keys.push("artistName");
  if (update.artistBio !== undefined) keys.push("artistBio");
  if (update.artistLinks !== undefined) keys.push("artistLinks");
  if (update.artistPortrait !== undefined) keys.push("artistPortrait");
  if (update.vipYearlyPriceCents !== undefined) keys.push("vipYearlyPriceCents");
  for (const k of NOTIFICATION_KEYS) if (update.notifications?.[k] !== undefined) keys.push(notificationKey(k));
  return keys;
}
