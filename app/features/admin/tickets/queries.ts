// The ticket list (one query per filter set), one ticket's detail, the export link, and the
// import's two calls. Types only from the zod contract; values from its zod-free half.
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { TICKETS_API, type TicketStatus, type TicketTimeFilter } from "../../../../worker/contracts/admin-tickets-limits";
import type { ImportBody, ImportPreviewResponse, ImportResponse, TicketDetailResponse, TicketsListResponse } from "../../../../worker/contracts/admin-tickets";
import { adminKeys, adminTimeZone } from "../queries";

export type TicketFilters = { search: string; status: TicketStatus | "all"; time: TicketTimeFilter };
export const DEFAULT_FILTERS: TicketFilters = { search: "", status: "all", time: "all" };

export const ticketKeys = {
  all: [...adminKeys.all, "tickets"] as const,
  list: (filters: TicketFilters, tz: string) => [...adminKeys.all, "tickets", "list", filters, tz] as const,
  detail: (id: string) => [...adminKeys.all, "tickets", "detail", id] as const,
};

/** The filters as the API's query string; the zone makes Today the admin's own day. */
export function filterParams(filters: TicketFilters, tz: string = adminTimeZone()): string {
  return new URLSearchParams({ search: filters.search.trim(), status: filters.status, time: filters.time, tz }).toString();
}

export const ticketsQueryOptions = (filters: TicketFilters, tz: string = adminTimeZone()) =>
  queryOptions({
    queryKey: ticketKeys.list(filters, tz),
    queryFn: ({ signal }) => api<TicketsListResponse>(`${TICKETS_API}?${filterParams(filters, tz)}`, { signal }),
    staleTime: 10_000,
  });

export const ticketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ticketKeys.detail(id),
    queryFn: ({ signal }) => api<TicketDetailResponse>(`${TICKETS_API}/${encodeURIComponent(id)}`, { signal }),
    staleTime: 10_000,
  });

/** tickets.csv of the rows the filters show (a plain link: the browser downloads it). */
export const exportUrl = (filters: TicketFilters, tz: string = adminTimeZone()) => `${TICKETS_API}/export.csv?${filterParams(filters, tz)}`;

export const previewImport = (csv: string) => api<ImportPreviewResponse>(`${TICKETS_API}/import/preview`, { method: "POST", body: csv });

export const importPiece = (body: ImportBody) => api<ImportResponse>(`${TICKETS_API}/import`, { method: "POST", json: body });
