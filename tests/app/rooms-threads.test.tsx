// Threads, reactions, edits, deletions and pins in a room's page (decision 109): Reply puts
// "Replying to <name>" over the composer (Escape cancels) and the send carries replyTo; a reply
// quotes its parent and the parent counts it; the thread opens with its replies; the reaction bar's
// buttons are toggles naming their counts; the author edits inline (Enter saves, Escape cancels)
// and deletes after a question; moderators pin, and the header lists the pins; Portuguese.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, mockApi, renderApp, sessionUser } from "./accounts-harness";
import { FakeWebSocket, latestSocket, OTHER_ID, roomMessage, roomSummary, roomsTree, welcome } from "./fixtures/rooms";
import type { RoomMessage, RoomServerFrame } from "../../worker/contracts/rooms/rooms";

const ME = sessionUser();

beforeEach(() => {
  FakeWebSocket.instances.length = 0;
  vi.stubGlobal("WebSocket", FakeWebSocket);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const mine = (seq: number, overrides: Partial<RoomMessage> = {}) => roomMessage(seq, { userId: ME.id, username: ME.username, ...overrides });

async function open(messages: RoomMessage[], extra: Partial<Extract<RoomServerFrame, { type: "welcome" }>> = {}, locale: "en" | "pt-BR" = "en", routes = {}) {
  mockApi({
    "GET /api/auth/me": json(200, { user: ME }),
    "GET /api/rooms": json(200, { rooms: [roomSummary()] }),
    "GET /api/tiers": json(200, { tiers: [] }),
    ...routes,
  });
  renderApp(roomsTree, "/rooms/general", { locale });
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  latestSocket().serverOpen();
  latestSocket().serverSend(welcome(messages, extra));
}
/** Opens a message's Actions (the picker, Reply, Edit, Delete, Pin). */
const actions = async (name = "maria_beats", label = "Actions for the message from") =>
  fireEvent.click((await screen.findAllByRole("button", { name: `${label} ${name}` })).at(-1)!);
const sentOf = (type: string) =>
  latestSocket()
    .frames()
    .filter((f) => f.type === type);

describe("replies", () => {
  it("Reply names the parent over the composer, Escape cancels it, and the send carries replyTo", async () => {
    await open([roomMessage(1)]);
    const toggle = await screen.findByRole("button", { name: "Actions for the message from maria_beats" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("button", { name: "Reply to maria_beats" })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Reply to maria_beats" }));
    expect(screen.getByText("Replying to maria_beats")).toBeTruthy();
    const box = screen.getByLabelText("Your message");
    await waitFor(() => expect(document.activeElement).toBe(box));
    fireEvent.keyDown(box, { key: "Escape" });
    expect(screen.queryByText("Replying to maria_beats")).toBeNull();
    await actions();
    fireEvent.click(screen.getByRole("button", { name: "Reply to maria_beats" }));
    fireEvent.change(box, { target: { value: "me too" } });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(sentOf("send")).toEqual([{ type: "send", clientId: expect.any(String), text: "me too", replyTo: 1 }]);
    expect(screen.queryByText("Replying to maria_beats")).toBeNull();
  });

  it("a reply quotes its parent, the parent counts it, and its thread opens with the replies", async () => {
    const reply = mine(3, { text: "see you there", replyTo: { seq: 1, userId: OTHER_ID, username: "maria_beats", text: "Message 1", gone: false } });
    await open([roomMessage(1, { replyCount: 0 }), roomMessage(2)], {}, "en", {
      "GET /api/rooms/general/messages/1/replies": json(200, { parent: roomMessage(1, { replyCount: 1 }), replies: [reply], more: false }),
    });
    await screen.findByText("Message 2");
    expect(screen.queryByRole("button", { name: "1 reply" })).toBeNull();
    latestSocket().serverSend({ type: "message", message: reply });
    expect(screen.getByText("see you there")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "1 reply" }));
    const thread = await screen.findByRole("region", { name: "Thread" });
    await waitFor(() => expect(within(thread).getByText("see you there")).toBeTruthy());
    expect(within(thread).getByText("Message 1")).toBeTruthy();
    // A reply that arrives while the thread is open shows in it, and the thread's Reply answers its parent.
    latestSocket().serverSend({
      type: "message",
      message: roomMessage(4, { text: "count me in", replyTo: { seq: 1, userId: OTHER_ID, username: "maria_beats", text: "Message 1", gone: false } }),
    });
    expect(within(thread).getByText("count me in")).toBeTruthy();
    expect(document.querySelectorAll("#room-message-1")).toHaveLength(1);
    fireEvent.click(within(thread).getAllByRole("button", { name: "Actions for the message from maria_beats" }).at(-1)!);
    fireEvent.click(within(thread).getByRole("button", { name: "Reply to maria_beats" }));
    expect(screen.getByText("Replying to maria_beats")).toBeTruthy();
    fireEvent.click(within(thread).getByRole("button", { name: "Close thread" }));
    expect(screen.queryByRole("region", { name: "Thread" })).toBeNull();
  });
});

describe("reactions", () => {
  it("each emoji on a message is a toggle naming its count; the room's answer sets mine", async () => {
    await open([roomMessage(1, { reactions: [{ emoji: "🔥", count: 3, mine: false }] })]);
    const fire = await screen.findByRole("button", { name: "React with 🔥, 3" });
    expect(fire.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(fire);
    expect(sentOf("react")).toEqual([{ type: "react", seq: 1, emoji: "🔥", on: true }]);
    latestSocket().serverSend({ type: "reactions", seq: 1, reactions: [{ emoji: "🔥", count: 4 }], userId: ME.id, emoji: "🔥", on: true });
    expect(screen.getByRole("button", { name: "React with 🔥, 4" }).getAttribute("aria-pressed")).toBe("true");
    // Someone else's toggle changes the count, not mine.
    latestSocket().serverSend({ type: "reactions", seq: 1, reactions: [{ emoji: "🔥", count: 5 }], userId: OTHER_ID, emoji: "🔥", on: true });
    expect(screen.getByRole("button", { name: "React with 🔥, 5" }).getAttribute("aria-pressed")).toBe("true");
    await actions();
    expect(within(screen.getByRole("group", { name: "Add a reaction" })).getAllByRole("button")).toHaveLength(7);
    fireEvent.click(screen.getByRole("button", { name: "React with 🎉, 0" }));
    expect(sentOf("react").at(-1)).toEqual({ type: "react", seq: 1, emoji: "🎉", on: true });
  });
});

describe("editing and deleting one's own", () => {
  it("only the author's message offers Edit and Delete; Enter saves, Escape cancels; the room's answer shows (edited)", async () => {
    await open([roomMessage(1), mine(2, { text: "helo" })]);
    await screen.findByText("helo");
    await actions();
    await actions(ME.username);
    expect(screen.getAllByRole("button", { name: "Edit" })).toHaveLength(1);
    expect(screen.getAllByRole("button", { name: "Delete" })).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Edit" }));
    let editor = screen.getByLabelText("Edit your message");
    fireEvent.change(editor, { target: { value: "nope" } });
    fireEvent.keyDown(editor, { key: "Escape" });
    expect(screen.queryByLabelText("Edit your message")).toBeNull();
    expect(sentOf("edit")).toEqual([]);
    await actions(ME.username);
    fireEvent.click(screen.getByRole("button", { name: "Edit" }));
    editor = screen.getByLabelText("Edit your message");
    fireEvent.change(editor, { target: { value: "hello" } });
    fireEvent.keyDown(editor, { key: "Enter" });
    expect(sentOf("edit")).toEqual([{ type: "edit", seq: 2, text: "hello" }]);
    latestSocket().serverSend({ type: "edited", seq: 2, text: "hello", editedAt: "2026-11-27T12:05:00.000Z" });
    expect(screen.getByText("hello")).toBeTruthy();
    expect(screen.getByText("(edited)")).toBeTruthy();
  });

  it("Delete asks first; the room's answer leaves 'Message deleted' in place", async () => {
    await open([mine(2, { text: "oops" })]);
    await actions(ME.username);
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    let dialog = await screen.findByRole("dialog", { name: "Delete this message?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(sentOf("delete")).toEqual([]);
    await actions(ME.username);
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    dialog = await screen.findByRole("dialog", { name: "Delete this message?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(sentOf("delete")).toEqual([{ type: "delete", seq: 2 }]);
    latestSocket().serverSend({ type: "deleted", seq: 2 });
    expect(screen.queryByText("oops")).toBeNull();
    expect(screen.getByText("Message deleted")).toBeTruthy();
  });
});

describe("pins", () => {
  it("a member sees the pinned list but no Pin; a moderator pins and unpins", async () => {
    await open([roomMessage(1, { text: "house rules" })], { pinned: [roomMessage(1, { text: "house rules" })] });
    await screen.findAllByText("house rules");
    await actions();
    expect(screen.getByRole("button", { name: "Reply to maria_beats" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Pin" })).toBeNull();
    const toggle = screen.getByRole("button", { name: "Pinned (1)" });
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(within(screen.getByRole("region", { name: "Pinned messages" })).getByText("house rules")).toBeTruthy();
    cleanup();
    FakeWebSocket.instances.length = 0;
    await open([roomMessage(1, { text: "house rules" }), roomMessage(2)], { moderates: true });
    fireEvent.click((await screen.findAllByRole("button", { name: "Actions for the message from maria_beats" }))[0]!);
    fireEvent.click(screen.getByRole("button", { name: "Pin" }));
    expect(sentOf("pin")).toEqual([{ type: "pin", seq: 1 }]);
    latestSocket().serverSend({ type: "pinned", message: roomMessage(1, { text: "house rules" }) });
    fireEvent.click(screen.getByRole("button", { name: "Pinned (1)" }));
    fireEvent.click(within(screen.getByRole("region", { name: "Pinned messages" })).getByRole("button", { name: "Unpin" }));
    expect(sentOf("unpin")).toEqual([{ type: "unpin", seq: 1 }]);
    latestSocket().serverSend({ type: "error", code: "pin_limit" });
    expect(screen.getByRole("alert").textContent).toBe("This room has 10 pinned messages already: unpin one first.");
  });

  it("speaks Portuguese", async () => {
    await open([mine(1, { text: "oi", reactions: [{ emoji: "👍", count: 2, mine: true }] })], { moderates: true }, "pt-BR");
    await screen.findByText("oi");
    expect(screen.getByRole("button", { name: "Reagir com 👍, 2" }).getAttribute("aria-pressed")).toBe("true");
    await actions(ME.username, "Ações da mensagem de");
    expect(screen.getByRole("button", { name: "Responder a " + ME.username })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Editar" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Apagar" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Fixar" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Fixadas (0)" })).toBeTruthy();
  });
});
