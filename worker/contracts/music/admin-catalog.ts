// The back office's catalog management (/api/admin/catalog/*): albums and tracks, radio stations
// and TV channels, and the uploads that go with them. Shared by the Worker and the SPA.
import { z } from "../zod";
import { ALBUM_NOTES_MAX, DESCRIPTION_MAX, MAX_DURATION_SECONDS, REMOTE_URL_MAX, TITLE_MAX } from "./admin-catalog-limits";
import { SLUG_PATTERN, type AlbumType } from "./music";
import { STATION_FEATURES, type StationFeature } from "../radio";
import type { TvChannelCategory } from "../tv";
import { userText } from "../text";
import { CATALOG_MESSAGES } from "./admin-catalog-limits";
import { paidMinTierIdField } from "../tiers/gate";
export { CATALOG_MESSAGES } from "./admin-catalog-limits";

export * from "./admin-catalog-limits";

/** The 409 each catalog refusal is answered with (worker/db/music/admin-catalog.ts CatalogRefusal). */
export const CATALOG_REFUSALS = {
  concurrent_change: { code: "conflict", message: CATALOG_MESSAGES.concurrentChange },
  order_changed: { code: "order_changed", message: CATALOG_MESSAGES.orderChanged },
  number_taken: { code: "number_taken", message: CATALOG_MESSAGES.numberTaken },
} as const;

const slug = z.string().min(1).max(100).regex(SLUG_PATTERN);
export const catalogIdParamSchema = z.object({ id: slug });

const title = userText({ min: 1, max: TITLE_MAX, minMessage: CATALOG_MESSAGES.titleRequired, maxMessage: CATALOG_MESSAGES.titleTooLong });
const name = userText({ min: 1, max: TITLE_MAX, minMessage: CATALOG_MESSAGES.nameRequired, maxMessage: CATALOG_MESSAGES.nameTooLong });
const description = userText({
  min: 1,
  max: DESCRIPTION_MAX,
  minMessage: CATALOG_MESSAGES.descriptionRequired,
  maxMessage: CATALOG_MESSAGES.descriptionTooLong,
  multiline: true,
});
const durationSeconds = z.number().int().min(0).max(MAX_DURATION_SECONDS);
/** An https address; whether its host is allowed is the server's business (the proxy allowlist). */
const httpsUrl = z
  .string()
  .trim()
  .min(1, CATALOG_MESSAGES.httpsRequired)
  .max(REMOTE_URL_MAX)
  .refine((value) => /^https:\/\//i.test(value) && URL.canParse(value), CATALOG_MESSAGES.httpsRequired);

/** At least one field: an empty PATCH is a client bug, not a no-op to audit. */
const someField = <T extends Record<string, unknown>>(value: T) => Object.values(value).some((v) => v !== undefined);

/** Album notes: plain multi-line text; "" clears them (stored as null). */
const albumNotes = userText({ max: ALBUM_NOTES_MAX, maxMessage: CATALOG_MESSAGES.notesTooLong, multiline: true });

const albumFields = {
  title,
  year: z.number().int().min(1900).max(2100),
  type: z.enum(["Album", "Single"]),
  notes: albumNotes.optional(),
  notesPtBr: albumNotes.optional(),
};
export const albumCreateSchema = z.strictObject(albumFields);

/** A release time as an instant (the admin's form sends its local time with its offset); null: none. */
const releaseTime = z.iso.datetime({ offset: true }).nullable();

/**
 * The public release and the VIP early access before it, sent together (a form shows both):
 * early access needs a release, and starts before it.
 */
const releaseTimes = {
  releaseAt: releaseTime,
  earlyAccessAt: releaseTime,
  /** Early access for this tier and above (decision 108); null: VIP and above (a track's: its album's). */
  earlyMinTierId: paidMinTierIdField().optional(),
};
function checkReleaseTimes(value: { releaseAt?: string | null; earlyAccessAt?: string | null }, ctx: z.RefinementCtx) {
  if ((value.releaseAt === undefined) !== (value.earlyAccessAt === undefined)) {
    ctx.addIssue({ code: "custom", message: "releaseAt and earlyAccessAt come together", path: ["earlyAccessAt"] });
    return;
  }
  if (!value.earlyAccessAt) return;
  if (!value.releaseAt) ctx.addIssue({ code: "custom", message: CATALOG_MESSAGES.earlyAccessNeedsRelease, path: ["earlyAccessAt"] });
  else if (Date.parse(value.earlyAccessAt) >= Date.parse(value.releaseAt))
    ctx.addIssue({ code: "custom", message: CATALOG_MESSAGES.earlyAccessOrder, path: ["earlyAccessAt"] });
}

export const albumUpdateSchema = z
  .strictObject({ ...albumFields, ...releaseTimes })
  .partial()
  .refine(someField, CATALOG_MESSAGES.nothingToChange)
  .superRefine(checkReleaseTimes);

/** A new order: every id of the list, once each, first to last. */
export const orderSchema = z.strictObject({
  ids: z
    .array(slug)
    .min(1)
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, CATALOG_MESSAGES.duplicateIds),
});

