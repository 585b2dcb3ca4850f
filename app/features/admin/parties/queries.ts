// The back office's listening parties and the writes that change them. After a write the list,
// the audit log and the public teaser this browser may hold are fetched again.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryUnreachable } from "../../../lib/queryClient";
import { adminKeys } from "../queries";
import type { AdminPartiesResponse, AdminPartyResponse, PartyDeletedResponse, PartyInput, PartySourcesResponse } from "#contracts/parties/parties.ts";

const API = "/api/admin/parties";

export const adminPartyKeys = {
  list: [...adminKeys.all, "parties"] as const,
  sources: [...adminKeys.all, "parties", "sources"] as const,
};

export const adminPartiesQueryOptions = () =>
  queryOptions({
    queryKey: adminPartyKeys.list,
    queryFn: ({ signal }) => api<AdminPartiesResponse>(API, { signal }),
    retry: retryUnreachable,
  });

export const partySourcesQueryOptions = () =>
  queryOptions({
    queryKey: adminPartyKeys.sources,
    queryFn: ({ signal }) => api<PartySourcesResponse>(`${API}/sources`, { signal }),
    retry: retryUnreachable,
  });

/** Saves (creates, or edits `id`), cancels or deletes; then the lists that show parties are read again. */
export function usePartyWrites() {
  const queryClient = useQueryClient();
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.all }), queryClient.invalidateQueries({ queryKey: ["parties"] })]);
  const save = useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: PartyInput }) =>
      id ? api<AdminPartyResponse>(`${API}/${id}`, { method: "PUT", json: input }) : api<AdminPartyResponse>(API, { method: "POST", json: input }),
    onSuccess: refresh,
  });
  const cancel = useMutation({ mutationFn: (id: string) => api<AdminPartyResponse>(`${API}/${id}/cancel`, { method: "POST", json: {} }), onSuccess: refresh });
  const remove = useMutation({ mutationFn: (id: string) => api<PartyDeletedResponse>(`${API}/${id}`, { method: "DELETE" }), onSuccess: refresh });
  return { save, cancel, remove };
}
