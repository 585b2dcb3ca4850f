// The listening-party page when the member's VIP ends in a VIP-only party (decision 040): the
// room's socket closes 4403 vip_ended; the page explains it in the viewer's language with a link
// to become VIP again, asks who is signed in again, shows the VIP gate and does not reconnect.
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route as PartyRoute } from "../../app/routes/parties/$partyId";
import type { PartyDetail } from "../../worker/contracts/parties/parties";
import { createTestRoot, json, mockApi, mountFileRoute, renderApp, sessionUser, stubRoute } from "./accounts-harness";

const PARTY_ID = "0b7c2a4e-1f3d-4c5b-9a6e-2d8f0c1b3a4e";

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
    title: "VIP night",
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

describe("/parties/:id when VIP ends", () => {
  it.each([
    ["en", "Your VIP membership has ended, so you have left this VIP party. Become a VIP member again to rejoin.", "Become a VIP again"],
    ["pt-BR", "Sua assinatura VIP terminou, por isso você saiu desta festa VIP. Torne-se VIP de novo para voltar.", "Ser VIP de novo"],
  ] as const)("explains a 4403 close in %s, links to VIP again, refetches me and does not reconnect", async (locale, text, link) => {
    mockApi({
      "GET /api/auth/me": json(200, { user: sessionUser({ isVIP: true }) }),
      [`GET /api/parties/${PARTY_ID}`]: json(200, { party: party() }),
    });
    renderApp(tree, `/parties/${PARTY_ID}`, { locale });
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.instances[0]!;
    socket.serverOpen();

    const api = mockApi({ "GET /api/auth/me": json(200, { user: sessionUser() }) });
    socket.serverClose(4403);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(text);
    expect(within(alert).getByRole("link", { name: link }).getAttribute("href")).toBe("/vip-signup");
    await waitFor(() => expect(api.callsTo("GET /api/auth/me").length).toBeGreaterThan(0));
    expect(screen.getByRole("region", { name: locale === "en" ? "VIP Access Required" : /VIP/ })).toBeTruthy();
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});
