// Listening parties' data: the public upcoming list (the teaser on / and /events, prefetched by
// their loaders so the server renders it), one party for its room, and the play grant the room's
// player asks for at each track.
import { queryOptions } from "@tanstack/react-query";
import { api, ApiRequestError } from "../../lib/api";
import type { PartyPlayResponse, PartyResponse, PublicPartiesResponse } from "#contracts/parties.ts";

export const partiesKeys = {
  all: ["parties"] as const,
  upcoming: ["parties", "upcoming"] as const,
  one: (id: string) => ["parties", "one", id] as const,
};

/** Retry once when the server could not be reached; its own answers are shown as they are. */
const retryUnreachable = (failureCount: number, error: unknown) => failureCount < 1 && !(error instanceof ApiRequestError);

export const upcomingPartiesQueryOptions = () =>
  queryOptions({
    queryKey: partiesKeys.upcoming,
    queryFn: ({ signal }) => api<PublicPartiesResponse>("/api/parties", { signal }),
    staleTime: 60_000,
    retry: retryUnreachable,
  });

export const partyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: partiesKeys.one(id),
    queryFn: ({ signal }) => api<PartyResponse>(`/api/parties/${encodeURIComponent(id)}`, { signal }),
    retry: retryUnreachable,
  });

export const playParty = (id: string) => api<PartyPlayResponse>(`/api/parties/${encodeURIComponent(id)}/play`, { method: "POST", json: {} });
