// The socket every signed-in page holds for notices about its own member (GET /api/feed/notices,
// decision 040). A privilege change (VIP granted or ended, admin granted or removed) keeps the
// session and sends `{ type: "role_changed" }`: the page refetches `me`, so VIP content unlocks or
// locks and the back office shows its gate, without signing in again.
// - "ping" every 30 s (the hub also re-checks the session then: an expired one closes 4401).
// - An abnormal close reconnects with the live sockets' backoff; after a reconnect `me` is
//   refetched, since a notice may have been missed meanwhile.
// - 4401 (the session ended): `me` is refetched (the header shows the visitor), no reconnect.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { MEMBER_NOTICES_SOCKET_PATH } from "../../../worker/contracts/realtime";
import { meQueryOptions } from "./queries";
import { useSessionUser } from "./useSession";
import { PING_INTERVAL_MS, reconnectDelay, SESSION_ENDED_CLOSE_CODE, STABLE_CONNECTION_MS } from "../socket";

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
    let socket: WebSocket | null = null;
    let disposed = false;
    let attempt = 0;
    let everOpened = false;
    let openedAt = 0;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    let pingTimer: ReturnType<typeof setInterval> | undefined;

    const stopPing = () => {
      if (pingTimer !== undefined) clearInterval(pingTimer);
      pingTimer = undefined;
    };

    const connect = () => {
      reconnectTimer = undefined;
      if (disposed) return;
      let ws: WebSocket;
      try {
        ws = new WebSocket(memberNoticesUrl());
      } catch {
        scheduleReconnect();
        return;
      }
      socket = ws;
      ws.onopen = () => {
        if (disposed || socket !== ws) return;
        if (everOpened) refetchMe();
        everOpened = true;
        openedAt = Date.now();
        stopPing();
        pingTimer = setInterval(() => {
          if (ws.readyState === WebSocket.OPEN) ws.send("ping");
        }, PING_INTERVAL_MS);
      };
      ws.onmessage = (e: MessageEvent) => {
        if (!disposed && socket === ws && isRoleNotice(e.data)) refetchMe();
      };
      ws.onclose = (e: CloseEvent) => {
        if (socket !== ws) return;
        socket = null;
        stopPing();
        if (disposed) return;
        if (openedAt && Date.now() - openedAt >= STABLE_CONNECTION_MS) attempt = 0;
        openedAt = 0;
        if (e.code === SESSION_ENDED_CLOSE_CODE) {
          refetchMe();
          return;
        }
        scheduleReconnect();
      };
      // An error is always followed by a close event: the reconnect is decided there.
      ws.onerror = () => {};
    };

    function scheduleReconnect() {
      if (disposed || reconnectTimer !== undefined) return;
      reconnectTimer = setTimeout(connect, reconnectDelay(attempt));
      attempt++;
    }

    connect();
    return () => {
      disposed = true;
      stopPing();
      if (reconnectTimer !== undefined) clearTimeout(reconnectTimer);
      const ws = socket;
      socket = null;
      if (ws && (ws.readyState === WebSocket.CONNECTING || ws.readyState === WebSocket.OPEN)) ws.close(1000, "page closed");
    };
  }, [client, userId]);
}
