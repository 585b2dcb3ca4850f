// The live show's reads: the show as this viewer may see it (GET /api/live/:eventId, read again
// every 20 s so the state, the viewer count and a lock follow the show), and a playback token.
// Texts come in the page's language (?lang=), so it is in the key.
import { queryOptions } from "@tanstack/react-query";
import { api, ApiRequestError } from "../../lib/api";
import { LANG_PARAM, type Locale } from "#contracts/locale.ts";
import { liveApiPath, liveTokenPath } from "#contracts/live-limits.ts";
import type { LiveShowView, LiveTokenResponse } from "#contracts/live.ts";

/** How often the page asks for the show again while it is open. */
export const LIVE_VIEW_POLL_MS = 20_000;

export const liveShowQueryOptions = (eventId: string, locale: Locale) =>
  queryOptions({
    queryKey: ["live", eventId, locale] as const,
    queryFn: ({ signal }) => api<LiveShowView>(`${liveApiPath(eventId)}?${LANG_PARAM}=${locale}`, { signal }),
    refetchInterval: LIVE_VIEW_POLL_MS,
    // A show that is not there (404) stays not there: asking again changes nothing.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiRequestError),
  });

/** A playback token for the show (each ask also counts this viewer). */
export const requestLiveToken = (eventId: string) => api<LiveTokenResponse>(liveTokenPath(eventId), { method: "POST" });
