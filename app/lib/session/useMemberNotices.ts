// The socket every signed-in page holds for notices about its own member (GET /api/feed/notices,
// decision 040). A privilege change (VIP granted or ended, admin granted or removed) keeps the
// session and sends `{ type: "role_changed" }`: the page refetches `me`, so VIP content unlocks or
// locks and the back office shows its gate, without signing in again.
// - "ping" every 30 s (the hub also re-checks the session then: an expired one closes 4401).
// - An abnormal close reconnects with the live sockets' backoff; after a reconnect `me` is
//   refetched, since a notice may have been missed meanwhile.
// - 4401 (the session ended): `me` is refetched (the header shows the visitor), no reconnect.
// - `{ type: "notification" }` (NOTIFICATION_FRAME): new notifications were written for the member;
//   the bell's count and, if loaded, the list are refetched. The service worker posts the same
//   message to the page when a push arrives (the socket may be asleep in a background tab).
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { MEMBER_NOTICES_SOCKET_PATH } from "#contracts/realtime.ts";
import { meQueryOptions } from "./queries";
import { useSessionUser } from "./useSession";
import { openLiveSocket } from "../socket";
import { isNotificationNotice, refreshNotifications } from "../notifications/queries";

/** ws:// or wss:// on this page's own host. */
export function memberNoticesUrl(location: Pick<Location, "protocol" | "host"> = window.location): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${MEMBER_NOTICES_SOCKET_PATH}`;
}

/** Whether a frame is the role notice (anything else, "pong" included, is ignored). */
export function isRoleNotice(data: unknown): boolean {
  if (typeof data !== "string" || data.length > 1024 || !data.startsWith("{")) return false;
  try {
    return (JSON.parse(data) as { type?: unknown }).type === "role_changed";
  } catch {
    return false;
  }
}

/** Keeps the notices socket open while a member is signed in (and `enabled`). */
export function useMemberNotices(enabled = true) {
  const client = useQueryClient();
  const { user } = useSessionUser();
  const userId = enabled ? (user?.id ?? null) : null;

  useEffect(() => {
    if (userId === null || typeof WebSocket === "undefined") return;
    const refetchMe = () => void client.invalidateQueries({ queryKey: meQueryOptions().queryKey });
    return openLiveSocket(memberNoticesUrl, {
      onOpen: (wasReconnect) => {
        if (!wasReconnect) return;
        refetchMe();
        refreshNotifications(client); // one may have been written while the socket was down
      },
      onMessage: (data) => {
        if (isRoleNotice(data)) refetchMe();
        else if (isNotificationNotice(data)) refreshNotifications(client);
      },
      onSessionEnded: refetchMe,
    });
  }, [client, userId]);

  useEffect(() => {
    const container = typeof navigator === "undefined" ? undefined : navigator.serviceWorker;
    if (userId === null || !container) return;
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === "notification") refreshNotifications(client);
    };
    container.addEventListener("message", onMessage);
    return () => container.removeEventListener("message", onMessage);
  }, [client, userId]);
}
