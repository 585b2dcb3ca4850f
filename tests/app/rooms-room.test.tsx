// /rooms/:room: the welcome's messages (author, time, text with safe links and kept line breaks),
// live messages appended once per number, older pages prepended, the reconnect that resumes after
// the last message shown, "N here", the polite announcement of others' messages, the jump to the
// first unread, the read report, a lock from the list or from the history, and 4403.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RoomSummary } from "../../worker/contracts/rooms/rooms";
import { apiError, json, mockApi, renderApp, sessionUser, type ApiRoutes } from "./accounts-harness";
import { FakeWebSocket, latestSocket, range, roomMessage, roomSummary, roomsTree, welcome } from "./fixtures/rooms";

const ME = sessionUser();

beforeEach(() => {
  FakeWebSocket.instances.length = 0;
  vi.stubGlobal("WebSocket", FakeWebSocket);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function serve(room: RoomSummary = roomSummary(), more: ApiRoutes = {}) {
  return mockApi({ "GET /api/auth/me": json(200, { user: ME }), "GET /api/rooms": json(200, { rooms: [room] }), ...more });
}

/** The page, its socket opened by the server. */
async function open(room?: RoomSummary, more?: ApiRoutes, locale: "en" | "pt-BR" = "en") {
  const api = serve(room, more);
  renderApp(roomsTree, "/rooms/general", { locale });
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  latestSocket().serverOpen();
  return api;
}

const log = () => within(screen.getByRole("region", { name: "Messages" })).getByRole("list");
const shownSeqs = () =>
  within(log())
    .queryAllByRole("listitem")
    .map((li) => Number(li.id.replace("room-message-", "")));

describe("/rooms/:room", () => {
  it("shows the welcome's messages with their authors, times, safe links and line breaks, and who is here", async () => {
    await open();
    expect(latestSocket().url).toBe("ws://localhost:3000/api/rooms/general/live");
    latestSocket().serverSend(
      welcome(
        [
          roomMessage(1, { text: "hello\nsee https://example.com/a. <b>bold</b>" }),
          roomMessage(2, {
            username: "joao",
            text: "oi",
            tier: { id: "inner-circle", rank: 2, name: { en: "Inner Circle", ptBR: "Círculo Íntimo" }, color: "#4c1d95" },
          }),
        ],
        { here: 3 },
      ),
    );
    expect(shownSeqs()).toEqual([1, 2]);
    const first = within(log()).getAllByRole("listitem")[0]!;
    expect(within(first).getByText("maria_beats")).toBeTruthy();
    expect(first.querySelector("time")?.getAttribute("dateTime")).toBe(roomMessage(1).at);
    const text = first.querySelector(".room-message-text")!;
    expect(text.textContent).toBe("hello\nsee https://example.com/a. <b>bold</b>");
    expect(text.querySelector("b")).toBeNull();
    const link = within(first).getByRole("link", { name: "https://example.com/a" });
    expect(link.getAttribute("href")).toBe("https://example.com/a");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer ugc nofollow");
    expect(screen.getByText("3 here")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "General" })).toBeTruthy();
    // The author's tier badge beside their name; none for a free member.
    expect(first.querySelector(".badge-tier")).toBeNull();
    expect(within(log()).getAllByRole("listitem")[1]!.querySelector('.badge-tier[data-tier="inner-circle"]')?.textContent).toBe("Inner Circle");
  });

  it("appends a live message once, however often its number arrives", async () => {
    await open();
    latestSocket().serverSend(welcome(range(1, 3)));
    latestSocket().serverSend({ type: "message", message: roomMessage(4) });
    latestSocket().serverSend({ type: "message", message: roomMessage(4) });
    latestSocket().serverSend({ type: "message", message: roomMessage(3) });
    expect(shownSeqs()).toEqual([1, 2, 3, 4]);
    latestSocket().serverSend({ type: "here", count: 7 });
    expect(screen.getByText("7 here")).toBeTruthy();
  });

  it("prepends an older page and stops offering more at the room's first message", async () => {
    const api = await open(undefined, { "GET /api/rooms/general/messages": json(200, { messages: range(1, 50), more: false }) });
    latestSocket().serverSend(welcome(range(51, 100)));
    fireEvent.click(screen.getByRole("button", { name: "Load older messages" }));
    await waitFor(() => expect(shownSeqs()).toEqual(range(1, 100).map((m) => m.seq)));
    expect(new URL(String(api.callsTo("GET /api/rooms/general/messages")[0]![0]), "http://x").searchParams.get("before")).toBe("51");
    expect(screen.queryByRole("button", { name: "Load older messages" })).toBeNull();
  });

  it("reconnects after the last message shown and merges what it missed without duplicates", async () => {
    const api = await open();
    latestSocket().serverSend(welcome(range(1, 5)));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    latestSocket().serverClose(1006);
    expect(screen.getByText("Reconnecting to the room...")).toBeTruthy();
    act(() => vi.advanceTimersByTime(1_000));
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(latestSocket().url).toBe("ws://localhost:3000/api/rooms/general/live?after=5");
    latestSocket().serverOpen();
    latestSocket().serverSend(welcome(range(6, 8)));
    expect(shownSeqs()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // The drop made the page ask the list again: the member's access may have changed.
    expect(api.callsTo("GET /api/rooms").length).toBeGreaterThanOrEqual(2);
  });

  it("starts again from the newest page when the reconnect missed too many (gap)", async () => {
    await open();
    latestSocket().serverSend(welcome(range(1, 5)));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    latestSocket().serverClose(1006);
    act(() => vi.advanceTimersByTime(1_000));
    latestSocket().serverOpen();
    latestSocket().serverSend(welcome(range(600, 649), { gap: true }));
    expect(shownSeqs()).toEqual(range(600, 649).map((m) => m.seq));
    expect(screen.getByRole("button", { name: "Load older messages" })).toBeTruthy();
  });

  it("announces others' new messages politely, not the member's own nor the welcome's", async () => {
    await open();
    latestSocket().serverSend(welcome(range(1, 2)));
    const region = document.querySelector('[aria-live="polite"].sr-only')!;
    expect(region.textContent).toBe("");
    latestSocket().serverSend({ type: "message", message: roomMessage(3, { username: "joao", text: "Great show!" }) });
    expect(region.textContent).toBe("joao: Great show!");
    latestSocket().serverSend({ type: "message", message: roomMessage(4, { userId: ME.id, username: ME.username, text: "mine" }) });
    expect(region.textContent).toBe("joao: Great show!");
    expect(document.activeElement).toBe(document.body);
  });

  it("jumps to the first unread the list counted, loading older pages until it is shown", async () => {
    await open(roomSummary({ unread: 60 }), { "GET /api/rooms/general/messages": json(200, { messages: range(1, 50), more: false }) });
    latestSocket().serverSend(welcome(range(51, 100)));
    fireEvent.click(screen.getByRole("button", { name: "Jump to first unread" }));
    // Two pages of 50 messages each with its actions: more than waitFor's second on a busy machine.
    await waitFor(() => expect(document.activeElement?.id).toBe("room-message-41"), { timeout: 5000 });
    expect(within(document.getElementById("room-message-41")!).getByText("New messages")).toBeTruthy();
  });

  it("reports the newest message shown as read while the page is visible, debounced", async () => {
    await open();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    latestSocket().serverSend(welcome(range(1, 3)));
    latestSocket().serverSend({ type: "message", message: roomMessage(4) });
    act(() => vi.advanceTimersByTime(999));
    expect(latestSocket().frames()).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(latestSocket().frames()).toEqual([{ type: "read", seq: 4 }]);
  });

  it("reports nothing while the page is hidden, and the newest shown once it is visible again", async () => {
    const visibility = vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    await open();
    act(() => document.dispatchEvent(new Event("visibilitychange")));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    latestSocket().serverSend(welcome(range(1, 3)));
    act(() => vi.advanceTimersByTime(5_000));
    expect(latestSocket().frames()).toEqual([]);
    visibility.mockReturnValue("visible");
    act(() => document.dispatchEvent(new Event("visibilitychange")));
    act(() => vi.advanceTimersByTime(1_000));
    expect(latestSocket().frames()).toEqual([{ type: "read", seq: 3 }]);
    visibility.mockRestore();
  });

  it("shows what opens a room the list says is locked, without opening its socket", async () => {
    serve(roomSummary({ read: { kind: "tier", tierId: "vip", eventId: null }, locked: "tier_required", unread: null }), {
      "GET /api/tiers": json(200, { tiers: [{ id: "vip", rank: 10, name: { en: "VIP", ptBR: "VIP" } }] }),
    });
    renderApp(roomsTree, "/rooms/general");
    expect(await screen.findByText("For VIP and above")).toBeTruthy();
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it("shows the lock when the history answers 403", async () => {
    await open(roomSummary({ read: { kind: "ticket", tierId: null, eventId: "e1" } }), {
      "GET /api/rooms/general/messages": apiError(403, "ticket_required", "ticket"),
    });
    latestSocket().serverSend(welcome(range(51, 60)));
    fireEvent.click(screen.getByRole("button", { name: "Load older messages" }));
    expect(await screen.findByText("For ticket holders")).toBeTruthy();
  });

  it("shows the lock, and stops reconnecting, when the list read after a drop says the room no longer opens", async () => {
    await open();
    latestSocket().serverSend(welcome(range(1, 2)));
    serve(roomSummary({ read: { kind: "ticket", tierId: null, eventId: "e1" }, locked: "ticket_required", unread: null }));
    latestSocket().serverClose(1006);
    expect(await screen.findByText("For ticket holders")).toBeTruthy();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it("says the session ended on 4401 and does not reconnect", async () => {
    await open();
    latestSocket().serverSend(welcome(range(1, 2)));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    latestSocket().serverClose(4401);
    expect(screen.getByRole("alert").textContent).toBe("Your session ended. Sign in again to rejoin.");
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it("says the member's access ended on 4403, reads the list again and does not reconnect", async () => {
    const api = await open();
    latestSocket().serverSend(welcome(range(1, 2)));
    const listReads = api.callsTo("GET /api/rooms").length;
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    latestSocket().serverClose(4403);
    expect(screen.getByRole("alert").textContent).toBe("Your membership no longer opens this room.");
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.useRealTimers();
    await waitFor(() => expect(api.callsTo("GET /api/rooms").length).toBe(listReads + 1));
  });

  it("takes a hidden message off the page, and says until when a moderator muted the member, in both languages", async () => {
    await open();
    latestSocket().serverSend(welcome(range(1, 3)));
    latestSocket().serverSend({ type: "hidden", seq: 2 });
    expect(shownSeqs()).toEqual([1, 3]);
    const until = new Date(Date.now() + 60 * 60_000).toISOString();
    latestSocket().serverSend({ type: "muted", userId: "someone-else", until });
    expect(screen.queryByText(/muted you/)).toBeNull();
    latestSocket().serverSend({ type: "muted", userId: ME.id, until });
    expect(screen.getByRole("status", { name: "" }).textContent).toMatch(/^A moderator muted you in this room until /);
    cleanup();
    FakeWebSocket.instances.length = 0;
    await open(undefined, undefined, "pt-BR");
    latestSocket().serverSend(welcome(range(1, 1), { mutedUntil: until }));
    expect(screen.getByText(/^Um moderador silenciou você nesta sala até /)).toBeTruthy();
  });
});

describe("/rooms/:room, a deleted member's messages", () => {
  it.each([
    ["en", "Deleted member", "This message was removed with its author's account."],
    ["pt-BR", "Membro excluído", "Esta mensagem foi removida com a conta de quem a escreveu."],
  ] as const)("in %s, keep their place without a name or text", async (locale, name, removed) => {
    await open(undefined, undefined, locale);
    latestSocket().serverSend(welcome([roomMessage(1, { userId: "deleted-member", username: "", text: "" }), roomMessage(2, { text: "still here" })]));
    await waitFor(() => expect(document.querySelectorAll(".room-messages > li")).toHaveLength(2));
    const [erased, kept] = document.querySelectorAll(".room-messages > li");
    expect(erased!.querySelector(".room-message-name")?.textContent).toBe(name);
    expect(erased!.querySelector(".room-message-text")?.textContent).toBe(removed);
    expect(kept!.querySelector(".room-message-text")?.textContent).toBe("still here");
  });
});
