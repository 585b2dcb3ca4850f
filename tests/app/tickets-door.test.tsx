// The door's page reading tickets (decision 055) against a fake API: a typed ticket code is sent as
// typed and a valid ticket shows its type, the name on it and who holds it, then sits in the list;
// a used ticket says when (in the event's time zone) and by which staff member; another event's,
// refunded, cancelled and replaced tickets say why they are refused; the page in Portuguese.
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as CheckInRoute } from "../../app/routes/check-in";
import type { CheckInEvent, CheckInListResponse, CheckInResponse, CheckInTicket } from "../../worker/contracts/tickets/vip-pass";
import { createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson, sessionUser } from "./accounts-harness";

const DOOR = sessionUser({ username: "door_crew", isDoorStaff: true });

const EVENT: CheckInEvent = {
  id: "00000000-0000-4000-8000-000000000001",
  title: "Ticketed night",
  eventDate: "2026-11-22T01:00:00.000Z",
  endDate: null,
  timeZone: "America/New_York",
  venueName: "Club",
  venueCity: "Miami",
  phase: "live",
  checkIns: 0,
};

const TICKET: CheckInTicket = {
  id: "11111111-1111-4111-8111-111111111111",
  typeName: "General",
  typeNamePtBr: "Pista",
  holderName: "Ana Souza",
  ownerName: "ana_fan",
  event: { id: EVENT.id, title: EVENT.title, eventDate: EVENT.eventDate, timeZone: EVENT.timeZone },
  checkedInBy: "door_crew",
};

/** 21:04 at the event (New York), 02:04 UTC the next day. */
const USED_AT = "2026-11-22T02:04:00.000Z";

/** What the fake Worker answers for each typed code. */
const ANSWERS: Record<string, CheckInResponse> = {
  "TKT-7K3M-9QXD": { result: "valid", ticket: TICKET, checkedInAt: USED_AT },
  "TKT-USED-0001": { result: "already_checked_in", ticket: TICKET, checkedInAt: USED_AT },
  "TKT-USED-0002": { result: "already_checked_in", ticket: { ...TICKET, holderName: null, ownerName: null, checkedInBy: null }, checkedInAt: USED_AT },
  "TKT-ELSE-0001": {
    result: "wrong_event",
    ticket: {
      ...TICKET,
      event: { id: "00000000-0000-4000-8000-000000000009", title: "Other night", eventDate: "2026-12-05T23:30:00.000Z", timeZone: "America/Sao_Paulo" },
    },
  },
  "TKT-REFD-0001": { result: "refunded", ticket: TICKET },
  "TKT-CANC-0001": { result: "cancelled", ticket: TICKET },
  "TKT-OLD0-0001": { result: "replaced" },
};

function serve() {
  let list: CheckInListResponse = { eventId: EVENT.id, total: 0, checkIns: [] };
  return mockApi({
    "GET /api/auth/me": json(200, { user: DOOR }),
    "GET /api/check-in/events": json(200, { events: [EVENT] }),
    [`GET /api/check-in/events/${EVENT.id}/check-ins`]: () => json(200, list),
    "POST /api/check-in": async (request) => {
      const { code } = (await request.json()) as { code: string };
      const answer = ANSWERS[code.trim().toUpperCase()] ?? { result: "unknown" };
      if (answer.result === "valid") {
        list = {
          eventId: EVENT.id,
          total: 1,
          checkIns: [{ ticket: { ...TICKET }, checkedInAt: USED_AT, staffName: "door_crew" }],
        };
      }
      return json(200, answer);
    },
  });
}

function renderCheckIn(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  return renderApp(root.addChildren([mountFileRoute(CheckInRoute, "/check-in", root)]), "/check-in", { locale });
}

const at = (locale: string, iso: string, timeZone: string, style: Intl.DateTimeFormatOptions = { timeStyle: "short" }) =>
  new Intl.DateTimeFormat(locale, { ...style, timeZone }).format(new Date(iso));

