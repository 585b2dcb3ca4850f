// Radio data: the public station list and what a station plays (queryOptions so loaders can
// prefetch), and the VIP-only tune call the engine makes.
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import type { NowPlayingResponse, StationsResponse, TuneResponse } from "#contracts/radio.ts";
import { isLocale, LANG_PARAM } from "#contracts/locale.ts";

/**
 * The stations' names and descriptions come in `locale` (react-intl's, decision 032): in the key,
 * so a language switch fetches the other texts, and in the address, so the page's language wins
 * over the cookie in the server's render too.
 */
export const stationsQueryOptions = (locale: string) => {
  const lang = isLocale(locale) ? locale : "en";
  return queryOptions({
    queryKey: ["radio", "stations", lang],
    queryFn: () => api<StationsResponse>(`/api/radio/stations?${LANG_PARAM}=${lang}`),
    staleTime: 5 * 60_000,
  });
};

export const nowPlayingQueryOptions = (stationId: string) =>
  queryOptions({
    queryKey: ["radio", "now-playing", stationId],
    queryFn: () => api<NowPlayingResponse>(`/api/radio/stations/${encodeURIComponent(stationId)}/now-playing`),
    // Refetched when the current track ends (see useNowPlaying), else every 30 s for the count.
    refetchInterval: (query) => {
      const endsAt = query.state.data?.nowPlaying.current?.endsAt;
      const untilEnd = endsAt ? Date.parse(endsAt) - Date.now() + 250 : Infinity;
      return Math.max(1_000, Math.min(30_000, untilEnd));
    },
  });

export const tuneStation = (stationId: string) => api<TuneResponse>(`/api/radio/stations/${encodeURIComponent(stationId)}/tune`, { method: "POST", json: {} });
