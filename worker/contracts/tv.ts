// TV channels: shapes shared by the Worker and the SPA (docs/features.md#radio-and-tv: the TV page, a channel's fields, 2 s of static then autoplay and loop, 'Unable to play video'). The
// channel list is public; video sources are for VIP and admin only.

export const TV_MESSAGES = {
  channelNotFound: "Channel not found",
  playFailed: "Unable to play video. Please try again.",
  noSource: "This channel has nothing to play yet",
} as const;

export type TvChannelCategory = "music_video" | "live" | "behind_the_scenes";

export type TvChannelView = {
  id: string;
  /** The name and description in the answer's language (?lang=, the locale cookie, Accept-Language). */
  name: string;
  description: string;
  category: TvChannelCategory;
  /** live channels are watched at the same moment by everyone (LIVE badge). */
  live: boolean;
  thumbnailUrl: string | null;
  position: number;
};

export type ChannelsResponse = { channels: TvChannelView[] };

/** The languages a video's captions come in (WebVTT files in R2, `tvCaptionsKey`). */
export const TV_CAPTION_LANGS = ["en", "pt-BR"] as const;
export type TvCaptionLang = (typeof TV_CAPTION_LANGS)[number];

/** A caption track of a video: its language and a URL signed like the video's. */
export type TvCaptionTrack = { lang: TvCaptionLang; url: string };

/** Where a channel's captions in `lang` are kept in R2 (no column: a file there or none). */
export const tvCaptionsKey = (channelId: string, lang: TvCaptionLang) => `tv/captions/${channelId}.${lang}.vtt`;

/**
 * POST /api/tv/channels/:id/stream (VIP, admin).
 * - video: a signed URL of the channel's video; `startAt` is where a live channel is now (seconds,
 *   as of `serverTime`, the same for every viewer), null for on-demand videos; `captions` lists the
 *   caption tracks the video has (each URL carries the video's token).
 * - embed: a live channel's external player page, shown in a sandboxed iframe.
 */
export type TvStreamResponse =
  | { kind: "video"; url: string; expiresAt: string; startAt: number | null; durationSeconds: number; serverTime: string; captions: TvCaptionTrack[] }
  | { kind: "embed"; embedUrl: string };

/** The SPA's static between channels, and the skip step (docs/features.md#radio-and-tv: 2 s of static, skip 10 s). */
export const TV_STATIC_MS = 2000;
export const TV_SKIP_SECONDS = 10;
