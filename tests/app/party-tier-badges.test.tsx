// Tier badges in a listening party's room (decision 104): the listeners carry the badge of their
// tier as the room's socket sends it (the chat is the party's community room, whose authors' badges
// the rooms' own tests cover) (the feed's badge component: the tier's
// name in the reader's language on its colour); the free tier, and a frame without a tier, show none.
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route as PartyRoute } from "../../app/routes/parties/$partyId";
import type { PartyDetail, PartyServerFrame } from "../../worker/contracts/parties/parties";
import type { TierBadge } from "../../worker/contracts/tiers/badges";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sessionUser, stubRoute } from "./accounts-harness";

const PARTY_ID = "0b7c2a4e-1f3d-4c5b-9a6e-2d8f0c1b3a4e";
const CIRCLE: TierBadge = { id: "inner-circle", rank: 2, name: { en: "Inner Circle", ptBR: "Círculo Íntimo" }, color: "#7c3aed" };
const VIP: TierBadge = { id: "vip", rank: 1, name: { en: "VIP", ptBR: "VIP" }, color: "#f5c542" };

/** The browser's WebSocket as usePartyRoom uses it (addEventListener); the test plays the server. */
class FakeWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  static readonly instances: FakeWebSocket[] = [];
  readyState = FakeWebSocket.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeWebSocket.instances.push(this);
  }
  send() {}
  close() {
    this.readyState = FakeWebSocket.CLOSED;
  }
  serverOpen() {
    act(() => {
      this.readyState = FakeWebSocket.OPEN;
      this.dispatchEvent(new Event("open"));
    });
  }
  serverSend(frame: unknown) {
    act(() => {
      this.dispatchEvent(new MessageEvent("message", { data: JSON.stringify(frame) }));
    });
  }
  serverClose(code: number) {
    act(() => {
      this.readyState = FakeWebSocket.CLOSED;
      const event = new Event("close") as Event & { code: number };
      event.code = code;
      this.dispatchEvent(event);
    });
  }
}

function party(): PartyDetail {
  const now = Date.now();
  return {
    id: PARTY_ID,
    title: "Circle night",
    startsAt: new Date(now - 60_000).toISOString(),
    endsAt: new Date(now + 3_600_000).toISOString(),
    vipOnly: true,
    minTierId: null,
    sourceType: "album",
    sourceTitle: "Radio Heartline",
    coverUrl: null,
    albumId: "radio-heartline",
    phase: "live",
    status: "scheduled",
    tracks: [{ id: "t1", title: "Radio Heartline", albumId: "radio-heartline", albumTitle: "Radio Heartline", coverUrl: null, durationSeconds: 3600 }],
    durationSeconds: 3600,
    serverTime: new Date(now).toISOString(),
    summary: null,
  };
}

const root = createTestRoot();
const tree = root.addChildren([mountFileRoute(PartyRoute, "/parties/$partyId", root), stubRoute(root, "/vip-signup"), stubRoute(root, "/social/login")]);

beforeEach(() => {
  FakeWebSocket.instances.length = 0;
  vi.stubGlobal("WebSocket", FakeWebSocket);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const welcome = (): PartyServerFrame => ({
  type: "welcome",
  serverTime: new Date().toISOString(),
  phase: "live",
  position: { index: 0, offsetSeconds: 60 },
  listeners: {
    count: 3,
    members: [
      { id: "u1", username: "circle_fan", avatarUrl: null, tier: CIRCLE },
      { id: "u2", username: "vip_fan", avatarUrl: null, tier: VIP },
      { id: "u3", username: "free_fan", avatarUrl: null, tier: null },
    ],
  },
  muted: false,
  summary: null,
});

describe("tier badges in a party's room", () => {
  it.each([
    ["en", "Inner Circle"],
    ["pt-BR", "Círculo Íntimo"],
  ] as const)("beside listeners (%s), none for the free tier", async (locale, circleName) => {
    mockApi({
      "GET /api/auth/me": json(200, { user: sessionUser({ isVIP: true }) }),
      [`GET /api/parties/${PARTY_ID}`]: json(200, { party: party() }),
      [`POST /api/parties/${PARTY_ID}/play`]: apiError(409, "party_not_started", "Not started"),
    });
    renderApp(tree, `/parties/${PARTY_ID}`, { locale });
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.instances[0]!;
    socket.serverOpen();
    socket.serverSend(welcome());

    const listeners = (await screen.findByTitle("circle_fan")).closest("ul")!;
    expect(listeners.querySelector<HTMLElement>(".badge-tier")?.dataset.tier).toBe("inner-circle");
    expect([...listeners.querySelectorAll("li")].map((li) => li.querySelector(".badge-tier")?.textContent ?? null)).toEqual([circleName, "VIP", null]);
  });
});
