// The inbox's list and writes. After a write the lists are fetched again, with the overview (it
// counts messages) and the audit log. Types only from the contract: its values carry no zod.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import {
  MESSAGES_API,
  type AdminMessageResponse,
  type AdminMessagesResponse,
  type MessagePriorityFilter,
  type MessageStatusFilter,
  type MessageUpdateRequest,
} from "#contracts/admin/messages.ts";
import { adminKeys } from "../queries";

export type InboxFilters = { search: string; status: MessageStatusFilter; priority: MessagePriorityFilter; page: number };

export const inboxKeys = {
  all: [...adminKeys.all, "messages"] as const,
  list: (filters: InboxFilters) => [...adminKeys.all, "messages", filters] as const,
};

export const messagesQueryOptions = (filters: InboxFilters) =>
  queryOptions({
    queryKey: inboxKeys.list(filters),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ status: filters.status, priority: filters.priority, page: String(filters.page) });
      if (filters.search) params.set("search", filters.search);
      return api<AdminMessagesResponse>(`${MESSAGES_API}?${params}`, { signal });
    },
    // The list stays on screen while the next filter or page loads.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

function useInboxRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
    void queryClient.invalidateQueries({ queryKey: adminKeys.overview });
    void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll });
  };
}

export function useUpdateMessage() {
  const refresh = useInboxRefresh();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: MessageUpdateRequest }) =>
      api<AdminMessageResponse>(`${MESSAGES_API}/${id}`, { method: "PATCH", json: patch }),
    onSettled: refresh,
  });
}

export function useDeleteMessage() {
  const refresh = useInboxRefresh();
  return useMutation({ mutationFn: (id: string) => api<void>(`${MESSAGES_API}/${id}`, { method: "DELETE" }), onSettled: refresh });
}

/** A reply that fails to send is still stored ('Not sent'): the list is fetched again either way. */
export function useSendReply() {
  const refresh = useInboxRefresh();
  return useMutation({
    mutationFn: ({ id, content }: { id: string; content: string }) =>
      api<AdminMessageResponse>(`${MESSAGES_API}/${id}/replies`, { method: "POST", json: { content } }),
    onSettled: refresh,
  });
}
