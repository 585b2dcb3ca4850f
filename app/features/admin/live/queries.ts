// The control room's reads and writes: the room itself (read again every 15 s while open, so the
// viewer count and its chart move), the settings, start and end, and the captions. Every write
// answers the control room as it now is, which replaces the cached one.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { adminLivePath, type LiveCaptionLocale } from "#contracts/live-limits.ts";
import type { LiveControlRoom, LiveShowInput } from "#contracts/live.ts";
import { ADMIN_STORE_API } from "#contracts/store/admin-limits.ts";
import type { AdminProductsResponse } from "#contracts/store/admin.ts";
import { adminKeys } from "../queries";

export const CONTROL_ROOM_POLL_MS = 15_000;

export const controlRoomKey = (eventId: string) => [...adminKeys.all, "live", eventId] as const;

export const controlRoomQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: controlRoomKey(eventId),
    queryFn: ({ signal }) => api<LiveControlRoom>(adminLivePath(eventId), { signal }),
    refetchInterval: CONTROL_ROOM_POLL_MS,
  });

/** The store's products, for the pinned products' picker. */
export const pinnableProductsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKeys.all, "live", "products"] as const,
    queryFn: ({ signal }) => api<AdminProductsResponse>(`${ADMIN_STORE_API}/products`, { signal }),
    staleTime: 60_000,
  });

export const liveAdminApi = {
  save: (eventId: string, input: LiveShowInput) => api<LiveControlRoom>(adminLivePath(eventId), { method: "PUT", json: input }),
  start: (eventId: string) => api<LiveControlRoom>(`${adminLivePath(eventId)}/start`, { method: "POST" }),
  end: (eventId: string) => api<LiveControlRoom>(`${adminLivePath(eventId)}/end`, { method: "POST" }),
  uploadCaptions: (eventId: string, locale: LiveCaptionLocale, file: Blob) =>
    api<LiveControlRoom>(`${adminLivePath(eventId)}/captions/${locale}`, { method: "PUT", body: file, headers: { "content-type": "text/vtt" } }),
  deleteCaptions: (eventId: string, locale: LiveCaptionLocale) => api<LiveControlRoom>(`${adminLivePath(eventId)}/captions/${locale}`, { method: "DELETE" }),
};

/** A control room write; its answer becomes the cached control room, and the audit log is read again. */
export function useControlRoomWrite<TVars>(eventId: string, write: (vars: TVars) => Promise<LiveControlRoom>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (room) => queryClient.setQueryData(controlRoomKey(eventId), room),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll }),
  });
}