export const trackCreateSchema = z.strictObject({
  title,
  /** Default: after the album's last track. */
  number: z.number().int().min(1).max(999).optional(),
  /** Replaced by the duration read from an uploaded file when it can be read. */
  durationSeconds: durationSeconds.optional(),
});
export const trackUpdateSchema = z
  .strictObject({
    title,
    number: z.number().int().min(1).max(999),
    durationSeconds,
    /** Visitors and free members may play the track's 30-second preview. */
    previewEnabled: z.boolean(),
    /** Where the preview starts in the track (the chorus, say); moved back near the end. */
    previewStartSeconds: z.number().int().min(0).max(MAX_DURATION_SECONDS),
    /** Downloads at once for who pre-orders its album; the rest wait for the release time (decision 118). */
    teaser: z.boolean(),
    /** The track's own release times; null for both: its album's. */
    ...releaseTimes,
  })
  .partial()
  .refine(someField, CATALOG_MESSAGES.nothingToChange)
  .superRefine(checkReleaseTimes);

/** Audio kept on a remote host: played through the audio proxy, so its host must be allowed. */
export const audioUrlSchema = z.strictObject({ url: httpsUrl, durationSeconds: durationSeconds.optional() });

/**
 * The Portuguese texts are optional (decision 032): empty (or a null name) reads as the English
 * one wherever the site shows it in Portuguese.
 */
const namePtBr = userText({ max: TITLE_MAX, maxMessage: CATALOG_MESSAGES.nameTooLong })
  .nullable()
  .transform((s) => (s ? s : null));
const descriptionPtBr = userText({ max: DESCRIPTION_MAX, maxMessage: CATALOG_MESSAGES.descriptionTooLong, multiline: true });

const stationFields = {
  name,
  namePtBr: namePtBr.optional(),
  descriptionEn: description,
  descriptionPtBr,
  features: z
    .array(z.enum(STATION_FEATURES))
    .max(STATION_FEATURES.length)
    .refine((f) => new Set(f).size === f.length, CATALOG_MESSAGES.duplicateIds),
  sourceType: z.enum(["catalog", "stream"]),
  /** The albums in rotation; null: the whole catalog. Ignored by stream stations. */
  albumIds: z
    .array(slug)
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, CATALOG_MESSAGES.duplicateIds)
    .nullable(),
  /** A stream station's Icecast/Shoutcast address (https, on the audio proxy's allowlist). */
  streamUrl: httpsUrl.nullable(),
};

export const stationCreateSchema = z
  .strictObject({
    ...stationFields,
    descriptionPtBr: descriptionPtBr.default(""),
    features: stationFields.features.default([]),
    albumIds: stationFields.albumIds.default(null),
    streamUrl: stationFields.streamUrl.default(null),
  })
  .refine((s) => s.sourceType !== "stream" || s.streamUrl !== null, { message: CATALOG_MESSAGES.streamUrlRequired, path: ["streamUrl"] });
/** Whether the merged station still makes sense (a stream needs its URL) is checked against the stored row. */
export const stationUpdateSchema = z.strictObject(stationFields).partial().refine(someField, CATALOG_MESSAGES.nothingToChange);

