// The back office's rooms: the list and the writes. After a write the list, the audit log and the
// members' room list this browser may hold are fetched again.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { AdminRoomResponse, AdminRoomsResponse, RoomInput } from "#contracts/rooms/admin.ts";
import { ADMIN_EVENTS_API } from "#contracts/admin/event-limits.ts";
import type { AdminEventsResponse } from "#contracts/admin/events.ts";
import { adminKeys } from "../queries";

const API = "/api/admin/rooms";

export const roomsAdminKeys = { list: [...adminKeys.all, "rooms"] as const };

export const adminRoomsQueryOptions = () =>
  queryOptions({
    queryKey: roomsAdminKeys.list,
    queryFn: ({ signal }) => api<AdminRoomsResponse>(API, { signal }),
    staleTime: 10_000,
  });

/** The events a ticket rule may name (under the events' key, so an event's write refreshes it). */
export const roomEventChoicesQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKeys.all, "events", "room-choices"] as const,
    queryFn: ({ signal }) => api<AdminEventsResponse>(ADMIN_EVENTS_API, { signal }),
    staleTime: 60_000,
  });

/** A room write: the list is fetched again whatever the outcome. */
export function useRoomWrite<TVars>(write: (vars: TVars) => Promise<AdminRoomResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: roomsAdminKeys.list });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll });
      void queryClient.invalidateQueries({ queryKey: ["rooms"] });
    },
  });
}

const at = (id: string) => `${API}/${encodeURIComponent(id)}`;

export const roomsApi = {
  create: (json: RoomInput) => api<AdminRoomResponse>(API, { method: "POST", json }),
  update: (id: string, json: RoomInput) => api<AdminRoomResponse>(at(id), { method: "PUT", json }),
  archive: (id: string, archived: boolean) => api<AdminRoomResponse>(`${at(id)}/${archived ? "archive" : "unarchive"}`, { method: "POST" }),
  addModerator: (id: string, username: string) => api<AdminRoomResponse>(`${at(id)}/moderators`, { method: "POST", json: { username } }),
  removeModerator: (id: string, userId: string) => api<AdminRoomResponse>(`${at(id)}/moderators/${encodeURIComponent(userId)}`, { method: "DELETE" }),
};
