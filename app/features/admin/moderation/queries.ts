// The moderation queue and the actions on its items. After an action the queue, the audit log
// and the feed this browser may hold are fetched again. Types only from the contract.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { MODERATION_API, type ModerationItem, type ModerationQueueResponse, type ModerationView } from "#contracts/moderation.ts";
import { adminKeys } from "../queries";

export const moderationKeys = {
  all: [...adminKeys.all, "moderation"] as const,
  queue: (view: ModerationView) => [...adminKeys.all, "moderation", view] as const,
};

export const queueQueryOptions = (view: ModerationView) =>
  queryOptions({
    queryKey: moderationKeys.queue(view),
    queryFn: ({ signal }) => api<ModerationQueueResponse>(`${MODERATION_API}/reports?view=${view}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export type ModerationAction = "hide" | "unhide" | "dismiss" | "delete" | "ban";

const requestOf = (item: ModerationItem, action: ModerationAction) => {
  const base =
    item.kind === "room_message"
      ? `${MODERATION_API}/room-messages/${item.roomId}/${item.seq}`
      : `${MODERATION_API}/${item.kind === "post" ? "posts" : "comments"}/${item.id}`;
  if (action === "delete") return { path: base, method: "DELETE" };
  return { path: `${base}/${action === "ban" ? "ban-author" : action}`, method: "POST" };
};

export function useModerationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, action }: { item: ModerationItem; action: ModerationAction }) => {
      const { path, method } = requestOf(item, action);
      return api<{ resolvedReports: number }>(path, { method });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: moderationKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll });
      // The feed's own queries (features/feed/queries.ts, feedKeys.all), named here so the admin chunk
      // does not load the feed's code.
      void queryClient.invalidateQueries({ queryKey: ["feed"] });
    },
  });
}
