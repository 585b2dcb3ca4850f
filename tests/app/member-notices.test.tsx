// The notices socket every signed-in page holds (useMemberNotices, decision 040): opened only for a
// signed-in member, a role_changed frame refetches `me` (so VIP content unlocks without signing in
// again), other frames are ignored, 4401 refetches `me` and does not reconnect, an abnormal close
// reconnects and refetches. Against a fake WebSocket and a fake API.
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isRoleNotice, memberNoticesUrl, useMemberNotices } from "../../app/lib/session/useMemberNotices";
import { useSessionUser } from "../../app/lib/session/useSession";
import { MEMBER_NOTICES_SOCKET_PATH, ROLE_CHANGED_FRAME } from "../../worker/contracts/realtime";
import { json, mockApi, sessionUser } from "./accounts-harness";

class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static readonly instances: FakeWebSocket[] = [];
  readyState = FakeWebSocket.CONNECTING;
  readonly sent: string[] = [];
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = FakeWebSocket.CLOSED;
  }
  serverOpen() {
    act(() => {
      this.readyState = FakeWebSocket.OPEN;
      this.onopen?.(new Event("open"));
    });
  }
  serverSend(data: string) {
    act(() => this.onmessage?.(new MessageEvent("message", { data })));
  }
  serverClose(code: number) {
    act(() => {
      this.readyState = FakeWebSocket.CLOSED;
      this.onclose?.({ code, reason: "", wasClean: code === 1000 } as CloseEvent);
    });
  }
}

const MEMBER = sessionUser();
const VIP = sessionUser({ isVIP: true });

beforeEach(() => {
  FakeWebSocket.instances.length = 0;
  vi.stubGlobal("WebSocket", FakeWebSocket);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The hook with the session hook beside it, in a fresh query client; `me` answers from `answers` in turn. */
function mount(answers: (typeof MEMBER | null)[]) {
  let served = 0;
  const api = mockApi({ "GET /api/auth/me": () => json(200, { user: answers[Math.min(served++, answers.length - 1)] }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const view = renderHook(
    () => {
      useMemberNotices();
      return useSessionUser();
    },
    { wrapper },
  );
  const meCalls = () => api.callsTo("GET /api/auth/me").length;
  return { ...view, meCalls };
}

describe("useMemberNotices", () => {
  it("opens no socket for a visitor", async () => {
    const { result, meCalls } = mount([null]);
    await waitFor(() => expect(meCalls()).toBe(1));
    expect(result.current.user).toBeNull();
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it("a role notice refetches me: the member becomes VIP without signing in again", async () => {
    const { result, meCalls } = mount([MEMBER, VIP]);
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.instances[0]!;
    expect(socket.url).toBe(`ws://${window.location.host}${MEMBER_NOTICES_SOCKET_PATH}`);
    socket.serverOpen();
    expect(result.current.user?.isVIP).toBe(false);
    socket.serverSend("pong");
    socket.serverSend(JSON.stringify({ type: "events", events: [] }));
    expect(meCalls()).toBe(1);
    socket.serverSend(ROLE_CHANGED_FRAME);
    await waitFor(() => expect(result.current.user?.isVIP).toBe(true));
    expect(meCalls()).toBe(2);
    // The same member: the socket stays as it is.
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it("4401 refetches me and does not reconnect; the visitor then has no socket", async () => {
    const { result, meCalls } = mount([MEMBER, null]);
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    FakeWebSocket.instances[0]!.serverOpen();
    FakeWebSocket.instances[0]!.serverClose(4401);
    vi.useRealTimers();
    await waitFor(() => expect(result.current.user).toBeNull());
    expect(meCalls()).toBe(2);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it("an abnormal close reconnects with backoff and refetches me once the socket is back", async () => {
    const { meCalls } = mount([MEMBER]);
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    FakeWebSocket.instances[0]!.serverOpen();
    FakeWebSocket.instances[0]!.serverClose(1006);
    act(() => void vi.advanceTimersByTime(1000));
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.instances[1]!.serverOpen();
    vi.useRealTimers();
    await waitFor(() => expect(meCalls()).toBe(2));
  });
});

describe("isRoleNotice and memberNoticesUrl", () => {
  it("recognises only the role notice", () => {
    expect(isRoleNotice(ROLE_CHANGED_FRAME)).toBe(true);
    for (const other of ["pong", "{", JSON.stringify({ type: "events", events: [] }), 42, null, `{"type":"role_changed","x":"${"a".repeat(2000)}"}`]) {
      expect(isRoleNotice(other)).toBe(false);
    }
  });

  it("uses wss on https", () => {
    expect(memberNoticesUrl({ protocol: "https:", host: "fans.test" })).toBe("wss://fans.test/api/feed/notices");
    expect(memberNoticesUrl({ protocol: "http:", host: "127.0.0.1:8787" })).toBe("ws://127.0.0.1:8787/api/feed/notices");
  });
});
