// Community rooms' reads: the list (every room, what keeps this viewer out, unread counts), one room, a page
// of one room's history, and the tier ladder's names (the same cache entry as /signup-options').
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { TIERS_API, type PublicTiersResponse } from "#contracts/tiers/limits.ts";
import type { RoomHistoryResponse, RoomResponse, RoomsResponse } from "#contracts/rooms/rooms.ts";

export const roomsQueryOptions = () =>
  queryOptions({
    queryKey: ["rooms", "list"] as const,
    queryFn: ({ signal }) => api<RoomsResponse>("/api/rooms", { signal }),
  });

/** One room as the list would show it: a listening party's room, which the list leaves out, too. */
export const roomQueryOptions = (roomId: string) =>
  queryOptions({
    queryKey: ["rooms", "one", roomId] as const,
    queryFn: ({ signal }) => api<RoomResponse>(`/api/rooms/${encodeURIComponent(roomId)}`, { signal }),
  });

export const tierLadderQueryOptions = () =>
  queryOptions({
    queryKey: ["tiers", "ladder"] as const,
    queryFn: ({ signal }) => api<PublicTiersResponse>(TIERS_API, { signal }),
    staleTime: 60_000,
  });

/** The page of messages before `before`, oldest first. */
export const roomHistory = (roomId: string, before: number) => api<RoomHistoryResponse>(`/api/rooms/${encodeURIComponent(roomId)}/messages?before=${before}`);
