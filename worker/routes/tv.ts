// TV channels (docs/features.md#radio-and-tv): the list is public; video sources are for VIP and admin only, as
// short-lived signed URLs (or a live channel's embed page).
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { slugIdParamSchema } from "#contracts/music/music.ts";
import { readConfig } from "../env";
import { requireVIP } from "../middleware/guards";
import { validate } from "../lib/validate";
import { notFound, routeError } from "../lib/errors";
import { signMediaToken } from "../lib/media-token";
import { remember } from "../lib/memo";
import { RADIO_EPOCH_MS } from "../lib/radio-rotation";
import { channelView, findChannel, listChannels } from "../db/broadcast";
import { answerLanguage } from "../middleware/content-language";
import { TV_CAPTION_LANGS, TV_MESSAGES, tvCaptionsKey, type ChannelsResponse, type TvCaptionTrack, type TvStreamResponse } from "#contracts/tv.ts";

/** Channel rows change only from the back office, which forgets "music:" keys. */
const CHANNELS_TTL_MS = 60_000;

/** Where a looping live channel is now, the same for every viewer (seconds into its video). */
export function livePosition(durationSeconds: number, now: number): number {
  const period = durationSeconds * 1000;
  return ((((now - RADIO_EPOCH_MS) % period) + period) % period) / 1000;
}

export const tvRoutes = new Hono<HonoEnv>()
  .get("/channels", async (c) => {
    c.header("Cache-Control", "public, max-age=60");
    const locale = answerLanguage(c);
    // The memo holds both languages' texts; each answer picks its own.
    const channels = await remember("music:tv:channels", CHANNELS_TTL_MS, () => listChannels(c.var.db));
    return c.json<ChannelsResponse>({ channels: channels.map((channel) => channelView(channel, locale)) });
  })

  .post("/channels/:id/stream", requireVIP, validate("param", slugIdParamSchema), async (c) => {
    const channel = await findChannel(c.var.db, c.req.valid("param").id);
    if (!channel) throw notFound(TV_MESSAGES.channelNotFound, "channel_not_found");
    if (channel.type === "live" && channel.embedUrl) return c.json<TvStreamResponse>({ kind: "embed", embedUrl: channel.embedUrl });
    if (!channel.videoKey) throw routeError("no_source");
    const now = Date.now();
    const { token, expiresAt } = await signMediaToken(readConfig(c.env).SESSION_SECRET, c.var.user.id, "video", channel.id, now);
    const live = channel.type === "live" && channel.durationSeconds > 0;
    const query = `?token=${encodeURIComponent(token)}`;
    // The caption files there are (one R2 head each): the player offers CC only when there are some.
    const present = await Promise.all(TV_CAPTION_LANGS.map(async (lang) => ((await c.env.MEDIA.head(tvCaptionsKey(channel.id, lang))) ? lang : null)));
    const captions: TvCaptionTrack[] = present
      .filter((lang) => lang !== null)
      .map((lang) => ({ lang, url: `/media/tv/${channel.id}/captions/${lang}${query}` }));
    return c.json<TvStreamResponse>({
      kind: "video",
      url: `/media/tv/${channel.id}${query}`,
      expiresAt: expiresAt.toISOString(),
      startAt: live ? livePosition(channel.durationSeconds, now) : null,
      durationSeconds: channel.durationSeconds,
      serverTime: new Date(now).toISOString(),
      captions,
    });
  });
