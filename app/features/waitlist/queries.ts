// The member's waitlist (decision 185, /api/waitlist): their places with each live offer, the
// tickets they handed back, and the writes on them. One query each for the whole page, however many
// ticket types or tickets show them; a sign-in or sign-out resets them with the other queries
// (app/lib/session/logout.ts). Never fetched on the server: a member's state loads after hydration.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import type {
  TicketReturnResponse,
  TicketReturnsResponse,
  WaitlistCheckoutResponse,
  WaitlistPlaceResponse,
  WaitlistPlacesResponse,
} from "#contracts/waitlist/model.ts";

const API = "/api/waitlist";

export const waitlistKeys = {
  all: ["waitlist"] as const,
  places: ["waitlist", "places"] as const,
  returns: ["waitlist", "returns"] as const,
};

export const placesQueryOptions = () =>
  queryOptions({
    queryKey: waitlistKeys.places,
    queryFn: ({ signal }) => api<WaitlistPlacesResponse>(`${API}/places`, { signal }),
    staleTime: 30_000,
  });

export const returnsQueryOptions = () =>
  queryOptions({
    queryKey: waitlistKeys.returns,
    queryFn: ({ signal }) => api<TicketReturnsResponse>(`${API}/returns`, { signal }),
    staleTime: 30_000,
  });

function useWaitlistWrite<TVars, TAnswer>(write: (vars: TVars) => Promise<TAnswer>, key: readonly string[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** Joins a sold-out type's list; the new place shows at once, before the list is read again. */
export function useJoin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { ticketTypeId: string; quantity: number }) => api<WaitlistPlaceResponse>(`${API}/places`, { method: "POST", json: body }),
    onSuccess: ({ place }) => {
      queryClient.setQueryData<WaitlistPlacesResponse>(waitlistKeys.places, (old) => ({ places: [...(old?.places ?? []), place] }));
      void queryClient.invalidateQueries({ queryKey: waitlistKeys.places });
    },
  });
}

export const useLeave = () =>
  useWaitlistWrite((placeId: string) => api<void>(`${API}/places/${encodeURIComponent(placeId)}`, { method: "DELETE" }), waitlistKeys.places);

export const useDecline = () =>
  useWaitlistWrite((offerId: string) => api<void>(`${API}/offers/${encodeURIComponent(offerId)}/decline`, { method: "POST" }), waitlistKeys.places);

/** Hands a ticket back; the ticket says so at once, with what the Worker will refund. */
export function useHandBack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticketId: string) => api<TicketReturnResponse>(`${API}/returns`, { method: "POST", json: { ticketId } }),
    onSuccess: (answer) => {
      queryClient.setQueryData<TicketReturnsResponse>(waitlistKeys.returns, (old) => ({ returns: [...(old?.returns ?? []), answer.return] }));
      void queryClient.invalidateQueries({ queryKey: waitlistKeys.returns });
    },
  });
}

export const useTakeBack = () =>
  useWaitlistWrite((returnId: string) => api<void>(`${API}/returns/${encodeURIComponent(returnId)}`, { method: "DELETE" }), waitlistKeys.returns);

/** Opens the offer's checkout at face value and sends the browser there; the page stays "opening" meanwhile. */
export function useClaim() {
  return useMutation({
    mutationFn: (offerId: string) => api<WaitlistCheckoutResponse>(`${API}/offers/${encodeURIComponent(offerId)}/checkout`, { method: "POST" }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