const channelFields = {
  name,
  namePtBr: namePtBr.optional(),
  descriptionEn: description,
  descriptionPtBr,
  category: z.enum(["music_video", "live", "behind_the_scenes"]),
  /** video: on demand; live: everyone watches the same moment (an embed, or the video looped). */
  type: z.enum(["video", "live"]),
  /** A live channel's external player page (shown in a sandboxed iframe). */
  embedUrl: httpsUrl.nullable(),
  durationSeconds,
};
export const channelCreateSchema = z.strictObject({
  ...channelFields,
  descriptionPtBr: descriptionPtBr.default(""),
  type: channelFields.type.default("video"),
  embedUrl: channelFields.embedUrl.default(null),
  durationSeconds: durationSeconds.default(0),
});
export const channelUpdateSchema = z.strictObject(channelFields).partial().refine(someField, CATALOG_MESSAGES.nothingToChange);

/** Where a track's audio is, as the back office shows it. */
export type AudioSource =
  | { kind: "none" }
  /** Stored in R2; `format` is the file's kind (mp3, m4a, aac, ogg, flac, wav). */
  | { kind: "file"; format: string }
  | { kind: "remote"; url: string };

export type AdminTrack = {
  id: string;
  albumId: string;
  title: string;
  number: number;
  durationSeconds: number;
  plays: number;
  featuredPosition: number | null;
  audio: AudioSource;
  /** The lossless master sold as a download beside the MP3 (decision 054): its format, null when none. */
  master: "wav" | "flac" | null;
  /**
   * The master's other lossless format, made by a queue job (decision 121): which one, and whether it
   * is being made, made (sold too) or could not be made (the master sells in its own format only).
   * Both null when there is no master.
   */
  derivedFormat: "wav" | "flac" | null;
  derivedState: "pending" | "done" | "failed" | null;
  /** The 30-second preview: on or off, and where in the track it starts. */
  preview: { enabled: boolean; startSeconds: number };
  /** A pre-order's teaser: it downloads before the release time (decision 118). */
  teaser: boolean;
  /** Its own release times (ISO), null: its album's. */
  releaseAt: string | null;
  earlyAccessAt: string | null;
  /** Early access for this tier and above (decision 108); null: VIP and above (a track's: its album's). */
  earlyMinTierId: string | null;
  /** People waiting to be told it is out ("Notify me", decision 057): confirmed requests not yet told. */
  notifyWaiting: number;
};

export type AdminAlbum = {
  id: string;
  title: string;
  year: number;
  type: AlbumType;
  coverUrl: string | null;
  position: number;
  /** The public release and the VIP early access before it (ISO); null: released. */
  releaseAt: string | null;
  earlyAccessAt: string | null;
  /** Early access for this tier and above (decision 108); null: VIP and above. */
  earlyMinTierId: string | null;
  /** Plain-text notes; null: none (the Portuguese falls back to the English on public pages). */
  notes: string | null;
  notesPtBr: string | null;
  /** People waiting to be told it is out ("Notify me", decision 057): confirmed requests not yet told. */
  notifyWaiting: number;
  tracks: AdminTrack[];
};

export type AdminStation = {
  id: string;
  name: string;
  namePtBr: string | null;
  descriptionEn: string;
  descriptionPtBr: string;
  imageUrl: string | null;
  features: StationFeature[];
  sourceType: "catalog" | "stream";
  streamUrl: string | null;
  albumIds: string[] | null;
  position: number;
};

export type AdminChannel = {
  id: string;
  name: string;
  namePtBr: string | null;
  descriptionEn: string;
  descriptionPtBr: string;
  category: TvChannelCategory;
  type: "video" | "live";
  thumbnailUrl: string | null;
  /** The uploaded video's format (mp4, webm), or null when there is none. */
  video: string | null;
  embedUrl: string | null;
  durationSeconds: number;
  position: number;
};

export type AdminAlbumsResponse = { albums: AdminAlbum[] };
export type AdminAlbumResponse = { album: AdminAlbum };
export type AdminTrackResponse = { track: AdminTrack };
export type AdminStationsResponse = { stations: AdminStation[] };
export type AdminStationResponse = { station: AdminStation };
export type AdminChannelsResponse = { channels: AdminChannel[] };
export type AdminChannelResponse = { channel: AdminChannel };
/** After an audio or video upload: the row, and whether the duration came from the file. */
export type TrackAudioResponse = { track: AdminTrack; durationDetected: boolean };
export type ChannelVideoResponse = { channel: AdminChannel; durationDetected: boolean };
/** After a delete: how many tracks went to retired_tracks (their plays stay counted). */
export type DeletedResponse = { deleted: string; retiredTracks: number };
