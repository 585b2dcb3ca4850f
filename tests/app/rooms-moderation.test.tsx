// A moderator's controls in a room: only when the welcome says the member moderates it, and only on
// others' messages; hide and mute send their exact frames after the question (and nothing on
// Cancel); slow mode sends its frame at once; the room's slow mode is shown to everyone; Portuguese.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, mockApi, renderApp, sessionUser } from "./accounts-harness";
import { FakeWebSocket, latestSocket, OTHER_ID, roomMessage, roomSummary, roomsTree, welcome } from "./fixtures/rooms";

const ME = sessionUser();

beforeEach(() => {
  FakeWebSocket.instances.length = 0;
  vi.stubGlobal("WebSocket", FakeWebSocket);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open(moderates: boolean, locale: "en" | "pt-BR" = "en", slowModeSeconds = 0) {
  mockApi({ "GET /api/auth/me": json(200, { user: ME }), "GET /api/rooms": json(200, { rooms: [roomSummary()] }), "GET /api/tiers": json(200, { tiers: [] }) });
  renderApp(roomsTree, "/rooms/general", { locale });
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  latestSocket().serverOpen();
  latestSocket().serverSend(welcome([roomMessage(1), roomMessage(2, { userId: ME.id, username: ME.username })], { moderates, slowModeSeconds }));
}

const moderation = () =>
  latestSocket()
    .frames()
    .filter((f) => f.type === "hide" || f.type === "mute" || f.type === "slow");

describe("moderating a room", () => {
  it("shows no controls to a member who does not moderate, and tells everyone the slow mode", async () => {
    await open(false, "en", 30);
    await screen.findByText("Message 1");
    expect(screen.queryByRole("button", { name: /Moderate/ })).toBeNull();
    expect(screen.queryByLabelText("Slow mode")).toBeNull();
    expect(screen.getByText("Slow mode: one message every 30 seconds.")).toBeTruthy();
  });

  it("offers Moderate only on others' messages, and hides one after the question", async () => {
    await open(true);
    await screen.findByText("Message 1");
    const menus = screen.getAllByRole("button", { name: /^Moderate/ });
    expect(menus.map((b) => b.getAttribute("aria-label"))).toEqual(["Moderate the message from maria_beats"]);
    const toggle = menus[0]!;
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const menu = document.getElementById(toggle.getAttribute("aria-controls")!)!;
    expect(
      within(menu)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Hide message", "Mute for 10 minutes", "Mute for 1 hour", "Mute for 1 day", "Mute for 7 days"]);
    fireEvent.click(within(menu).getByRole("button", { name: "Hide message" }));
    let dialog = await screen.findByRole("dialog", { name: "Hide this message?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(moderation()).toEqual([]);
    await waitFor(() => expect(document.activeElement).toBe(toggle));

    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole("button", { name: "Hide message" }));
    dialog = await screen.findByRole("dialog", { name: "Hide this message?" });
    expect(dialog.textContent).toContain("The message from maria_beats disappears for everyone in the room.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Hide message" }));
    expect(moderation()).toEqual([{ type: "hide", seq: 1 }]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("mutes the author for the length chosen after the question", async () => {
    await open(true);
    fireEvent.click(await screen.findByRole("button", { name: "Moderate the message from maria_beats" }));
    fireEvent.click(screen.getByRole("button", { name: "Mute for 1 day" }));
    const dialog = await screen.findByRole("dialog", { name: "Mute maria_beats?" });
    expect(dialog.textContent).toContain("maria_beats cannot write in this room for 1 day.");
    expect(moderation()).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Mute" }));
    expect(moderation()).toEqual([{ type: "mute", userId: OTHER_ID, minutes: 1440 }]);
  });

  it("sets slow mode from the header, and shows the room's answer", async () => {
    await open(true);
    const select = (await screen.findByLabelText("Slow mode")) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(["Off", "5 s", "30 s", "1 min", "5 min"]);
    fireEvent.change(select, { target: { value: "60" } });
    expect(moderation()).toEqual([{ type: "slow", seconds: 60 }]);
    expect(screen.queryByRole("dialog")).toBeNull();
    latestSocket().serverSend({ type: "slow_mode", seconds: 60 });
    expect(screen.getByText("Slow mode: one message every 60 seconds.")).toBeTruthy();
    expect(select.value).toBe("60");
  });

  it("speaks Portuguese", async () => {
    await open(true, "pt-BR");
    fireEvent.click(await screen.findByRole("button", { name: "Moderar a mensagem de maria_beats" }));
    fireEvent.click(screen.getByRole("button", { name: "Silenciar por 10 minutos" }));
    const dialog = await screen.findByRole("dialog", { name: "Silenciar maria_beats?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Silenciar" }));
    expect(moderation()).toEqual([{ type: "mute", userId: OTHER_ID, minutes: 10 }]);
    expect(screen.getByLabelText("Modo lento")).toBeTruthy();
  });
});
