// The waitlist's section of an event's ticket sales page (decision 189) against a fake API: each
// type's figures, offers chart and money moved in both languages, the empty state, the settings
// saved with a status line (and a refused value shown in the admin's language), the CSV link, and
// the release dialog posting the count after its confirmation and showing how many went.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as SalesRoute } from "../../app/routes/admin/tickets_.events.$eventId";
import type { WaitlistTypeFigures } from "../../worker/contracts/waitlist/admin-model";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson } from "./accounts-harness";

const EVENT = "0b8f3f9e-4c1a-4d2b-9e3f-1a2b3c4d5e6f";
const TYPE = "1c9f3f9e-4c1a-4d2b-9e3f-1a2b3c4d5e6f";
const API = `/api/admin/waitlist/events/${EVENT}`;
const RULES = { returnsOpen: false, holdMinutes: 30, closesBeforeMinutes: 120 };

const general = (extra: Partial<WaitlistTypeFigures> = {}): WaitlistTypeFigures => ({
  ticketTypeId: TYPE,
  name: "General",
  namePtBr: "Pista",
  places: { open: 2, tickets: 3 },
  returns: { listed: 1, offered: 0, sold: 1, withdrawn: 1 },
  offers: { sent: 3, claimed: 1, lapsed: 1, declined: 1 },
  money: { salesInCents: 2500, refundsOutCents: 2500, netCents: 0, currency: "usd" },
  ...extra,
});

function fakeServer(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: null }),
    // The section shows once the event's sales are read (a missing event is said once, by the sales page).
    [`GET /api/admin/tickets/events/${EVENT}`]: json(200, {
      event: {
        id: EVENT,
        title: "Waitlist night",
        titlePtBr: null,
        eventDate: "2026-12-13T01:00:00.000Z",
        timeZone: "America/New_York",
        status: "published",
        currency: "usd",
        capacity: 300,
        taken: 300,
        saleState: "on_sale",
      },
      types: [],
      totals: { sold: 300, checkedIn: 0, refunded: 0, cancelled: 0, held: 0, revenueCents: 750000 },
    }),
    [`GET /api/admin/tickets/events/${EVENT}/door`]: json(200, { eventId: EVENT, total: 0, checkedIn: 0, entries: [] }),
    [`GET ${API}`]: json(200, { eventId: EVENT, types: [general()] }),
    [`GET ${API}/rules`]: json(200, { rules: RULES }),
    ...extra,
  });
}

