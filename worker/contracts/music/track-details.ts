// A track's lyrics and credits (decision 112): the back office's bodies, the public answers, and
// the synced lyrics' lines as the player follows them (read from LRC by worker/lib/lrc.ts).
import { z } from "../zod";
import { LOCALES, type Locale } from "../locale";
import { userText } from "../text";
import {
  CREDIT_DETAIL_MAX,
  CREDIT_NAME_MAX,
  CREDIT_ROLES,
  CREDITS_MAX,
  ISRC_PATTERN,
  LYRICS_ACCESS,
  LYRICS_MAX_CHARS,
  TRACK_DETAILS_MESSAGES as M,
  TRACK_LABEL_MAX,
  type CreditRole,
  type LyricsAccess,
  type SyncedLine,
} from "./track-details-limits";

export * from "./track-details-limits";

// ---------- The back office ----------

export const lyricsLocaleParamSchema = z.object({ id: z.string().min(1).max(100), locale: z.enum(LOCALES) });

export const lyricsBodySchema = z.strictObject({
  synced: z.boolean(),
  body: userText({ min: 1, max: LYRICS_MAX_CHARS, minMessage: M.lyricsRequired, maxMessage: M.lyricsTooLong, multiline: true }),
});
export type LyricsBody = z.infer<typeof lyricsBodySchema>;

const credit = z.strictObject({
  role: z.enum(CREDIT_ROLES),
  name: userText({ min: 1, max: CREDIT_NAME_MAX, minMessage: M.creditNameRequired, maxMessage: M.creditNameTooLong }),
  detail: userText({ min: 0, max: CREDIT_DETAIL_MAX, maxMessage: M.creditDetailTooLong }).nullable(),
});

/** The whole of a track's credits at once, in their order; null clears a field. */
export const creditsBodySchema = z.strictObject({
  credits: z.array(credit).max(CREDITS_MAX, M.creditsTooMany),
  isrc: z
    .string()
    .transform((value) => value.replace(/-/g, "").trim().toUpperCase())
    .pipe(z.string().regex(ISRC_PATTERN, M.isrcInvalid))
    .nullable(),
  label: userText({ min: 0, max: TRACK_LABEL_MAX, maxMessage: M.labelTooLong }).nullable(),
  recordedOn: z.iso.date(M.recordedOnInvalid).nullable(),
});
export type CreditsBody = z.infer<typeof creditsBodySchema>;

export const lyricsAccessBodySchema = z.strictObject({ access: z.enum(LYRICS_ACCESS) });

// ---------- What the site shows ----------

/** `memberId`: the member the credit is, when it names one (a released contest remix's remixers, decision 197). */
export type TrackCredit = { role: CreditRole; name: string; detail: string | null; memberId?: string };

export type TrackCreditsResponse = {
  credits: TrackCredit[];
  isrc: string | null;
  label: string | null;
  recordedOn: string | null;
};

export type TrackLyrics = {
  locale: Locale;
  synced: boolean;
  /** The text as written (LRC for synced lyrics), for screen readers and the back office. */
  text: string;
  /** The timed lines of synced lyrics; empty for plain ones. */
  lines: SyncedLine[];
};

export type TrackLyricsResponse = { access: LyricsAccess; lyrics: TrackLyrics[] };

/** The back office's editor: the credits, every language's lyrics and the release's lyrics access. */
export type AdminTrackDetailsResponse = TrackCreditsResponse & { lyrics: TrackLyrics[]; lyricsAccess: LyricsAccess };
