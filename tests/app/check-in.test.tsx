// The door's page and the VIP pass against a fake API: a member who is not door staff is refused;
// door staff see the events (the live one chosen), type a code and get the answer with the member's
// name, and the list; a wrong code's answer and a 429 read in words; the page in Portuguese. The
// pass shows the VIP's name, "VIP member since", the QR code and the code, and nothing for others.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createRoute, type AnyRoute } from "@tanstack/react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as CheckInRoute } from "../../app/routes/check-in";
import { VipPassCard } from "../../app/features/vip-pass/VipPassCard";
import type { CheckInEvent, CheckInListResponse, CheckInResponse, VipPassResponse } from "../../worker/contracts/tickets/vip-pass";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson, sessionUser, type ApiRoutes } from "./accounts-harness";

const DOOR = sessionUser({ username: "door_crew", isDoorStaff: true });
const MEMBER = {
  id: "22222222-2222-4222-8222-222222222222",
  name: "vip_dancer",
  username: "vip_dancer",
  avatarUrl: null,
  vipSince: "2025-03-01T12:00:00.000Z",
};

const event = (n: number, extra: Partial<CheckInEvent> = {}): CheckInEvent => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  title: `Show ${n}`,
  eventDate: "2026-11-21T23:00:00.000Z",
  endDate: null,
  timeZone: "America/New_York",
  venueName: "Starlight Ballroom",
  venueCity: "New York",
  phase: "upcoming",
  checkIns: 0,
  ...extra,
});
const EVENTS = [event(1, { phase: "live", title: "Live show" }), event(2), event(3, { phase: "past", title: "Old show" })];

function serve(me = DOOR, extra: ApiRoutes = {}) {
  let list: CheckInListResponse = { eventId: EVENTS[0]!.id, total: 0, checkIns: [] };
  return mockApi({
    "GET /api/auth/me": json(200, { user: me }),
    "GET /api/check-in/events": json(200, { events: EVENTS }),
    [`GET /api/check-in/events/${EVENTS[0]!.id}/check-ins`]: () => json(200, list),
    "POST /api/check-in": async (request) => {
      const body = (await request.json()) as { code?: string };
      if (body.code !== "1001-123456") return json(200, { result: "unknown" } satisfies CheckInResponse);
      list = { ...list, total: 1, checkIns: [{ member: MEMBER, checkedInAt: "2026-11-21T23:05:00.000Z", method: "code", staffName: "door_crew" }] };
      return json(200, { result: "valid", member: MEMBER, checkedInAt: "2026-11-21T23:05:00.000Z" } satisfies CheckInResponse);
    },
    ...extra,
  });
}

