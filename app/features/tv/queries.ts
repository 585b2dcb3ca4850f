// TV data: the public channel list (queryOptions so the route loader can prefetch it) and the
// VIP-only stream request the player makes each time it tunes in.
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import type { ChannelsResponse, TvStreamResponse } from "#contracts/tv.ts";
import { isLocale, LANG_PARAM } from "#contracts/locale.ts";

/** The channels' names and descriptions come in `locale` (decision 032), as the radio's stations. */
export const channelsQueryOptions = (locale: string) => {
  const lang = isLocale(locale) ? locale : "en";
  return queryOptions({
    queryKey: ["tv", "channels", lang],
    queryFn: ({ signal }) => api<ChannelsResponse>(`/api/tv/channels?${LANG_PARAM}=${lang}`, { signal }),
    staleTime: 5 * 60_000,
  });
};

/**
 * A stream as the player uses it: the server's answer plus the local time it arrived, so that
 * positions and expiry are worked out from elapsed local time only (the device's clock may be
 * minutes off the server's; only its rate matters).
 */
export type TunedStream = TvStreamResponse & { receivedAt: number };

/** POST /api/tv/channels/:id/stream: a fresh signed URL (or a live channel's embed page). */
export async function requestStream(channelId: string, signal?: AbortSignal): Promise<TunedStream> {
  const stream = await api<TvStreamResponse>(`/api/tv/channels/${encodeURIComponent(channelId)}/stream`, { method: "POST", json: {}, signal });
  return { ...stream, receivedAt: Date.now() };
}

/**
 * Where a live channel is at local time `now` (seconds into its looping video). The server's
 * `startAt` holds as of its `serverTime`, which is when the answer arrived here (`receivedAt`), give
 * or take the trip: so the position now is `startAt` plus the local time elapsed since then. The
 * device's clock is never compared with the server's, so a clock minutes off changes nothing.
 */
export function livePositionAt(stream: Extract<TunedStream, { kind: "video" }>, now: number, mediaDuration = Number.NaN): number {
  const position = (stream.startAt ?? 0) + (now - stream.receivedAt) / 1000;
  const period = stream.durationSeconds > 0 ? stream.durationSeconds : Number.isFinite(mediaDuration) ? mediaDuration : 0;
  if (period <= 0) return Math.max(0, position);
  const wrapped = ((position % period) + period) % period;
  // The file may be a hair shorter than the catalogue says: never seek past its end.
  return Number.isFinite(mediaDuration) ? Math.min(wrapped, Math.max(0, mediaDuration - 0.05)) : wrapped;
}

/** True once a signed URL has expired, judged by local elapsed time (clock-skew safe). */
export function streamExpired(stream: TunedStream, now: number): boolean {
  if (stream.kind !== "video") return false;
  const lifetime = Date.parse(stream.expiresAt) - Date.parse(stream.serverTime);
  return Number.isFinite(lifetime) && now - stream.receivedAt >= lifetime;
}
