// A room's bell (what the member is told of it: everything, mentions and replies, nothing) and the
// report dialog on others' messages (decision 111): the bell shows the list's choice, saves a new
// one with PUT at once (radios, so arrow keys choose) and keeps it; Report is offered on others'
// messages only, sends the reason chosen, and says when the member reported it already; Portuguese.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiError, json, mockApi, renderApp, sessionUser, type ApiRoutes } from "./accounts-harness";
import { FakeWebSocket, latestSocket, roomMessage, roomSummary, roomsTree, welcome } from "./fixtures/rooms";
import type { RoomNotify } from "../../worker/contracts/rooms/rooms";

const ME = sessionUser();

beforeEach(() => {
  FakeWebSocket.instances.length = 0;
  vi.stubGlobal("WebSocket", FakeWebSocket);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open(notify: RoomNotify = "mentions", routes: ApiRoutes = {}, locale: "en" | "pt-BR" = "en") {
  const api = mockApi({
    "GET /api/auth/me": json(200, { user: ME }),
    "GET /api/rooms": json(200, { rooms: [roomSummary({ notify })] }),
    "GET /api/tiers": json(200, { tiers: [] }),
    ...routes,
  });
  renderApp(roomsTree, "/rooms/general", { locale });
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  latestSocket().serverOpen();
  latestSocket().serverSend(welcome([roomMessage(1), roomMessage(2, { userId: ME.id, username: ME.username })]));
  await screen.findByText("Message 1");
  return api;
}

const bodyOf = async (call: unknown[] | undefined) => JSON.parse(String((call![1] as RequestInit).body)) as unknown;

describe("the room's bell", () => {
  it("shows the member's choice and saves another at once", async () => {
    const api = await open("mentions", { "PUT /api/rooms/general/notifications": json(200, { notify: "all" }) });
    const bell = screen.getByRole("button", { name: "Notifications: Mentions and replies" });
    expect(bell.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(bell);
    const group = screen.getByRole("group", { name: "Tell me about this room" });
    const radios = within(group).getAllByRole("radio");
    expect(radios.map((r) => (r as HTMLInputElement).value)).toEqual(["all", "mentions", "none"]);
    expect((within(group).getByRole("radio", { name: /^Mentions and replies/ }) as HTMLInputElement).checked).toBe(true);
    expect(group.textContent).toContain("New messages, at most once every 15 minutes");
    fireEvent.click(within(group).getByRole("radio", { name: /^Everything/ }));
    await waitFor(() => expect(api.callsTo("PUT /api/rooms/general/notifications")).toHaveLength(1));
    expect(await bodyOf(api.callsTo("PUT /api/rooms/general/notifications")[0])).toEqual({ notify: "all" });
    await screen.findByRole("button", { name: "Notifications: Everything" });
    expect((within(group).getByRole("radio", { name: /^Everything/ }) as HTMLInputElement).checked).toBe(true);
    // Escape closes the menu and gives focus back to the bell.
    fireEvent.keyDown(group, { key: "Escape" });
    expect(screen.queryByRole("group", { name: "Tell me about this room" })).toBeNull();
    expect(document.activeElement).toBe(bell);
  });

  it("says when the choice was not saved, and speaks Portuguese", async () => {
    await open("none", { "PUT /api/rooms/general/notifications": apiError(500, "internal", "boom") }, "pt-BR");
    fireEvent.click(screen.getByRole("button", { name: "Notificações: Nada" }));
    fireEvent.click(screen.getByRole("radio", { name: /^Tudo/ }));
    expect((await screen.findByRole("alert")).textContent).toBe("Sua escolha não foi salva. Tente novamente.");
    expect((screen.getByRole("radio", { name: /^Nada/ }) as HTMLInputElement).checked).toBe(true);
  });
});

describe("reporting a message", () => {
  it("offers Report on others' messages only and sends the reason chosen", async () => {
    const api = await open("mentions", { "POST /api/rooms/general/messages/1/reports": json(201, { ok: true }) });
    const buttons = screen.getAllByRole("button", { name: /^Report/ });
    expect(buttons.map((b) => b.getAttribute("aria-label"))).toEqual(["Report maria_beats's message"]);
    fireEvent.click(buttons[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Report this message" });
    fireEvent.click(within(dialog).getByRole("radio", { name: "Harassment" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    await waitFor(() => expect(api.callsTo("POST /api/rooms/general/messages/1/reports")).toHaveLength(1));
    expect(await bodyOf(api.callsTo("POST /api/rooms/general/messages/1/reports")[0])).toEqual({ reason: "harassment" });
    expect((await screen.findByText("Thank you: the moderators will look at it.")).getAttribute("role")).toBe("status");
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("cancelling sends nothing; a second report is answered in Portuguese", async () => {
    const api = await open("mentions", { "POST /api/rooms/general/messages/1/reports": apiError(409, "already_reported", "already") }, "pt-BR");
    fireEvent.click(screen.getByRole("button", { name: "Denunciar a mensagem de maria_beats" }));
    let dialog = await screen.findByRole("dialog", { name: "Denunciar esta mensagem" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    expect(api.callsTo("POST /api/rooms/general/messages/1/reports")).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Denunciar a mensagem de maria_beats" }));
    dialog = await screen.findByRole("dialog", { name: "Denunciar esta mensagem" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Enviar denúncia" }));
    await screen.findByText("Você já denunciou esta mensagem.");
  });
});
