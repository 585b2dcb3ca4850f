// An event's ticket types (decision 055): the list (GET …/ticket-types) and the writes, shared by
// the form's section and its dialog.
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import {
  ticketTypesApi,
  type AdminTicketTypeResponse,
  type AdminTicketTypesResponse,
  type TicketTypeDeletedResponse,
  type TicketTypeInput,
} from "#contracts/tickets/admin-ticket-types.ts";
import { adminEventKeys } from "./queries";

export const ticketTypesQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: [...adminEventKeys.events, eventId, "ticket-types"] as const,
    queryFn: ({ signal }) => api<AdminTicketTypesResponse>(ticketTypesApi(eventId), { signal }),
    staleTime: 5_000,
  });

export const ticketTypeWrites = {
  create: (eventId: string, input: TicketTypeInput) => api<AdminTicketTypeResponse>(ticketTypesApi(eventId), { method: "POST", json: input }),
  update: (eventId: string, typeId: string, input: TicketTypeInput) =>
    api<AdminTicketTypeResponse>(ticketTypesApi(eventId, typeId), { method: "PUT", json: input }),
  remove: (eventId: string, typeId: string) => api<TicketTypeDeletedResponse>(ticketTypesApi(eventId, typeId), { method: "DELETE" }),
};
