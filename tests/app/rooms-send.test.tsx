// Writing in a room: Enter sends (Shift+Enter does not), the send shows as pending until the
// message with its clientId comes back, one unanswered send is put once more on the next socket
// (and no more), the room's refusals read in both languages, the counter near the limit, and the
// composer replaced by the reason when the member may not write.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RoomErrorCode, RoomSummary } from "../../worker/contracts/rooms/rooms";
import { json, mockApi, renderApp, sessionUser } from "./accounts-harness";
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

async function open(room: RoomSummary = roomSummary(), locale: "en" | "pt-BR" = "en", tiers: unknown[] = []) {
  mockApi({ "GET /api/auth/me": json(200, { user: ME }), "GET /api/rooms": json(200, { rooms: [room] }), "GET /api/tiers": json(200, { tiers }) });
  renderApp(roomsTree, "/rooms/general", { locale });
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  latestSocket().serverOpen();
}

const sends = (socket = latestSocket()) => socket.frames().filter((f) => f.type === "send");
const log = () => within(screen.getByRole("region", { name: "Messages" })).getByRole("list");

function type(text: string, key?: { shiftKey?: boolean }) {
  const box = screen.getByRole("textbox", { name: "Your message" });
  fireEvent.change(box, { target: { value: text } });
  if (key) fireEvent.keyDown(box, { key: "Enter", ...key });
  return box as HTMLTextAreaElement;
}

describe("writing in a room", () => {
  it("sends on Enter, shows the send pending, and replaces it with its echo", async () => {
    await open();
    latestSocket().serverSend(welcome(range(1, 2)));
    const box = type("first line", { shiftKey: true });
    expect(sends()).toEqual([]);
    expect(box.value).toBe("first line");
    type("hello\nroom", {});
    const [frame] = sends();
    expect(frame).toEqual({ type: "send", clientId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/), text: "hello\nroom" });
    expect(box.value).toBe("");
    const pending = within(log()).getByText("Sending...").closest("li")!;
    expect(pending.querySelector(".room-message-text")!.textContent).toBe("hello\nroom");

    latestSocket().serverSend({
      type: "message",
      message: roomMessage(3, { userId: ME.id, username: ME.username, text: "hello\nroom" }),
      clientId: frame!.clientId as string,
    });
    expect(within(log()).queryByText("Sending...")).toBeNull();
    expect(within(log()).getAllByRole("listitem")).toHaveLength(3);
    expect(document.getElementById("room-message-3")!.textContent).toContain("hello\nroom");
  });

  it("puts an unanswered send once more on the next socket, and no more after that", async () => {
    await open();
    latestSocket().serverSend(welcome(range(1, 2)));
    type("are you there?", {});
    const clientId = sends()[0]!.clientId;
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    for (const expected of [[{ type: "send", clientId, text: "are you there?" }], []]) {
      latestSocket().serverClose(1006);
      act(() => vi.advanceTimersByTime(30_000));
      latestSocket().serverOpen();
      expect(sends()).toEqual(expected);
    }
    expect(FakeWebSocket.instances).toHaveLength(3);
  });

  it.each([
    ["en", { code: "rate_limited", retryAfter: 5 }, "Slow down: you can write again in 5 seconds."],
    ["pt-BR", { code: "rate_limited", retryAfter: 5 }, "Mais devagar: você pode escrever de novo em 5 segundos."],
    ["en", { code: "write_refused" }, "You can read this room but not write in it."],
    ["pt-BR", { code: "write_refused" }, "Você pode ler esta sala, mas não escrever nela."],
    ["en", { code: "archived" }, "This room is archived: nothing more can be written in it."],
    ["pt-BR", { code: "archived" }, "Esta sala está arquivada: nada mais pode ser escrito nela."],
    ["en", { code: "message_too_long" }, "Messages are at most 4,000 characters."],
    ["pt-BR", { code: "message_too_long" }, "As mensagens têm no máximo 4.000 caracteres."],
    ["en", { code: "empty_message" }, "Write a message first."],
    ["pt-BR", { code: "invalid_characters" }, "A mensagem contém caracteres que não são permitidos."],
    ["en", { code: "bad_frame" }, "That could not be sent."],
  ] as const)("says the room's %s refusal %j", async (locale, error, text) => {
    await open(roomSummary(), locale);
    latestSocket().serverSend(welcome(range(1, 2)));
    latestSocket().serverSend({ type: "error", ...(error as { code: RoomErrorCode; retryAfter?: number }) });
    expect(screen.getByRole("alert").textContent).toBe(text);
  });

  it("drops the pending send the room refused", async () => {
    await open();
    latestSocket().serverSend(welcome(range(1, 2)));
    type("too fast", {});
    latestSocket().serverSend({ type: "error", code: "rate_limited", retryAfter: 2, clientId: sends()[0]!.clientId as string });
    expect(within(log()).queryByText("Sending...")).toBeNull();
    expect(screen.getByRole("alert").textContent).toBe("Slow down: you can write again in 2 seconds.");
  });

  it("counts the characters left near the limit and refuses to send past it", async () => {
    await open();
    latestSocket().serverSend(welcome([]));
    type("a".repeat(3_499));
    expect(screen.queryByText(/characters? left/)).toBeNull();
    type("a".repeat(3_990));
    expect(screen.getByText("10 characters left")).toBeTruthy();
    type("a".repeat(4_001), {});
    expect(screen.getByText("1 character too many")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Send" }) as HTMLButtonElement).disabled).toBe(true);
    expect(sends()).toEqual([]);
  });

  it.each([
    [{ writeLocked: "archived", archived: true }, "en", "This room is archived: it can be read, not written in."],
    [{ writeLocked: "tier_required", write: { kind: "tier", tierId: "vip", eventId: null } }, "pt-BR", "Só VIP e acima podem escrever nesta sala."],
    [{ writeLocked: "ticket_required", write: { kind: "ticket", tierId: null, eventId: "e1" } }, "en", "Only ticket holders can write in this room."],
  ] as const)("hides the composer with the reason when the member may not write (%j)", async (overrides, locale, reason) => {
    await open(roomSummary(overrides as Partial<RoomSummary>), locale, [{ id: "vip", rank: 10, name: { en: "VIP", ptBR: "VIP" } }]);
    latestSocket().serverSend(welcome(range(1, 2), { mayWrite: false }));
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("hides the composer when the room says the member may no longer write", async () => {
    await open();
    latestSocket().serverSend(welcome(range(1, 2), { slowModeSeconds: 30 }));
    expect(screen.getByRole("textbox", { name: "Your message" })).toBeTruthy();
    expect(screen.getByText("Slow mode: one message every 30 seconds.")).toBeTruthy();
    latestSocket().serverSend({ type: "access", mayWrite: false });
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.getByText("You can read this room but not write in it.")).toBeTruthy();
  });
});
