// /admin/disputes and a dispute's page against a fake API (decision 094): the list with status,
// deadline and amount; the empty, loading and failed states; a dispute's evidence and access log;
// the note saved before the evidence is submitted, once; the local test checkout's bank (raise,
// close); a warning's outcome; both languages.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as ListRoute } from "../../app/routes/admin/disputes.index";
import { Route as DisputeRoute } from "../../app/routes/admin/disputes.$disputeId";
import type { DisputeDetail, DisputeSummary } from "../../worker/contracts/disputes-model";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson } from "./accounts-harness";

const API = "/api/admin/disputes";

const SUMMARY: DisputeSummary = {
  id: "dp_1",
  type: "dispute",
  status: "needs_response",
  reason: "fraudulent",
  amountCents: 900,
  currency: "usd",
  evidenceDueAt: "2026-12-04T12:00:00.000Z",
  outcome: null,
  fraudAction: null,
  submittedAt: null,
  closedAt: null,
  createdAt: "2026-11-27T12:00:00.000Z",
  order: { id: "o1", number: 1042, email: "fan@example.com" },
  membership: null,
};

const DETAIL: DisputeDetail = {
  ...SUMMARY,
  note: null,
  local: true,
  evidence: {
    customerEmailAddress: "fan@example.com",
    customerPurchaseIp: "203.0.113.7",
    receipt: "Order #1042, total 9.00 USD\n1 x Freestyle Nights: 9.00 USD",
    shippingTrackingNumber: null,
    shippingCarrier: null,
    refundPolicyDisclosure: "A refund in full within 14 days.",
    accessActivityLog: "…",
  },
  accessLog: [
    { kind: "purchase", at: "2026-11-20T18:30:00.000Z", ip: "203.0.113.7", detail: { email: "fan@example.com" } },
    { kind: "download", at: "2026-11-20T18:35:00.000Z", ip: "198.51.100.9", detail: { format: "mp3", bytes: 1234, offset: 0 } },
  ],
};

const VIP_WARNING: DisputeDetail = {
  ...DETAIL,
  id: "efw:w1",
  type: "fraud_warning",
  status: "refunded",
  fraudAction: "refunded",
  evidenceDueAt: null,
  order: null,
  membership: { userId: "u42", username: "fan42", email: "fan42@example.com", plan: "yearly" },
  evidence: { ...DETAIL.evidence!, customerPurchaseIp: null, receipt: "VIP membership (yearly) of fan42" },
  accessLog: [
    { kind: "vip_payment", at: "2026-11-20T12:00:00.000Z", ip: null, detail: { plan: "yearly" } },
    { kind: "stream", at: "2026-11-21T12:00:00.000Z", ip: null, detail: { track: "Freestyle Nights" } },
    { kind: "perk", at: "2026-11-22T12:00:00.000Z", ip: null, detail: { perk: "Signed poster" } },
  ],
};

