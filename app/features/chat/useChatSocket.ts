// The member's chat socket (GET /api/chat/live, same origin: the browser sends the session cookie)
// and the page's chat state, kept by chatReducer.
// - The server sends the thread (history) on every connect, so a reconnect needs no resync of
//   its own: whatever was missed comes with it.
// - "ping" every 30 s keeps intermediaries from timing the socket out (answered with "pong").
// - An abnormal close reconnects with the live sockets' backoff (app/lib/socket.ts); close code
//   4401 means the session ended, 4403 that the member's VIP ended (decision 040): no reconnect.
// - A connection that opens but sends no history within HISTORY_TIMEOUT_MS reports
//   'Failed to load chat history' (and keeps waiting: a late history still shows).
import { useEffect, useReducer, useRef } from "react";
import { useIntl } from "react-intl";
import { CHAT_MESSAGE_MAX_CHARS, type ChatClientFrame, type ChatLocale } from "#contracts/chat.ts";
import { PING_INTERVAL_MS, reconnectDelay, SESSION_ENDED_CLOSE_CODE, STABLE_CONNECTION_MS, VIP_ENDED_CLOSE_CODE } from "../../lib/socket";
import { chatSocketUrl, parseChatServerFrame } from "./protocol";
import { canSend, chatReducer, initialChatState, type ChatError, type ChatState } from "./state";

export const HISTORY_TIMEOUT_MS = 10_000;

export type ChatSocket = {
  state: ChatState;
  /** Sends a message (trimmed); false when nothing was sent (empty, too long, or not now). */
  send: (text: string) => boolean;
  /** Stops the reply being written. */
  cancel: () => void;
  newChat: () => void;
  clear: () => void;
  /** A problem the page noticed itself (e.g. the clipboard refused the transcript). */
  reportError: (error: ChatError) => void;
  dismissError: () => void;
};

/** The reply language: the one the member reads the site in. */
export const chatLocaleOf = (locale: string): ChatLocale => (locale === "pt-BR" ? "pt-BR" : "en");

let optimisticIds = 0;

export function useChatSocket({ onSessionEnded, onVipEnded }: { onSessionEnded?: () => void; onVipEnded?: () => void } = {}): ChatSocket {
  const intl = useIntl();
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const socketRef = useRef<WebSocket | null>(null);
  // The latest handler, without reconnecting when it changes.
  const sessionEndedRef = useRef(onSessionEnded);
  const vipEndedRef = useRef(onVipEnded);
  useEffect(() => {
    sessionEndedRef.current = onSessionEnded;
    vipEndedRef.current = onVipEnded;
  }, [onSessionEnded, onVipEnded]);

  useEffect(() => {
    if (typeof WebSocket === "undefined") return;
    let disposed = false;
    let attempt = 0;
    let openedAt = 0;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    let historyTimer: ReturnType<typeof setTimeout> | undefined;
    let pingTimer: ReturnType<typeof setInterval> | undefined;

    const stopTimers = () => {
      if (pingTimer !== undefined) clearInterval(pingTimer);
      if (historyTimer !== undefined) clearTimeout(historyTimer);
      pingTimer = historyTimer = undefined;
    };

    const connect = () => {
      reconnectTimer = undefined;
      if (disposed) return;
      let ws: WebSocket;
      try {
        ws = new WebSocket(chatSocketUrl());
      } catch {
        scheduleReconnect();
        return;
      }
      socketRef.current = ws;
      ws.onopen = () => {
        if (disposed || socketRef.current !== ws) return;
        openedAt = Date.now();
        dispatch({ type: "status", status: "open" });
        stopTimers();
        pingTimer = setInterval(() => {
          if (ws.readyState === WebSocket.OPEN) ws.send("ping");
        }, PING_INTERVAL_MS);
        historyTimer = setTimeout(() => dispatch({ type: "error", error: { code: "history_failed" } }), HISTORY_TIMEOUT_MS);
      };
      ws.onmessage = (e: MessageEvent) => {
        if (disposed || socketRef.current !== ws) return;
        const frame = parseChatServerFrame(e.data);
        if (!frame) return;
        if (frame.type === "history" && historyTimer !== undefined) {
          clearTimeout(historyTimer);
          historyTimer = undefined;
        }
        dispatch({ type: "frame", frame });
      };
      ws.onclose = (e: CloseEvent) => {
        if (socketRef.current !== ws) return;
        socketRef.current = null;
        stopTimers();
        if (disposed) return;
        if (openedAt && Date.now() - openedAt >= STABLE_CONNECTION_MS) attempt = 0;
        openedAt = 0;
        if (e.code === SESSION_ENDED_CLOSE_CODE) {
          dispatch({ type: "status", status: "ended" });
          sessionEndedRef.current?.();
          return;
        }
        if (e.code === VIP_ENDED_CLOSE_CODE) {
          dispatch({ type: "status", status: "ended" });
          vipEndedRef.current?.();
          return;
        }
        scheduleReconnect();
      };
      // An error is always followed by a close event: the reconnect is decided there.
      ws.onerror = () => {};
    };

    function scheduleReconnect() {
      if (disposed || reconnectTimer !== undefined) return;
      dispatch({ type: "status", status: "reconnecting" });
      reconnectTimer = setTimeout(connect, reconnectDelay(attempt));
      attempt++;
    }

    connect();
    return () => {
      disposed = true;
      stopTimers();
      if (reconnectTimer !== undefined) clearTimeout(reconnectTimer);
      const ws = socketRef.current;
      socketRef.current = null;
      if (ws && (ws.readyState === WebSocket.CONNECTING || ws.readyState === WebSocket.OPEN)) ws.close(1000, "page closed");
    };
  }, []);

  const sendFrame = (frame: ChatClientFrame): boolean => {
    const ws = socketRef.current;
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(frame));
    return true;
  };

  const send = (text: string): boolean => {
    const trimmed = text.trim();
    if (trimmed === "") return false;
    if (trimmed.length > CHAT_MESSAGE_MAX_CHARS) {
      dispatch({ type: "error", error: { code: "message_too_long" } });
      return false;
    }
    if (!canSend(state) || !sendFrame({ type: "send", text: trimmed, locale: chatLocaleOf(intl.locale) })) return false;
    dispatch({
      type: "sent",
      message: {
        id: `pending-${++optimisticIds}`,
        threadId: state.threadId ?? "",
        role: "user",
        content: trimmed,
        createdAt: Date.now(),
        pending: true,
      },
    });
    return true;
  };

  return {
    state,
    send,
    cancel: () => void sendFrame({ type: "cancel" }),
    newChat: () => void sendFrame({ type: "new_chat" }),
    clear: () => void sendFrame({ type: "clear" }),
    reportError: (error) => dispatch({ type: "error", error }),
    dismissError: () => dispatch({ type: "dismissError" }),
  };
}
