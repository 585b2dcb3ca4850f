// /rooms: every room the Worker lists, named in the page's language, with the viewer's unread count
// and, for a room they may not read, what opens it: signing in, a tier or higher (named from the
// public ladder, linking to the tiers), or a ticket (linking to the event); archived rooms read-only.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RoomSummary } from "../../worker/contracts/rooms/rooms";
import { apiError, json, mockApi, renderApp, sessionUser } from "./accounts-harness";
import { roomSummary, roomsTree } from "./fixtures/rooms";

const EVENT_ID = "0b7c2a4e-1f3d-4c5b-9a6e-2d8f0c1b3a4e";
const ladder = {
  tiers: [
    { id: "free", rank: 0, name: { en: "Free", ptBR: "Grátis" } },
    { id: "vip", rank: 10, name: { en: "VIP", ptBR: "VIP" } },
    { id: "inner-circle", rank: 20, name: { en: "Inner Circle", ptBR: "Círculo Íntimo" } },
  ],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve(rooms: RoomSummary[], user: ReturnType<typeof sessionUser> | null = sessionUser()) {
  return mockApi({
    "GET /api/auth/me": json(200, { user }),
    "GET /api/rooms": json(200, { rooms }),
    "GET /api/tiers": json(200, ladder),
  });
}

const item = (name: string) => screen.getByRole("heading", { name: new RegExp(`^${name}`) }).closest("li")!;

describe("/rooms", () => {
  it("shows a visitor each room with the way in: sign in, and no link into the room", async () => {
    serve([roomSummary({ locked: "sign_in", writeLocked: "sign_in", unread: null })], null);
    renderApp(roomsTree, "/rooms");
    const room = await waitFor(() => item("General"));
    expect(within(room).getByText("Talk about anything")).toBeTruthy();
    expect(within(room).getByText("Sign in to read this room")).toBeTruthy();
    expect(within(room).getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/social/login?redirect=%2Frooms%2Fgeneral");
    expect(within(room).queryByRole("link", { name: "General" })).toBeNull();
  });

  it("links a member into the rooms they may read, with an unread badge said as '3 unread'", async () => {
    serve([roomSummary({ unread: 3 }), roomSummary({ id: "quiet", name: { en: "Quiet", ptBR: "Calma" }, unread: 0 })]);
    renderApp(roomsTree, "/rooms");
    const general = await waitFor(() => item("General"));
    expect(within(general).getByRole("link", { name: "General" }).getAttribute("href")).toBe("/rooms/general");
    expect(within(general).getByText("3 unread")).toBeTruthy();
    expect(within(item("Quiet")).queryByText(/unread/)).toBeNull();
  });

  it.each([
    ["en", "For Inner Circle and above", "See the membership tiers"],
    ["pt-BR", "Para Círculo Íntimo e acima", "Ver os níveis de assinatura"],
  ] as const)("names the tier that opens a tier room in %s, linking to the tiers", async (locale, text, link) => {
    serve([
      roomSummary({
        id: "inner-circle",
        name: { en: "Inner circle", ptBR: "Círculo" },
        read: { kind: "tier", tierId: "inner-circle", eventId: null },
        locked: "tier_required",
        writeLocked: "tier_required",
        unread: null,
      }),
    ]);
    renderApp(roomsTree, "/rooms", { locale });
    const room = await waitFor(() => item(locale === "en" ? "Inner circle" : "Círculo"));
    expect(await within(room).findByText(text)).toBeTruthy();
    expect(within(room).getByRole("link", { name: link }).getAttribute("href")).toBe("/signup-options");
  });

  it("tells who a ticket room is for, linking to its event", async () => {
    serve([
      roomSummary({
        id: "miami-show",
        name: { en: "Miami show", ptBR: "Show de Miami" },
        read: { kind: "ticket", tierId: null, eventId: EVENT_ID },
        locked: "ticket_required",
        writeLocked: "ticket_required",
        unread: null,
      }),
    ]);
    renderApp(roomsTree, "/rooms");
    const room = await waitFor(() => item("Miami show"));
    expect(within(room).getByText("For ticket holders")).toBeTruthy();
    expect(within(room).getByRole("link", { name: "See the event" }).getAttribute("href")).toBe(`/events#event-${EVENT_ID}`);
  });

  it("names and describes rooms in Portuguese and marks an archived room read-only", async () => {
    serve([roomSummary({ archived: true, writeLocked: "archived", unread: 2 })]);
    renderApp(roomsTree, "/rooms", { locale: "pt-BR" });
    const room = await waitFor(() => item("Geral"));
    expect(within(room).getByText("Fale sobre tudo")).toBeTruthy();
    expect(within(room).getByText("Arquivada: só leitura")).toBeTruthy();
    expect(within(room).getByText("2 não lidas")).toBeTruthy();
  });

  it("says when there are no rooms", async () => {
    serve([]);
    renderApp(roomsTree, "/rooms");
    expect(await screen.findByText("There are no rooms yet.")).toBeTruthy();
  });

  it("shows a failed load with a retry that loads the list again", async () => {
    mockApi({ "GET /api/auth/me": json(200, { user: null }), "GET /api/rooms": apiError(500, "internal", "boom") });
    renderApp(roomsTree, "/rooms");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load the rooms");
    mockApi({ "GET /api/auth/me": json(200, { user: null }), "GET /api/rooms": json(200, { rooms: [roomSummary({ locked: "sign_in", unread: null })] }) });
    within(alert).getByRole("button", { name: "Try again" }).click();
    await waitFor(() => item("General"));
  });
});