function render(url: string, locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  return renderApp(
    root.addChildren([mountFileRoute(ListRoute, "/admin/disputes/", root), mountFileRoute(DisputeRoute, "/admin/disputes/$disputeId", root)]),
    url,
    {
      locale,
    },
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/admin/disputes", () => {
  it("lists each dispute with its status, amount and deadline, linking to its page", async () => {
    mockApi({ "GET /api/auth/me": json(200, { user: null }), [`GET ${API}`]: json(200, { disputes: [SUMMARY], local: false }) });
    render("/admin/disputes");
    const link = await screen.findByRole("link", { name: "Open dispute dp_1" });
    expect(link.getAttribute("href")).toBe("/admin/disputes/dp_1");
    const row = within(screen.getByRole("table", { name: /Disputes and fraud warnings/ })).getAllByRole("row")[1]!;
    expect([...row.querySelectorAll("td")].map((c) => c.textContent)).toEqual([
      "#1042",
      "Dispute",
      "Needs your response",
      "$9.00",
      expect.stringContaining("2026"),
    ]);
    expect(screen.queryByRole("heading", { name: "Test checkout" })).toBeNull();
  });

  it("says when there are none, shows loading and a failure with a retry", async () => {
    let fail = true;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    mockApi({
      "GET /api/auth/me": json(200, { user: null }),
      [`GET ${API}`]: async () => {
        await gate;
        return fail ? apiError(500, "internal", "Down") : json(200, { disputes: [], local: false });
      },
    });
    render("/admin/disputes");
    expect(await screen.findByText("Loading disputes...")).toBeTruthy();
    release();
    expect(await screen.findByText("Failed to load disputes")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText(/No disputes or fraud warnings/)).toBeTruthy();
  });

  it("raises a test dispute on an order with the local test checkout, then opens it", async () => {
    const api = mockApi({
      "GET /api/auth/me": json(200, { user: null }),
      [`GET ${API}`]: json(200, { disputes: [], local: true }),
      [`POST ${API}/local`]: json(201, { dispute: DETAIL }),
      [`GET ${API}/dp_1`]: json(200, { dispute: DETAIL }),
    });
    render("/admin/disputes");
    fireEvent.change(await screen.findByRole("textbox", { name: "Order number" }), { target: { value: "1042" } });
    fireEvent.click(within(screen.getByRole("group", { name: "Order number" })).getByRole("button", { name: "Raise a dispute" }));
    expect(await screen.findByRole("heading", { name: "Dispute on order #1042" })).toBeTruthy();
    expect(sentJson(api.callsTo(`POST ${API}/local`)[0] as never)).toEqual({ orderNumber: 1042, type: "dispute" });
  });

  it("raises a fraud warning on a member's VIP payment, and its page names the member, the plan and what they used", async () => {
    const member = "Member's username (their latest VIP payment)";
    const api = mockApi({
      "GET /api/auth/me": json(200, { user: null }),
      [`GET ${API}`]: json(200, { disputes: [], local: true }),
      [`POST ${API}/local`]: json(201, { dispute: VIP_WARNING }),
      [`GET ${API}/efw:w1`]: json(200, { dispute: VIP_WARNING }),
    });
    render("/admin/disputes");
    fireEvent.change(await screen.findByRole("textbox", { name: member }), { target: { value: "fan42" } });
    fireEvent.click(within(screen.getByRole("group", { name: member })).getByRole("button", { name: "Raise a fraud warning" }));
    expect(await screen.findByRole("heading", { name: "Fraud warning on the VIP membership of fan42" })).toBeTruthy();
    expect(sentJson(api.callsTo(`POST ${API}/local`)[0] as never)).toEqual({ username: "fan42", type: "fraud_warning" });
    expect(screen.getByText("VIP yearly")).toBeTruthy();
    expect(screen.getByText(/first payment, within the period it paid for/)).toBeTruthy();
    expect(screen.getByText("Full-track stream")).toBeTruthy();
    expect(screen.getByText("Perk revealed")).toBeTruthy();
  });

  it("lists a VIP dispute by its member, in Portuguese too", async () => {
    mockApi({ "GET /api/auth/me": json(200, { user: null }), [`GET ${API}`]: json(200, { disputes: [VIP_WARNING], local: false }) });
    render("/admin/disputes", "pt-BR");
    expect(await screen.findByText("VIP: fan42")).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: "Pedido ou assinatura" })).toBeTruthy();
  });

  it("speaks Portuguese", async () => {
    mockApi({ "GET /api/auth/me": json(200, { user: null }), [`GET ${API}`]: json(200, { disputes: [SUMMARY], local: false }) });
    render("/admin/disputes", "pt-BR");
    expect(await screen.findByRole("heading", { level: 1, name: "Contestações" })).toBeTruthy();
    expect(await screen.findByText("Precisa da sua resposta")).toBeTruthy();
    expect(screen.getByText("Contestação")).toBeTruthy();
  });
});

