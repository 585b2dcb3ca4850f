// The member's tickets (GET /api/tickets, per member: a sign-in or sign-out resets them with the
// other queries, app/lib/session/logout.ts), one ticket, and the owner's two writes: the name at
// the door and a transfer. Texts come in the page's language (?lang=), so it is in the key.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { LANG_PARAM, type Locale } from "#contracts/locale.ts";
import { ticketApiPath, TICKETS_API, type MyTicketResponse, type MyTicketsResponse, type TicketTransferResponse } from "#contracts/tickets/mine-model.ts";

export const myTicketsKeys = {
  all: ["my-tickets"] as const,
  list: (locale: Locale) => ["my-tickets", "list", locale] as const,
  one: (id: string, locale: Locale) => ["my-tickets", "one", id, locale] as const,
};

export const myTicketsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: myTicketsKeys.list(locale),
    queryFn: ({ signal }) => api<MyTicketsResponse>(`${TICKETS_API}?${LANG_PARAM}=${locale}`, { signal }),
  });

export const myTicketQueryOptions = (id: string, locale: Locale) =>
  queryOptions({
    queryKey: myTicketsKeys.one(id, locale),
    queryFn: ({ signal }) => api<MyTicketResponse>(`${ticketApiPath(id)}?${LANG_PARAM}=${locale}`, { signal }),
    // A ticket that is not (or no longer) theirs is a 404: asking again changes nothing.
    retry: false,
  });

/** Sets (or clears, with "") the name at the door; every view of the tickets reads it again. */
export function useSetHolder(id: string, locale: Locale) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (holderName: string) => api<MyTicketResponse>(`${ticketApiPath(id)}/holder?${LANG_PARAM}=${locale}`, { method: "PUT", json: { holderName } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(myTicketsKeys.one(id, locale), answer);
      void queryClient.invalidateQueries({ queryKey: myTicketsKeys.all });
    },
  });
}

/** Hands the ticket to another member: it leaves this member's tickets. */
export function useTransfer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => api<TicketTransferResponse>(`${ticketApiPath(id)}/transfer`, { method: "POST", json: { username } }),
    onSuccess: () => {
      // Not theirs any more: the ticket's own page is not asked for again, the lists are.
      queryClient.removeQueries({ queryKey: ["my-tickets", "one", id] });
      void queryClient.invalidateQueries({ queryKey: ["my-tickets", "list"] });
    },
  });
}
