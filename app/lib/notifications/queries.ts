// The notification centre's requests (GET /api/notifications…), shared by the header's bell
// (app/components/notifications) and the full page (app/features/notifications), so both read one
// cache: marking an item read in the bell's panel shows on the page, and a live notice refreshes both.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { api } from "../api";
import { NOTIFICATIONS_API, UNREAD_COUNT_CAP, type NotificationsPage, type UnreadCount } from "#contracts/notifications.ts";

export const notificationKeys = {
  unread: ["notifications", "unread"] as const,
  list: ["notifications", "list"] as const,
  preferences: ["notifications", "preferences"] as const,
};

/** The bell's count. Refreshed by the live notice, not by polling. */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => api<UnreadCount>(`${NOTIFICATIONS_API}/unread`, { signal }),
    staleTime: 60_000,
  });

/** Newest first, one page per cursor (the previous page's nextCursor). */
export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list,
    queryFn: ({ signal, pageParam }) =>
      api<NotificationsPage>(pageParam === null ? NOTIFICATIONS_API : `${NOTIFICATIONS_API}?cursor=${encodeURIComponent(pageParam)}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 15_000,
  });

/** The badge's text: the count, or "99+" once the Worker's capped count reaches the cap. */
export const unreadBadge = (unread: number): string => (unread >= UNREAD_COUNT_CAP ? `${UNREAD_COUNT_CAP - 1}+` : String(unread));

/** New notifications were written (live notice, service worker message): refetch the count and the list. */
export function refreshNotifications(client: QueryClient) {
  void client.invalidateQueries({ queryKey: notificationKeys.unread });
  void client.invalidateQueries({ queryKey: notificationKeys.list });
}

/** Whether a member-notices frame is the notification notice (NOTIFICATION_FRAME). */
export function isNotificationNotice(data: unknown): boolean {
  if (typeof data !== "string" || data.length > 1024 || !data.startsWith("{")) return false;
  try {
    return (JSON.parse(data) as { type?: unknown }).type === "notification";
  } catch {
    return false;
  }
}

type ListData = InfiniteData<NotificationsPage, string | null>;

/** Marks rows read in the cached list (all of them when `id` is null). */
function markReadInCache(client: QueryClient, id: string | null) {
  client.setQueryData<ListData>(notificationKeys.list, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (id === null || item.id === id ? { ...item, read: true } : item)),
          })),
        }
      : data,
  );
}

/** POST /api/notifications/:id/read. The row and the count change at once; the count is refetched after. */
export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`${NOTIFICATIONS_API}/${encodeURIComponent(id)}/read`, { method: "POST" }),
    onMutate: (id) => {
      const wasUnread = client.getQueryData<ListData>(notificationKeys.list)?.pages.some((page) => page.items.some((item) => item.id === id && !item.read));
      markReadInCache(client, id);
      if (wasUnread) client.setQueryData<UnreadCount>(notificationKeys.unread, (c) => (c ? { unread: Math.max(0, c.unread - 1) } : c));
    },
    onSettled: () => void client.invalidateQueries({ queryKey: notificationKeys.unread }),
  });
}

/** POST /api/notifications/read-all. */
export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(`${NOTIFICATIONS_API}/read-all`, { method: "POST" }),
    onMutate: () => {
      markReadInCache(client, null);
      client.setQueryData<UnreadCount>(notificationKeys.unread, { unread: 0 });
    },
    onSettled: () => refreshNotifications(client),
  });
}