describe("a dispute's page", () => {
  /** The dispute as the fake Worker holds it: a write's answer is what the next read gives. */
  function server(detail: DisputeDetail = DETAIL) {
    let current = detail;
    return mockApi({
      "GET /api/auth/me": json(200, { user: null }),
      [`GET ${API}/dp_1`]: () => json(200, { dispute: current }),
      [`PUT ${API}/dp_1/note`]: async (request) => {
        current = { ...current, note: ((await request.json()) as { note: string }).note.trim() };
        return json(200, { dispute: current });
      },
      [`POST ${API}/dp_1/submit`]: () => {
        current = { ...current, status: "under_review", submittedAt: "2026-11-27T13:00:00.000Z" };
        return json(200, { dispute: current });
      },
      [`POST ${API}/dp_1/local-close`]: async (request) => {
        const { outcome } = (await request.json()) as { outcome: "won" | "lost" };
        current = { ...current, status: outcome, outcome, closedAt: "2026-11-27T14:00:00.000Z" };
        return json(200, { dispute: current });
      },
    });
  }

  it("shows the deadline, the evidence the site gathered and the access log with the download", async () => {
    server();
    render("/admin/disputes/dp_1");
    expect(await screen.findByRole("heading", { name: "Dispute on order #1042" })).toBeTruthy();
    expect(screen.getByText("Evidence due")).toBeTruthy();
    expect(screen.getByText("203.0.113.7", { selector: "dd" })).toBeTruthy();
    const log = within(screen.getByRole("table", { name: "Access log" }));
    expect(log.getByText("Download")).toBeTruthy();
    expect(log.getByText("198.51.100.9")).toBeTruthy();
    expect(log.getByText("format: mp3, bytes: 1234, offset: 0")).toBeTruthy();
    expect(screen.getByRole("link", { name: "See order #1042" }).getAttribute("href")).toBe("/admin/store/orders/o1");
  });

  it("saves the note before the evidence is submitted, once", async () => {
    const api = server();
    render("/admin/disputes/dp_1");
    const note = await screen.findByLabelText("Your note (sent with the evidence)");
    fireEvent.change(note, { target: { value: "Downloaded twice." } });
    const submit = screen.getByRole("button", { name: "Submit evidence" });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Save note" }));
    expect(await screen.findByText("Note saved")).toBeTruthy();
    expect(sentJson(api.callsTo(`PUT ${API}/dp_1/note`)[0] as never)).toEqual({ note: "Downloaded twice." });
    await waitFor(() => expect((screen.getByRole("button", { name: "Submit evidence" }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole("button", { name: "Submit evidence" }));
    expect(await screen.findByText("Under review")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Submit evidence" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the provider's refusal, and the bank of the local test checkout closes it as lost", async () => {
    const api = mockApi({
      "GET /api/auth/me": json(200, { user: null }),
      [`GET ${API}/dp_1`]: json(200, { dispute: DETAIL }),
      [`POST ${API}/dp_1/submit`]: apiError(502, "dispute_submit_failed", "The payment provider did not take the evidence."),
      [`POST ${API}/dp_1/local-close`]: json(200, { dispute: { ...DETAIL, status: "lost", outcome: "lost", closedAt: "2026-11-27T14:00:00.000Z" } }),
    });
    render("/admin/disputes/dp_1");
    fireEvent.click(await screen.findByRole("button", { name: "Submit evidence" }));
    expect((await screen.findByRole("alert")).textContent).toBe("That did not work. Please try again.");
    fireEvent.click(screen.getByRole("button", { name: "Close as lost" }));
    expect(await screen.findByText("Lost: revoked")).toBeTruthy();
    expect(sentJson(api.callsTo(`POST ${API}/dp_1/local-close`)[0] as never)).toEqual({ outcome: "lost" });
    expect(screen.queryByRole("button", { name: "Submit evidence" })).toBeNull();
  });

  it("says what a fraud warning did, in Portuguese too", async () => {
    server({ ...DETAIL, id: "dp_1", type: "fraud_warning", status: "flagged", fraudAction: "flagged", evidenceDueAt: null });
    render("/admin/disputes/dp_1", "pt-BR");
    expect(await screen.findByRole("heading", { name: "Alerta de fraude do pedido nº 1042" })).toBeTruthy();
    expect(screen.getByText(/Algo já foi enviado ou teve check-in/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Enviar evidências" })).toBeNull();
  });
});