function renderCheckIn(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  return renderApp(root.addChildren([mountFileRoute(CheckInRoute, "/check-in", root)]), "/check-in", { locale });
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/check-in", () => {
  it("refuses a member who is not door staff, and never asks for the events", async () => {
    const api = serve(sessionUser());
    renderCheckIn();
    expect(await screen.findByRole("heading", { name: "Door staff only" })).toBeTruthy();
    expect(screen.queryByLabelText("Ticket or pass code")).toBeNull();
    expect(api.callsTo("GET /api/check-in/events")).toHaveLength(0);
  });

  it("shows the refusal when the Worker says no (403 door_staff_required)", async () => {
    serve(DOOR, { "GET /api/check-in/events": apiError(403, "door_staff_required", "Door Staff Access Required") });
    renderCheckIn();
    expect(await screen.findByRole("heading", { name: "Door staff only" })).toBeTruthy();
  });

  it("checks a typed code in at the live event and lists the member", async () => {
    const api = serve();
    renderCheckIn();
    const select = (await screen.findByLabelText("Event")) as HTMLSelectElement;
    expect(select.value).toBe(EVENTS[0]!.id);
    expect([...select.querySelectorAll("optgroup")].map((g) => g.label)).toEqual(["Happening now", "Upcoming", "Past"]);
    expect(await screen.findByText("Nobody checked in yet")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Ticket or pass code"), { target: { value: "1001-123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Check in" }));
    const result = await screen.findByTestId("check-in-result");
    expect(within(result).getByText("Valid: let them in")).toBeTruthy();
    expect(within(result).getByText("vip_dancer")).toBeTruthy();
    expect(sentJson(api.callsTo("POST /api/check-in")[0])).toEqual({ eventId: EVENTS[0]!.id, code: "1001-123456" });
    expect(((await screen.findByLabelText("Ticket or pass code")) as HTMLInputElement).value).toBe("");
    expect(await screen.findByText("1 person checked in")).toBeTruthy();
  });

  it.each([
    ["en", "Not this event's tier", "This event's VIP access is for a higher membership tier than this member's."],
    ["pt-BR", "Não é o nível deste evento", "O acesso VIP deste evento é para um nível de assinatura acima do deste membro."],
  ] as const)("says a VIP pass below the event's tier is refused (%s)", async (locale, headline, hint) => {
    serve(DOOR, { "POST /api/check-in": json(200, { result: "below_tier", member: MEMBER } satisfies CheckInResponse) });
    renderCheckIn(locale);
    const field = (await screen.findByLabelText(locale === "en" ? "Ticket or pass code" : "Código do ingresso ou do passe")) as HTMLInputElement;
    fireEvent.change(field, { target: { value: "1001-123456" } });
    fireEvent.submit(field.closest("form")!);
    const result = await screen.findByTestId("check-in-result");
    expect(within(result).getByText(headline)).toBeTruthy();
    expect(within(result).getByText(hint)).toBeTruthy();
    expect(within(result).getByText("vip_dancer")).toBeTruthy();
  });

  it("keeps the event it opened on when an event published meanwhile sorts first", async () => {
    let events = EVENTS;
    const api = serve(DOOR, { "GET /api/check-in/events": () => json(200, { events }) });
    renderCheckIn();
    const select = (await screen.findByLabelText("Event")) as HTMLSelectElement;
    expect(select.value).toBe(EVENTS[0]!.id);
    events = [event(4, { phase: "live", title: "Pop-up show" }), ...EVENTS];

    fireEvent.change(screen.getByLabelText("Ticket or pass code"), { target: { value: "1001-123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Check in" }));
    expect(await screen.findByText("1 person checked in")).toBeTruthy();
    // The read refetched the events: the new one is offered, the chosen one stays with its answer.
    await waitFor(() => expect(within(select).queryByRole("option", { name: /Pop-up show/ })).not.toBeNull());
    expect(api.callsTo("GET /api/check-in/events").length).toBeGreaterThanOrEqual(2);
    expect(select.value).toBe(EVENTS[0]!.id);
    expect(within(screen.getByTestId("check-in-result")).getByText("vip_dancer")).toBeTruthy();
  });

  it("says an empty code needs typing, an unknown code is unknown, and a 429 in words", async () => {
    const api = serve();
    renderCheckIn();
    await screen.findByLabelText("Ticket or pass code");
    fireEvent.click(screen.getByRole("button", { name: "Check in" }));
    expect(await screen.findByText("Type the code under the QR code.")).toBeTruthy();
    expect(api.callsTo("POST /api/check-in")).toHaveLength(0);

    fireEvent.change(screen.getByLabelText("Ticket or pass code"), { target: { value: "999-000000" } });
    fireEvent.click(screen.getByRole("button", { name: "Check in" }));
    expect(await screen.findByText("Unknown ticket or pass")).toBeTruthy();

    vi.unstubAllGlobals();
    serve(DOOR, { "POST /api/check-in": apiError(429, "rate_limited", "Too many attempts.") });
    fireEvent.change(screen.getByLabelText("Ticket or pass code"), { target: { value: "999-000001" } });
    fireEvent.click(screen.getByRole("button", { name: "Check in" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Too many wrong codes. Wait a few minutes, or scan the QR code.");
  });

  it("is translated into Portuguese", async () => {
    serve();
    renderCheckIn("pt-BR");
    expect(await screen.findByRole("heading", { level: 1, name: "Entrada do evento" })).toBeTruthy();
    expect(await screen.findByLabelText("Código do ingresso ou do passe")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Ligar câmera" })).toBeTruthy();
  });
});

describe("the VIP pass", () => {
  const PASS: VipPassResponse = {
    token: "header.payload.signature",
    code: "1001-123456",
    passNumber: 1001,
    expiresAt: "2026-11-21T23:06:00.000Z",
    serverTime: "2026-11-21T23:05:30.000Z",
    member: MEMBER,
  };

  function renderPass(me: ReturnType<typeof sessionUser>) {
    const api = mockApi({ "GET /api/auth/me": json(200, { user: me }), "GET /api/vip-pass": json(200, PASS) });
    const root = createTestRoot();
    const page = createRoute({ getParentRoute: () => root, path: "/pass", component: () => <VipPassCard /> }) as unknown as AnyRoute;
    renderApp(root.addChildren([page]), "/pass");
    return api;
  }

  it("shows the VIP's name, since when, the QR code and the code to read out", async () => {
    renderPass(sessionUser({ isVIP: true }));
    const pass = await screen.findByRole("region", { name: "Your VIP pass" });
    expect(await within(pass).findByText("vip_dancer")).toBeTruthy();
    expect(within(pass).getByText("VIP member since March 1, 2025")).toBeTruthy();
    expect(within(pass).getByTestId("vip-pass-code").textContent).toBe("1001-123456");
    expect(await within(pass).findByRole("img", { name: "QR code of your VIP pass" })).toBeTruthy();
    expect(within(pass).getByText(/^New code in \d+ seconds?$/)).toBeTruthy();
  });

  it("shows nothing to a member who is not VIP, and asks for no pass", async () => {
    const api = renderPass(sessionUser());
    await waitFor(() => expect(api.callsTo("GET /api/auth/me").length).toBeGreaterThan(0));
    expect(screen.queryByRole("region", { name: "Your VIP pass" })).toBeNull();
    expect(api.callsTo("GET /api/vip-pass")).toHaveLength(0);
  });
});