function renderPage(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  return renderApp(root.addChildren([mountFileRoute(SalesRoute, "/admin/tickets_/events/$eventId", root)]), `/admin/tickets_/events/${EVENT}`, { locale });
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the waitlist section", () => {
  it("shows each type's figures, offers chart and money in both languages, with the CSV link", async () => {
    for (const [locale, name, places, offers, chart, money, csv] of [
      [
        "en",
        "General",
        "2 fans waiting for 3 tickets",
        "Offers: 3 sent, 1 claimed, 1 lapsed, 1 declined",
        "Offers of General: 3 sent, 1 claimed, 1 lapsed",
        "Sales in $25.00, refunds out $25.00, net $0.00",
        "Export the waitlist (CSV)",
      ],
      [
        "pt-BR",
        "Pista",
        "2 fãs esperando por 3 ingressos",
        "Ofertas: 3 enviadas, 1 aceitas, 1 expiradas, 1 recusadas",
        "Ofertas de Pista: 3 enviadas, 1 aceitas, 1 expiradas",
        "Vendas US$ 25,00, reembolsos US$ 25,00, líquido US$ 0,00",
        "Exportar a lista de espera (CSV)",
      ],
    ] as const) {
      fakeServer();
      renderPage(locale);
      const heading = await screen.findByRole("heading", { name, level: 3 });
      const card = heading.closest("li")!;
      expect(within(card).getByText(places)).toBeTruthy();
      expect(within(card).getByText(offers)).toBeTruthy();
      expect(within(card).getByRole("img", { name: chart })).toBeTruthy();
      // Intl puts a no-break space inside a Brazilian amount.
      expect(within(card).getByText((_, el) => el?.tagName === "P" && el.textContent?.replace(/\u00a0/g, " ") === money)).toBeTruthy();
      expect(screen.getByRole("link", { name: csv }).getAttribute("href")).toBe(`${API}/places.csv`);
      cleanup();
    }
  });

  it("says nobody is waiting when no type has any activity", async () => {
    const quiet = general({
      places: { open: 0, tickets: 0 },
      returns: { listed: 0, offered: 0, sold: 0, withdrawn: 0 },
      offers: { sent: 0, claimed: 0, lapsed: 0, declined: 0 },
      money: { salesInCents: 0, refundsOutCents: 0, netCents: 0, currency: "usd" },
    });
    for (const [locale, text] of [
      ["en", "Nobody is waiting for this show"],
      ["pt-BR", "Ninguém está esperando por este show"],
    ] as const) {
      fakeServer({ [`GET ${API}`]: json(200, { eventId: EVENT, types: [quiet] }) });
      renderPage(locale);
      expect(await screen.findByText(text)).toBeTruthy();
      cleanup();
    }
  });

  it("saves the settings with a status line, and shows a refused value in the admin's language", async () => {
    const saved = { returnsOpen: true, holdMinutes: 10, closesBeforeMinutes: 600 };
    const { callsTo } = fakeServer({ [`PUT ${API}/rules`]: json(200, { rules: saved }) });
    renderPage();
    fireEvent.click(await screen.findByRole("checkbox", { name: "Take returns even when nobody waits" }));
    fireEvent.change(screen.getByRole("spinbutton", { name: "Minutes a fan has to pay for an offer" }), { target: { value: "10" } });
    fireEvent.change(screen.getByRole("spinbutton", { name: "Minutes before the show the list closes" }), { target: { value: "600" } });
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    await waitFor(() => expect(screen.getAllByRole("status").map((s) => s.textContent)).toContain("Settings saved."));
    expect(sentJson(callsTo(`PUT ${API}/rules`)[0])).toEqual(saved);
    cleanup();

    fakeServer({
      [`PUT ${API}/rules`]: apiError(400, "waitlist_hold_minutes_invalid", "Hold an offer between 5 and 1440 minutes", "holdMinutes", { min: 5, max: 1440 }),
    });
    renderPage("pt-BR");
    fireEvent.change(await screen.findByRole("spinbutton", { name: "Minutos que um fã tem para pagar uma oferta" }), { target: { value: "2" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar configurações" }));
    expect((await screen.findByText(/^Reserve uma oferta entre 5 e 1\.?440 minutos$/)).getAttribute("role")).toBe("alert");
    expect(screen.getByRole("spinbutton", { name: "Minutos que um fã tem para pagar uma oferta" }).getAttribute("aria-invalid")).toBe("true");
  });

  it("releases seats: the count, a confirmation, the count posted, and how many went to the line", async () => {
    const release = `POST /api/admin/waitlist/types/${TYPE}/release`;
    const { callsTo } = fakeServer({ [release]: json(200, { released: 2 }) });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Release seats of General to the line" }));
    const dialog = await screen.findByRole("dialog", { name: "Release seats of General" });
    const count = within(dialog).getByRole("spinbutton", { name: "Seats to release" });
    expect(document.activeElement).toBe(count);
    fireEvent.change(count, { target: { value: "0" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(within(dialog).getByText("Enter a whole number of seats, at least 1")).toBeTruthy();
    fireEvent.change(count, { target: { value: "3" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
    const confirm = await screen.findByRole("dialog", { name: "Release seats of General" });
    expect(within(confirm).getByText("Release 3 seats of General to the line? This cannot be undone.")).toBeTruthy();
    expect(callsTo(release)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole("button", { name: "Release" }));
    expect((await screen.findByText("2 seats went to the line")).getAttribute("role")).toBe("status");
    expect(callsTo(release)).toHaveLength(1);
    expect(sentJson(callsTo(release)[0])).toEqual({ count: 3 });
  });

  it("shows the release's answer in Portuguese", async () => {
    fakeServer({ [`POST /api/admin/waitlist/types/${TYPE}/release`]: json(200, { released: 1 }) });
    renderPage("pt-BR");
    fireEvent.click(await screen.findByRole("button", { name: "Liberar lugares de Pista para a fila" }));
    const dialog = await screen.findByRole("dialog", { name: "Liberar lugares de Pista" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Continuar" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Liberar" }));
    expect(await screen.findByText("1 lugar foi para a fila")).toBeTruthy();
  });
});