async function type(code: string, label = "Ticket or pass code", button = "Check in") {
  fireEvent.change(await screen.findByLabelText(label), { target: { value: code } });
  fireEvent.click(screen.getByRole("button", { name: button }));
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/check-in reading tickets", () => {
  it("lets a valid ticket in by its typed code: its type, the name on it and its holder, then the list", async () => {
    const api = serve();
    renderCheckIn();
    const field = (await screen.findByLabelText("Ticket or pass code")) as HTMLInputElement;
    // Letters must be typeable: not a numeric keypad.
    expect(field.inputMode).toBe("text");
    expect(field.placeholder).toBe("TKT-7K3M-9QXD");
    await type("tkt-7k3m-9qxd");
    const result = await screen.findByTestId("check-in-result");
    expect(result.dataset).toMatchObject({ result: "valid", kind: "ticket" });
    expect(within(result).getByText("Valid ticket: let them in")).toBeTruthy();
    expect(within(result).getByText("General")).toBeTruthy();
    expect(within(result).getByText("Name on the ticket: Ana Souza")).toBeTruthy();
    expect(within(result).getByText("Held by member ana_fan")).toBeTruthy();
    expect(sentJson(api.callsTo("POST /api/check-in")[0])).toEqual({ eventId: EVENT.id, code: "tkt-7k3m-9qxd" });
    expect(await screen.findByText("1 person checked in")).toBeTruthy();
    const entry = screen.getByText("Ana Souza").closest("li")!;
    expect(within(entry).getByText(/Ticket · General/)).toBeTruthy();
    expect(within(entry).getByText(/by door_crew/)).toBeTruthy();
  });

  it("says when a used ticket was let in, in the event's time zone, and by which staff member", async () => {
    serve();
    renderCheckIn();
    await type("TKT-USED-0001");
    let result = await screen.findByTestId("check-in-result");
    expect(result.dataset.result).toBe("already_checked_in");
    expect(within(result).getByText("Already used")).toBeTruthy();
    const time = at("en", USED_AT, "America/New_York");
    expect(time).toMatch(/^9:04/);
    expect(within(result).getByText(`Already used at ${time} by door staff door_crew`)).toBeTruthy();

    await type("TKT-USED-0002");
    result = await screen.findByTestId("check-in-result");
    await within(result).findByText(`Already used at ${time}`);
    expect(within(result).getByText("No name on the ticket")).toBeTruthy();
    expect(within(result).getByText("Bought as a guest")).toBeTruthy();
  });

  it.each([
    ["TKT-ELSE-0001", "wrong_event", "Ticket for another event", "It does not admit anyone to this event."],
    ["TKT-REFD-0001", "refunded", "Refunded ticket", "This ticket was refunded and no longer admits anyone."],
    ["TKT-CANC-0001", "cancelled", "Cancelled ticket", "This ticket's event was cancelled, so the ticket no longer admits anyone."],
    ["TKT-OLD0-0001", "replaced", "Replaced ticket", "This ticket was transferred and this QR code replaced by a new one. Ask for the current ticket."],
    ["TKT-NONE-0001", "unknown", "Unknown ticket or pass", "This is not a ticket or pass from this site. Check the code and try again."],
  ])("refuses %s as %s, with its reason", async (code, kind, headline, hint) => {
    serve();
    renderCheckIn();
    await type(code);
    const result = await screen.findByTestId("check-in-result");
    expect(result.dataset.result).toBe(kind);
    expect(within(result).getByText(headline)).toBeTruthy();
    expect(within(result).getByText(hint)).toBeTruthy();
    if (kind === "wrong_event") {
      const date = at("en", "2026-12-05T23:30:00.000Z", "America/Sao_Paulo", { dateStyle: "medium", timeStyle: "short" });
      expect(within(result).getByText(`This ticket is for Other night on ${date}.`)).toBeTruthy();
    }
    if (kind === "replaced" || kind === "unknown") expect(within(result).queryByTestId("check-in-ticket")).toBeNull();
    expect(screen.queryByText("1 person checked in")).toBeNull();
  });

  it("reads tickets in Portuguese: the type's Portuguese name and the time at the event", async () => {
    serve();
    renderCheckIn("pt-BR");
    await type("TKT-USED-0001", "Código do ingresso ou do passe", "Confirmar entrada");
    const result = await screen.findByTestId("check-in-result");
    expect(within(result).getByText("Ingresso já usado")).toBeTruthy();
    expect(within(result).getByText("Pista")).toBeTruthy();
    expect(within(result).getByText("Nome no ingresso: Ana Souza")).toBeTruthy();
    const time = at("pt-BR", USED_AT, "America/New_York");
    expect(time).toBe("21:04");
    expect(within(result).getByText(`Já usado às ${time} pela equipe da entrada: door_crew`)).toBeTruthy();
    await type("TKT-REFD-0001", "Código do ingresso ou do passe", "Confirmar entrada");
    expect(await screen.findByText("Ingresso reembolsado")).toBeTruthy();
  });
});
