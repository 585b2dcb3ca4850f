// The ticket list (one query per filter set), one ticket's detail, the export link, and the
// import's two calls. Types only from the zod contract; values from its zod-free half.
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { TICKETS_API, type TicketSource, type TicketStatus, type TicketTimeFilter } from "#contracts/tickets/admin-limits.ts";
import type { ImportBody, ImportPreviewResponse, ImportResponse, TicketDetailResponse, TicketsListResponse } from "#contracts/tickets/admin.ts";
import { doorCsvPath, doorListPath, ticketSalesPath, type DoorListResponse, type DoorSort, type TicketSalesResponse } from "#contracts/tickets/admin-sales.ts";
import { adminKeys, adminTimeZone } from "../queries";

/** `event` is an event's id ("" for every event), as /admin/tickets?event=… opens the list. */
export type TicketFilters = { search: string; status: TicketStatus | "all"; time: TicketTimeFilter; source: TicketSource | "all"; event: string };
export const DEFAULT_FILTERS: TicketFilters = { search: "", status: "all", time: "all", source: "all", event: "" };

export const ticketKeys = {
  all: [...adminKeys.all, "tickets"] as const,
  list: (filters: TicketFilters, tz: string) => [...adminKeys.all, "tickets", "list", filters, tz] as const,
  detail: (id: string) => [...adminKeys.all, "tickets", "detail", id] as const,
  sales: (eventId: string) => [...adminKeys.all, "tickets", "sales", eventId] as const,
  door: (eventId: string, search: string, sort: DoorSort) => [...adminKeys.all, "tickets", "door", eventId, search, sort] as const,
};

/** The filters as the API's query string; the zone makes Today the admin's own day. Source and event only when chosen. */
export function filterParams(filters: TicketFilters, tz: string = adminTimeZone(), cursor?: string): string {
  const params = new URLSearchParams({ search: filters.search.trim(), status: filters.status, time: filters.time, tz });
  if (filters.source !== "all") params.set("source", filters.source);
  if (filters.event) params.set("event", filters.event);
  if (cursor) params.set("cursor", cursor);
  return params.toString();
}

/** The page after `cursor` (the "Show more" button). */
export const ticketsPage = (filters: TicketFilters, tz: string, cursor: string) =>
  api<TicketsListResponse>(`${TICKETS_API}?${filterParams(filters, tz, cursor)}`);

/** One event's sales per type, and its door list. */
export const ticketSalesQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: ticketKeys.sales(eventId),
    queryFn: ({ signal }) => api<TicketSalesResponse>(ticketSalesPath(eventId), { signal }),
    staleTime: 10_000,
  });

const doorParams = (search: string, sort: DoorSort, tz?: string) => {
  const params = new URLSearchParams({ sort });
  if (search.trim()) params.set("search", search.trim());
  if (tz) params.set("tz", tz);
  return params.toString();
};

export const doorListQueryOptions = (eventId: string, search: string, sort: DoorSort) =>
  queryOptions({
    queryKey: ticketKeys.door(eventId, search.trim(), sort),
    queryFn: ({ signal }) => api<DoorListResponse>(`${doorListPath(eventId)}?${doorParams(search, sort)}`, { signal }),
    staleTime: 10_000,
  });

/** door-list.csv of the rows the door list shows (check-in times in the admin's zone). */
export const doorCsvUrl = (eventId: string, search: string, sort: DoorSort, tz: string = adminTimeZone()) =>
  `${doorCsvPath(eventId)}?${doorParams(search, sort, tz)}`;

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
