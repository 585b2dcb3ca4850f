// "Cancel event" on /admin/events (decision 055, part "cancel") against a fake API: the dialog shows
// the Worker's figures (buyers, tickets, refund total, reminder subscribers) and sends the number of
// buyers it showed; a 409 because that changed shows the new figures to confirm again; then the
// refunds' progress polls the preview until done, with the failed refunds listed and a retry.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as EventsRoute } from "../../app/routes/admin/events";
import { CANCEL_POLL_MS } from "../../app/features/admin/events/cancel/CancelEventDialog";
import type { AdminEvent } from "../../worker/contracts/admin/events";
import { event as adminEvent } from "./fixtures/admin-event";
import type { CancellationPreview } from "../../worker/contracts/tickets/event-cancellation";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson } from "./accounts-harness";

const EVENTS = "/api/admin/events";
const ID = "00000000-0000-4000-8000-000000000001";

const SHOW: AdminEvent = adminEvent(ID, {
  title: "Beach Night",
  description: null,
  externalTicketUrl: null,
  ticketPriceMin: 25,
  ticketPriceMax: 25,
  ticketSaleStart: null,
  ticketSaleEnd: null,
  reminders: { active: 2, pending: 0 },
});

const preview = (overrides: Partial<CancellationPreview> = {}): CancellationPreview => ({
  eventId: ID,
  title: SHOW.title,
  status: "published",
  buyers: 12,
  tickets: 20,
  refunds: [{ currency: "usd", amountCents: 50000 }],
  reminderSubscribers: 2,
  job: null,
  ...overrides,
});

const job = (overrides: Partial<NonNullable<CancellationPreview["job"]>> = {}) => ({
  requestedAt: "2031-03-03T12:00:00.000Z",
  ordersTotal: 13,
  ordersRefunded: 0,
  ordersFailed: 0,
  mailsSent: 0,
  finishedAt: null,
  failed: [],
  ...overrides,
});

afterEach(() => {
  vi.useRealTimers();
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function render(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  return renderApp(root.addChildren([mountFileRoute(EventsRoute, "/admin/events", root)]), "/admin/events", { locale });
}

describe("/admin/events: Cancel event", () => {
  it("confirms with the buyers shown, confirms again when they changed, then follows the refunds to the end", async () => {
    // The poll's interval runs on a fake clock that follows real time, so the end can jump it ahead.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"], shouldAdvanceTime: true });
    let answers: CancellationPreview[] = [preview()];
    const api = mockApi({
      "GET /api/auth/me": json(200, { user: null }),
      [`GET ${EVENTS}`]: json(200, { events: [SHOW] }),
      [`GET ${EVENTS}/${ID}/cancellation`]: () => json(200, { cancellation: answers.length > 1 ? answers.shift()! : answers[0]! }),
      [`POST ${EVENTS}/${ID}/cancel`]: async (request) => {
        const body = (await request.json()) as { confirmBuyers: number };
        if (body.confirmBuyers !== 13) {
          answers = [preview({ buyers: 13, tickets: 21, refunds: [{ currency: "usd", amountCents: 52500 }] })];
          return apiError(409, "event_cancel_buyers_changed", "changed", undefined, { buyers: 13 });
        }
        answers = [
          preview({ status: "cancelled", buyers: 0, tickets: 0, refunds: [], job: job({ ordersRefunded: 4 }) }),
          preview({
            status: "cancelled",
            buyers: 0,
            tickets: 0,
            refunds: [],
            job: job({
              ordersRefunded: 12,
              ordersFailed: 1,
              mailsSent: 14,
              finishedAt: "2031-03-03T12:01:00.000Z",
              failed: [{ orderId: "o1", number: 1042, email: "ana@example.com", amountCents: 2500, currency: "usd", error: "Your card was declined" }],
            }),
          }),
        ];
        return json(200, { cancellation: preview({ status: "cancelled", buyers: 0, tickets: 0, refunds: [], job: job() }) });
      },
    });
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Cancel event Beach Night" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel Event" });
    expect(within(dialog).getByText("Cancel Beach Night? This cannot be undone.")).toBeTruthy();
    expect(within(dialog).getByText("12 buyers with 20 tickets will be refunded $500.00 through the payment provider and told by e-mail.")).toBeTruthy();
    expect(within(dialog).getByText("2 people who asked for a reminder will be told.")).toBeTruthy();

    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel and refund 12 buyers" }));
    expect(await within(dialog).findByRole("alert")).toHaveProperty(
      "textContent",
      "The number of buyers changed while you looked: it is now 13. Check the figures and confirm again.",
    );
    expect(sentJson(api.callsTo(`POST ${EVENTS}/${ID}/cancel`)[0])).toEqual({ confirmBuyers: 12 });
    await within(dialog).findByText("13 buyers with 21 tickets will be refunded $525.00 through the payment provider and told by e-mail.");

    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel and refund 13 buyers" }));
    const progress = await screen.findByRole("dialog", { name: "Refunds of a cancelled event" });
    expect(sentJson(api.callsTo(`POST ${EVENTS}/${ID}/cancel`)[1])).toEqual({ confirmBuyers: 13 });
    expect(within(progress).getByRole("progressbar", { name: "Refund progress" })).toBeTruthy();
    await within(progress).findByText(/13 of 13 orders settled: 12 refunded, 1 failed/, undefined, { timeout: 5000 });
    expect(within(progress).getByRole("status").textContent).toContain("Done: every buyer was handled and 14 e-mails were sent.");
    expect(within(progress).getByText("Order #1042 · ana@example.com · $25.00: Your card was declined")).toBeTruthy();
    expect(within(progress).getByRole("button", { name: "Retry failed refunds" })).toBeTruthy();
    // Done: no more polling, however long the dialog stays open.
    const polls = api.callsTo(`GET ${EVENTS}/${ID}/cancellation`).length;
    await act(() => vi.advanceTimersByTimeAsync(CANCEL_POLL_MS * 5));
    expect(api.callsTo(`GET ${EVENTS}/${ID}/cancellation`).length).toBe(polls);
    await waitFor(() => expect(api.callsTo(`GET ${EVENTS}`).length).toBeGreaterThan(1));
  }, 15_000);

  it("speaks Portuguese", async () => {
    mockApi({
      "GET /api/auth/me": json(200, { user: null }),
      [`GET ${EVENTS}`]: json(200, { events: [SHOW] }),
      [`GET ${EVENTS}/${ID}/cancellation`]: json(200, { cancellation: preview({ buyers: 1, tickets: 2, reminderSubscribers: 0 }) }),
    });
    render("pt-BR");
    fireEvent.click(await screen.findByRole("button", { name: "Cancelar evento Beach Night" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancelar Evento" });
    expect(within(dialog).getByRole("button", { name: "Cancelar e reembolsar 1 comprador" })).toBeTruthy();
    expect(within(dialog).getByText("Ninguém pediu lembrete.")).toBeTruthy();
    expect(within(dialog).getByText(/1 comprador com 2 ingressos será reembolsado em US\$\s500,00/)).toBeTruthy();
  });
});
