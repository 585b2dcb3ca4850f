// A listening party's chat is its community room (decision 107): the party page opens the party's
// socket for the clock, listeners and reactions, and the room's socket (/api/rooms/party-<id>/live)
// for the chat beside the player, with the rooms' message list and composer; a message goes to the
// room, never to the party's socket. A party room the member may not read shows what opens it, and
// a party not open yet has no chat.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route as PartyRoute } from "../../app/routes/parties/$partyId";
import type { PartyDetail, PartyServerFrame } from "../../worker/contracts/parties/parties";
import type { RoomServerFrame } from "../../worker/contracts/rooms/rooms";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sessionUser, stubRoute } from "./accounts-harness";
import { range, roomSummary, welcome as roomWelcome } from "./fixtures/rooms";

const PARTY_ID = "0b7c2a4e-1f3d-4c5b-9a6e-2d8f0c1b3a4e";
const ROOM_ID = `party-${PARTY_ID}`;

/** Both ways the page's sockets listen: the party's (addEventListener) and the room's (on* handlers). */
class FakeWebSocket extends EventTarget {
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
    super();
    FakeWebSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = FakeWebSocket.CLOSED;
  }
  frames() {
    return this.sent.filter((s) => s.startsWith("{")).map((s) => JSON.parse(s) as { type: string });
  }
  serverOpen() {
    act(() => {
      this.readyState = FakeWebSocket.OPEN;
      const event = new Event("open");
      this.dispatchEvent(event);
      this.onopen?.(event);
    });
  }
  serverSend(frame: PartyServerFrame | RoomServerFrame) {
    act(() => {
      const event = new MessageEvent("message", { data: JSON.stringify(frame) });
      this.dispatchEvent(event);
      this.onmessage?.(event);
    });
  }
}

const socketTo = (path: string) => FakeWebSocket.instances.find((ws) => new URL(ws.url).pathname === path);

function party(startsInMs: number): PartyDetail {
  const now = Date.now();
  return {
    id: PARTY_ID,
    title: "Heartline night",
    startsAt: new Date(now + startsInMs).toISOString(),
    endsAt: new Date(now + startsInMs + 3_600_000).toISOString(),
    vipOnly: false,
    minTierId: null,
    sourceType: "album",
    sourceTitle: "Radio Heartline",
    coverUrl: null,
    albumId: "radio-heartline",
    phase: startsInMs > 0 ? "upcoming" : "live",
    status: "scheduled",
    tracks: [{ id: "t1", title: "Radio Heartline", albumId: "radio-heartline", albumTitle: "Radio Heartline", coverUrl: null, durationSeconds: 3600 }],
    durationSeconds: 3600,
    serverTime: new Date(now).toISOString(),
    summary: null,
  };
}

const partyWelcome = (): PartyServerFrame => ({
  type: "welcome",
  serverTime: new Date().toISOString(),
  phase: "live",
  position: { index: 0, offsetSeconds: 60 },
  listeners: { count: 1, members: [{ id: "u1", username: "fan_one", avatarUrl: null, tier: null }] },
  muted: false,
  summary: null,
});

const root = createTestRoot();
const tree = root.addChildren([
  mountFileRoute(PartyRoute, "/parties/$partyId", root),
  stubRoute(root, "/vip-signup"),
  stubRoute(root, "/social/login"),
  stubRoute(root, "/signup-options"),
]);

beforeEach(() => {
  FakeWebSocket.instances.length = 0;
  vi.stubGlobal("WebSocket", FakeWebSocket);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve(startsInMs: number, room = roomSummary({ id: ROOM_ID, name: { en: "Heartline night", ptBR: "Heartline night" } })) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: sessionUser() }),
    [`GET /api/parties/${PARTY_ID}`]: json(200, { party: party(startsInMs) }),
    [`POST /api/parties/${PARTY_ID}/play`]: apiError(409, "party_not_started", "Not started"),
    [`GET /api/rooms/${ROOM_ID}`]: json(200, { room }),
  });
}

describe("a listening party's chat", () => {
  it.each([
    ["en", "Chat", "Your message"],
    ["pt-BR", "Chat", "Sua mensagem"],
  ] as const)("is the party's room beside the player: its messages, and a message sent to the room only (%s)", async (locale, heading, composer) => {
    serve(-60_000);
    renderApp(tree, `/parties/${PARTY_ID}`, { locale });
    await waitFor(() => expect(socketTo(`/api/rooms/${ROOM_ID}/live`)).toBeDefined());
    const partySocket = socketTo(`/api/parties/${PARTY_ID}/live`)!;
    const roomSocket = socketTo(`/api/rooms/${ROOM_ID}/live`)!;
    partySocket.serverOpen();
    partySocket.serverSend(partyWelcome());
    roomSocket.serverOpen();
    roomSocket.serverSend(roomWelcome(range(1, 2)));

    const chat = screen.getByRole("region", { name: heading });
    expect(within(chat).getByText("Message 2")).toBeTruthy();
    const box = within(chat).getByRole("textbox", { name: composer });
    fireEvent.change(box, { target: { value: "hello party" } });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(roomSocket.frames().filter((f) => f.type === "send")).toMatchObject([{ type: "send", text: "hello party" }]);
    expect(partySocket.frames().map((f) => f.type)).not.toContain("message");
    expect(partySocket.frames().every((f) => f.type === "sync")).toBe(true);
  });

  it("shows what opens the party's room when the member may not read it, and opens no room socket", async () => {
    serve(-60_000, roomSummary({ id: ROOM_ID, locked: "tier_required", writeLocked: "tier_required", read: { kind: "tier", tierId: "vip", eventId: null } }));
    renderApp(tree, `/parties/${PARTY_ID}`);
    await screen.findByRole("link", { name: "See the membership tiers" });
    expect(socketTo(`/api/rooms/${ROOM_ID}/live`)).toBeUndefined();
  });

  it("has no chat before the room opens (15 minutes before the start)", async () => {
    const api = serve(2 * 3_600_000);
    renderApp(tree, `/parties/${PARTY_ID}`);
    await screen.findByRole("heading", { name: "Heartline night" });
    expect(screen.queryByRole("region", { name: "Chat" })).toBeNull();
    expect(api.callsTo(`GET /api/rooms/${ROOM_ID}`)).toHaveLength(0);
    expect(FakeWebSocket.instances).toHaveLength(0);
  });
});
