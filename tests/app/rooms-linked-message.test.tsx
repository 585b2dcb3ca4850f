// /rooms/:room?seq=N, a notification's link: the room opens at message N, marked for a moment and
// given keyboard focus; older pages are loaded until it is shown; a message the room no longer
// shows (hidden, or a number past its start) is said so, in both languages.
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, mockApi, renderApp, sessionUser } from "./accounts-harness";
import { FakeWebSocket, latestSocket, range, roomSummary, roomsTree, welcome } from "./fixtures/rooms";

beforeEach(() => {
  FakeWebSocket.instances.length = 0;
  vi.stubGlobal("WebSocket", FakeWebSocket);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The room's history as the Worker pages it: 50 before `before`, `more` until the first. */
function serve(shown: (seq: number) => boolean = () => true) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: sessionUser() }),
    "GET /api/rooms": json(200, { rooms: [roomSummary()] }),
    "GET /api/rooms/general/messages": (request: Request) => {
      const before = Number(new URL(request.url).searchParams.get("before"));
      const from = Math.max(1, before - 50);
      return json(200, { messages: range(from, before - 1).filter((m) => shown(m.seq)), more: from > 1 });
    },
  });
}

async function open(path: string, locale: "en" | "pt-BR" = "en") {
  renderApp(roomsTree, path, { locale });
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  latestSocket().serverOpen();
}

const historyCalls = (api: ReturnType<typeof serve>) =>
  api.callsTo("GET /api/rooms/general/messages").map(([input]) => new URL(String(input), "http://x").searchParams.get("before"));

describe("a link to a message in a room", () => {
  it("opens at a message in the newest page: focused and marked, no history read", async () => {
    const api = serve();
    await open("/rooms/general?seq=105");
    latestSocket().serverSend(welcome(range(101, 150)));
    await waitFor(() => expect(document.activeElement?.id).toBe("room-message-105"));
    expect(document.getElementById("room-message-105")!.classList.contains("is-linked")).toBe(true);
    expect(document.getElementById("room-message-106")!.classList.contains("is-linked")).toBe(false);
    expect(historyCalls(api)).toEqual([]);
  });

  it("loads older pages until the message is shown, then focuses and marks it", async () => {
    const api = serve();
    await open("/rooms/general?seq=7");
    latestSocket().serverSend(welcome(range(101, 150)));
    await waitFor(() => expect(document.activeElement?.id).toBe("room-message-7"), { timeout: 5000 });
    expect(document.getElementById("room-message-7")!.classList.contains("is-linked")).toBe(true);
    expect(historyCalls(api)).toEqual(["101", "51"]);
    expect(screen.queryByText("The message the link points to is no longer in this room.")).toBeNull();
  });

  it.each([
    ["en", "The message the link points to is no longer in this room."],
    ["pt-BR", "A mensagem para a qual o link aponta não está mais nesta sala."],
  ] as const)("says so when the room no longer shows the message (%s)", async (locale, text) => {
    serve((seq) => seq !== 60);
    await open("/rooms/general?seq=60", locale);
    latestSocket().serverSend(welcome(range(101, 150)));
    expect(await screen.findByText(text, {}, { timeout: 5000 })).toBeTruthy();
    expect(document.querySelector(".is-linked")).toBeNull();
  });

  it("ignores a ?seq= that is not a message number", async () => {
    const api = serve();
    await open("/rooms/general?seq=abc");
    latestSocket().serverSend(welcome(range(101, 150)));
    await screen.findByText("Message 150");
    expect(document.querySelector(".is-linked")).toBeNull();
    expect(historyCalls(api)).toEqual([]);
  });
});
