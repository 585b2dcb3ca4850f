// A contest's fair-play section: its read and its writes (hide, show again, dismiss, void). After
// a write the section, the contests and the audit log are fetched again.
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { AdminFairPlayResponse, HideEntryResponse, VoidVotesResponse } from "#contracts/contests/fair-play.ts";
import { CONTESTS_API, contestsAdminKeys } from "./queries";

const at = (id: string) => `${CONTESTS_API}/${encodeURIComponent(id)}`;
const entryAt = (id: string, entryId: string) => `${at(id)}/entries/${encodeURIComponent(entryId)}`;

export const fairPlayQueryOptions = (id: string) =>
  queryOptions({
    // Under the contests' key, so every contest write reads it again.
    queryKey: [...contestsAdminKeys.all, "fair-play", id] as const,
    queryFn: ({ signal }) => api<AdminFairPlayResponse>(`${at(id)}/fair-play`, { signal }),
    staleTime: 10_000,
  });

export const fairPlayApi = {
  hide: (id: string, entryId: string, reason: string) => api<HideEntryResponse>(`${entryAt(id, entryId)}/hide`, { method: "POST", json: { reason } }),
  unhide: (id: string, entryId: string) => api<HideEntryResponse>(`${entryAt(id, entryId)}/unhide`, { method: "POST", json: {} }),
  dismiss: (id: string, entryId: string) => api<HideEntryResponse>(`${entryAt(id, entryId)}/dismiss-reports`, { method: "POST", json: {} }),
  void: (id: string, votes: { entryId: string; userId: string }[], reason: string) =>
    api<VoidVotesResponse>(`${at(id)}/votes/void`, { method: "POST", json: { reason, votes } }),
};
