// Listening parties' data: the public upcoming list (the teaser on / and /events, prefetched by
// their loaders so the server renders it), one party for its room, and the play grant the room's
// player asks for at each track.
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { retryUnreachable } from "../../lib/queryClient";
import type { PartyPlayResponse, PartyResponse, PublicPartiesResponse } from "#contracts/parties/parties.ts";

export const partiesKeys = {
  all: ["parties"] as const,
  upcoming: ["parties", "upcoming"] as const,
  one: (id: string) => ["parties", "one", id] as const,
};

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
