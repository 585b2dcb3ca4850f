// The door's reads (events, an event's check-ins) and its one write (reading a pass). After a pass
// is read the list and the counts are fetched again. Types only from the contract.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ApiRequestError } from "../../lib/api";
import type { CheckInEventsResponse, CheckInListResponse, CheckInResponse } from "#contracts/tickets/vip-pass.ts";

export const checkInKeys = {
  all: ["check-in"] as const,
  events: ["check-in", "events"] as const,
  list: (eventId: string) => ["check-in", "list", eventId] as const,
};

/** True for the Worker's refusal: signed out (401) or not door staff (403). */
export const isRefusal = (error: unknown) => error instanceof ApiRequestError && (error.status === 401 || error.status === 403);

export const checkInEventsQueryOptions = () =>
  queryOptions({
    queryKey: checkInKeys.events,
    queryFn: ({ signal }) => api<CheckInEventsResponse>("/api/check-in/events", { signal }),
    staleTime: 30_000,
  });

export const checkInListQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: checkInKeys.list(eventId),
    queryFn: ({ signal }) => api<CheckInListResponse>(`/api/check-in/events/${encodeURIComponent(eventId)}/check-ins`, { signal }),
    // Several staff members may scan at one door: the list catches up with theirs.
    refetchInterval: 15_000,
  });

/** A pass as the door read it: the QR code's token or the typed code. */
export type PassRead = { eventId: string; token: string } | { eventId: string; code: string };

export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (read: PassRead) => api<CheckInResponse>("/api/check-in", { method: "POST", json: read }),
    onSuccess: (_answer, read) => {
      void queryClient.invalidateQueries({ queryKey: checkInKeys.list(read.eventId) });
      void queryClient.invalidateQueries({ queryKey: checkInKeys.events });
    },
  });
}
