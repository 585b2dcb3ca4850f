// Catalog data for the music pages (queryOptions so route loaders can prefetch the same queries).
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { api, ApiRequestError } from "../../lib/api";
import { isLocale, LANG_PARAM } from "#contracts/locale.ts";
import type { AlbumResponse, AlbumsResponse, PlayResponse, TrackResponse, TracksResponse } from "#contracts/music/music.ts";
import type { TrackCreditsResponse, TrackLyricsResponse } from "#contracts/music/track-details.ts";

export const isMissing = (error: unknown) => error instanceof ApiRequestError && (error.status === 404 || error.status === 400);

export const albumsQueryOptions = () =>
  queryOptions({
    queryKey: ["music", "albums"],
    queryFn: ({ signal }) => api<AlbumsResponse>("/api/music/albums", { signal }),
    staleTime: 5 * 60_000,
  });

/**
 * The album's notes come in `locale` (react-intl's, decision 032): in the key, so a language switch
 * fetches the other notes, and in the address, so the page's language wins over the cookie in the
 * server's render too (as the radio stations do).
 */
export const albumQueryOptions = (id: string, locale: string) => {
  const lang = isLocale(locale) ? locale : "en";
  return queryOptions({
    queryKey: ["music", "albums", id, lang],
    queryFn: ({ signal }) => api<AlbumResponse>(`/api/music/albums/${encodeURIComponent(id)}?${LANG_PARAM}=${lang}`, { signal }),
    staleTime: 5 * 60_000,
  });
};

/** Every track with its play count, and the site's total plays. */
export const tracksQueryOptions = () =>
  queryOptions({
    queryKey: ["music", "tracks"],
    queryFn: ({ signal }) => api<TracksResponse>("/api/music/tracks", { signal }),
    staleTime: 60_000,
  });

export const trackQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["music", "tracks", id],
    queryFn: ({ signal }) => api<TrackResponse>(`/api/music/tracks/${encodeURIComponent(id)}`, { signal }),
    staleTime: 60_000,
  });

/** A track's credits: public wherever the track is. */
export const trackCreditsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["music", "tracks", id, "credits"],
    queryFn: ({ signal }) => api<TrackCreditsResponse>(`/api/music/tracks/${encodeURIComponent(id)}/credits`, { signal }),
    staleTime: 5 * 60_000,
  });

/** A track's lyrics: 401 or 403 when its release keeps them for VIP and above. */
export const trackLyricsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["music", "tracks", id, "lyrics"],
    queryFn: ({ signal }) => api<TrackLyricsResponse>(`/api/music/tracks/${encodeURIComponent(id)}/lyrics`, { signal }),
    staleTime: 5 * 60_000,
  });

/** After a counted play: the counters on screen rise without refetching the catalog. */
export function applyPlayCounted(client: QueryClient, response: PlayResponse, trackId: string) {
  client.setQueryData(tracksQueryOptions().queryKey, (old) =>
    old ? { totalPlays: response.totalPlays, tracks: old.tracks.map((t) => (t.id === trackId ? { ...t, plays: response.plays } : t)) } : old,
  );
  client.setQueryData(trackQueryOptions(trackId).queryKey, (old) => (old ? { track: { ...old.track, plays: response.plays } } : old));
}
