// Tax on every membership charge (decision 147) in local payments mode: the billing place the join's
// invoice names is kept on the subscription, and every later charge (an upgrade's proration, a
// renewal, a trial's end) is taxed for it by the Worker: the upgrade's preview shows the tax, and the
// charge and the revenue ledger equal it to the cent; a webhook replayed books it once; a member
// where the artist collects nothing sees and pays no tax. Rows are read with raw SQL.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TierChangePreviewResponse } from "../../worker/contracts/tiers/moves";
import type { TaxPlace, TaxSettings } from "../../worker/contracts/tax-model";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import { createSession } from "../../worker/db/auth";
import { randomToken, sha256Hex } from "../../worker/lib/crypto";
import { prorate } from "../../worker/services/membership/proration";
import { planTierChange } from "../../worker/services/membership/tier-changes";
import { createPaymentsService } from "../../worker/services/payments";
import type { PaymentsService, SubscriptionChangeInput } from "../../worker/services/payments/types";
import { call, callLocal, createUser, db, SESSION_COOKIE, type TestUser } from "./helpers";
import { freezeClock, row, setClock } from "./check-in-fixtures";
import { deliver, event, newInvoiceId, seconds, subscribeViaEvents } from "./payments-fixtures";
import { buyerCookieOf, checkoutRowBySession, cookies, cart, D1, postCheckout, seedProduct, sessionOf } from "./checkout-fixtures";

/** Saturday 21 November 2026, 17:00:30 UTC. */
const NOW = Date.UTC(2026, 10, 21, 17, 0, 30);
const DAY = 24 * 60 * 60 * 1000;
const IC = "inner-circle";
const TT = "trial-tier";

/** 19 % of `cents`, rounded half up as the DEMO calculator rounds a line. */
const vat = (cents: number) => Math.round((cents * 19) / 100);

async function ensureTier(id: string, rank: number, trialDays = 0) {
  await env.DB.prepare(
    `INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, monthly_usd_cents, yearly_usd_cents, monthly_brl_cents, trial_days)
     VALUES (?, ?, ?, ?, '#7c3aed', 2499, 24900, 12900, ?)`,
  )
    .bind(id, rank, `Tier ${id}`, `Nível ${id}`, trialDays)
    .run();
  forgetTiers();
}

/** Registers the artist where the tests collect (through the back office, so each isolate's copy is forgotten). */
async function registerIn(registrations: string[], behavior: TaxSettings["behavior"] = { usd: "exclusive", brl: "inclusive" }) {
  const admin = await createUser("admin");
  const res = await call("/api/admin/tax/settings", { method: "PUT", cookie: admin.cookie, json: { registrations, behavior } });
  expect(res.status, await res.clone().text()).toBe(200);
}

beforeEach(async () => {
  freezeClock(NOW);
  await ensureTier(IC, 2);
  await ensureTier(TT, 3, 14);
  await registerIn(["DE"]);
});
afterEach(() => vi.useRealTimers());

type Booked = { amount_cents: number; tax_cents: number; tax_jurisdiction: string | null };
const booked = async (userId: string) =>
  (
    await env.DB.prepare("SELECT amount_cents, tax_cents, tax_jurisdiction FROM revenue_entries WHERE user_id = ?1 ORDER BY occurred_at, ref")
      .bind(userId)
      .all<Booked>()
  ).results;
const subOf = (userId: string) =>
  row<{ price_cents: number; current_period_end: number; tax_country: string | null; tax_region: string | null; tier_id: string; plan: string }>(
    "SELECT * FROM subscriptions WHERE user_id = ?1 ORDER BY updated_at DESC LIMIT 1",
    userId,
  );

const preview = (user: TestUser, json: unknown) => call("/api/payments/subscription/change/preview", { json, cookie: user.cookie });
const change = (user: TestUser, json: unknown) => call("/api/payments/subscription/change", { json, cookie: user.cookie });
const renew = (user: TestUser) => callLocal("/api/payments/local/subscription/renew", { method: "POST", cookie: user.cookie });

/** Joins `tierId` on the local test checkout from `billing` (none: the member named no place). */
async function join(user: TestUser, json: Record<string, unknown>, billing?: { country: string; state?: string }) {
  const res = await call("/api/payments/checkout", { json, cookie: user.cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  const session = new URL((await res.json<{ url: string }>()).url, "https://fans.test").searchParams.get("session")!;
  const paid = await callLocal(`/api/payments/local/checkout/${session}/pay`, { method: "POST", cookie: user.cookie, json: billing ? { billing } : undefined });
  expect(paid.status, await paid.clone().text()).toBe(200);
}

/** A session opened at the test clock's time (one opened before a jump of weeks has lapsed). */
async function signInAgain(user: TestUser): Promise<TestUser> {
  const token = randomToken(32);
  await createSession(db(), user.id, await sha256Hex(token));
  return { ...user, cookie: `${SESSION_COOKIE}=${token}` };
}

/** The test clock at the period's end, and its renewal. */
async function renewNow(user: TestUser): Promise<TestUser> {
  setClock((await subOf(user.id))!.current_period_end);
  const again = await signInAgain(user);
  const res = await renew(again);
  expect(res.status, await res.clone().text()).toBe(200);
  return again;
}

/** A paid invoice of $29.74 with $4.75 of German VAT, as Stripe sends it for `sub`. */
const paidFromGermany = (userId: string, sub: { id: string; customerId: string }) => ({
  id: newInvoiceId(),
  object: "invoice",
  customer: sub.customerId,
  status: "paid",
  amount_paid: 2974,
  currency: "usd",
  billing_reason: "subscription_update",
  total_taxes: [{ amount: 475 }],
  customer_address: { country: "DE", state: null },
  parent: { type: "subscription_details", subscription_details: { subscription: sub.id, metadata: { user_id: userId } } },
  lines: { object: "list", data: [{ period: { start: seconds(NOW), end: seconds(NOW + 30 * DAY) } }] },
});

describe("an upgrade from Germany", () => {
  it("previews the VAT on the prorated difference, and charges and books exactly the preview", async () => {
    let member = await createUser("user");
    await join(member, {}, { country: "DE" });
    const joined = (await subOf(member.id))!;
    expect(joined).toMatchObject({ tax_country: "DE", tax_region: null });
    expect(await booked(member.id)).toEqual([
      { amount_cents: joined.price_cents + vat(joined.price_cents), tax_cents: vat(joined.price_cents), tax_jurisdiction: "DE" },
    ]);

    setClock(NOW + 10 * DAY);
    member = await signInAgain(member);
    const { amountNowCents } = prorate({
      oldCents: joined.price_cents,
      newCents: 2499,
      periodStartMs: NOW,
      periodEndMs: joined.current_period_end,
      nowMs: NOW + 10 * DAY,
      resetsPeriod: false,
    });
    const tax = vat(amountNowCents);
    const shown = await preview(member, { tierId: IC, plan: "monthly" });
    expect(shown.status).toBe(200);
    const expected: TierChangePreviewResponse = {
      kind: "upgrade",
      tierId: IC,
      plan: "monthly",
      currency: "usd",
      amountNowCents,
      taxNowCents: tax,
      totalNowCents: amountNowCents + tax,
      tax: { jurisdiction: "DE", behavior: "exclusive" },
      renewalCents: 2499,
      renewalTaxCents: vat(2499),
      renewsAt: new Date(joined.current_period_end).toISOString(),
      pricedAt: new Date(NOW + 10 * DAY).toISOString(),
    };
    expect(await shown.json()).toEqual(expected);
    expect(tax).toBeGreaterThan(0);

    // Confirmed a while later: priced at the instant shown, so charged exactly that.
    setClock(NOW + 10 * DAY + 97_000);
    const made = await change(member, { tierId: IC, plan: "monthly", pricedAt: expected.pricedAt });
    expect(made.status).toBe(200);
    expect(await made.json()).toEqual(expected);
    expect((await booked(member.id))[1]).toEqual({ amount_cents: amountNowCents + tax, tax_cents: tax, tax_jurisdiction: "DE" });
    expect(await subOf(member.id)).toMatchObject({ tier_id: IC, tax_country: "DE" });
  });

  it("in reais with tax included: the total is the prorated amount, the tax within it", async () => {
    await registerIn(["BR"]);
    await env.DB.prepare("UPDATE membership_tiers SET monthly_brl_cents = 19900 WHERE id = ?1").bind(TT).run();
    forgetTiers();
    let member = await createUser("user");
    await join(member, { tierId: IC, currency: "brl" }, { country: "BR" });
    setClock(NOW + 3 * DAY);
    member = await signInAgain(member);
    const body = await (await preview(member, { tierId: TT, plan: "monthly" })).json<TierChangePreviewResponse>();
    // BR's DEMO rate is 17 %, extracted from the inclusive amount.
    const tax = Math.round((body.amountNowCents * 17) / 117);
    expect(tax).toBeGreaterThan(0);
    expect(body).toMatchObject({
      currency: "brl",
      taxNowCents: tax,
      totalNowCents: body.amountNowCents,
      tax: { jurisdiction: "BR", behavior: "inclusive" },
      renewalCents: 19900,
      renewalTaxCents: Math.round((19900 * 17) / 117),
    });
    // Confirmed 14 minutes later (7,000 centavos of difference over a month: 2 more a quarter hour on),
    // still charged the amount shown.
    setClock(NOW + 3 * DAY + 14 * 60 * 1000);
    const made = await change(member, { tierId: TT, plan: "monthly", pricedAt: body.pricedAt });
    expect(made.status).toBe(200);
    expect(await made.json()).toEqual(body);
    expect((await booked(member.id)).at(-1)).toEqual({ amount_cents: body.totalNowCents, tax_cents: tax, tax_jurisdiction: "BR" });
  });
});

describe("the confirm's pricing instant", () => {
  it.each([
    { what: "older than the preview's validity", pricedAt: new Date(NOW - 16 * 60 * 1000).toISOString(), status: 409, code: "tier_change_preview_expired" },
    { what: "ahead of now", pricedAt: new Date(NOW + 60 * 1000).toISOString(), status: 409, code: "tier_change_preview_expired" },
    { what: "not an instant", pricedAt: "yesterday", status: 400, code: "invalid_input" },
  ])("refuses one $what: $status $code, nothing charged or changed", async ({ pricedAt, status, code }) => {
    const member = await createUser("user");
    await join(member, {}, { country: "DE" });
    const res = await change(member, { tierId: IC, plan: "monthly", pricedAt });
    expect(res.status, await res.clone().text()).toBe(status);
    expect((await res.json<{ error: { code: string } }>()).error.code).toBe(code);
    expect(await booked(member.id)).toHaveLength(1);
    expect(await subOf(member.id)).toMatchObject({ tier_id: "vip" });
  });
});

describe("every later charge is taxed for the place the join named", () => {
  it.each([
    { what: "a renewal", json: {}, trialDays: 0 },
    { what: "a trial's end", json: { tierId: TT }, trialDays: 14 },
  ])("$what: charged and booked with the VAT of Germany", async ({ json, trialDays }) => {
    const member = await createUser("user");
    await join(member, json, { country: "DE" });
    const sub = (await subOf(member.id))!;
    expect(sub.tax_country).toBe("DE");
    expect(await booked(member.id)).toHaveLength(trialDays > 0 ? 0 : 1);
    await renewNow(member);
    expect((await booked(member.id)).at(-1)).toEqual({
      amount_cents: sub.price_cents + vat(sub.price_cents),
      tax_cents: vat(sub.price_cents),
      tax_jurisdiction: "DE",
    });
  });

  it("a gift of a tier, bought in the store from Germany: the order and the ledger carry its VAT", async () => {
    const product = await seedProduct({ kind: "gift_vip", usd: 7497, brl: null, giftMonths: 3, title: "Gift Inner Circle" });
    const email = `giver_${crypto.randomUUID().slice(0, 8)}@example.com`;
    const res = await postCheckout({ email, ...cart([{ productId: product }]) });
    expect(res.status, await res.clone().text()).toBe(200);
    const session = sessionOf((await res.json<{ url: string }>()).url);
    const checkout = (await checkoutRowBySession(session))!;
    const paid = await callLocal(`/api/store/local/checkouts/${session}/pay`, {
      method: "POST",
      cookie: cookies(undefined, buyerCookieOf(res)),
      json: { billing: { country: "DE" } },
    });
    expect(paid.status, await paid.clone().text()).toBe(200);
    const order = (await D1.prepare("SELECT id, total_cents, tax_cents, tax_country FROM orders WHERE checkout_id = ?1").bind(checkout.id).first())!;
    expect(order).toMatchObject({ total_cents: 7497 + vat(7497), tax_cents: vat(7497), tax_country: "DE" });
    const ledger = await D1.prepare("SELECT amount_cents, tax_cents, tax_jurisdiction FROM revenue_entries WHERE order_id = ?1").bind(order.id).all();
    expect(ledger.results).toEqual([{ amount_cents: 7497 + vat(7497), tax_cents: vat(7497), tax_jurisdiction: "DE" }]);
  });

  it("an invoice.paid delivered twice books its tax once, and its address becomes the subscription's place", async () => {
    const member = await createUser("user");
    const sub = await subscribeViaEvents(member.id, { periodEndMs: NOW + 30 * DAY });
    const invoice = paidFromGermany(member.id, sub);
    const paid = event("invoice.paid", invoice);
    await deliver(paid, paid, event("invoice.paid", invoice));
    expect((await booked(member.id)).filter((r) => r.tax_cents > 0)).toEqual([{ amount_cents: 2974, tax_cents: 475, tax_jurisdiction: "DE" }]);
    expect(await subOf(member.id)).toMatchObject({ tax_country: "DE", tax_region: null });
  });
});

describe("a downgrade from Germany", () => {
  it("shows nothing charged now and the renewal's VAT, and the renewal charges and books exactly that", async () => {
    let member = await createUser("user");
    await join(member, { tierId: IC }, { country: "DE" });
    const joined = (await subOf(member.id))!;
    setClock(NOW + 4 * DAY);
    member = await signInAgain(member);
    const shown = await preview(member, { tierId: "vip", plan: "monthly" });
    expect(shown.status, await shown.clone().text()).toBe(200);
    const body = await shown.json<TierChangePreviewResponse>();
    const vipCents = body.renewalCents;
    expect(body).toEqual({
      kind: "downgrade",
      tierId: "vip",
      plan: "monthly",
      currency: "usd",
      amountNowCents: 0,
      taxNowCents: 0,
      totalNowCents: 0,
      tax: { jurisdiction: "DE", behavior: "exclusive" },
      renewalCents: vipCents,
      renewalTaxCents: vat(vipCents),
      renewsAt: new Date(joined.current_period_end).toISOString(),
      pricedAt: new Date(NOW + 4 * DAY).toISOString(),
    });
    expect(vat(vipCents)).toBeGreaterThan(0);
    expect((await change(member, { tierId: "vip", plan: "monthly", pricedAt: body.pricedAt })).status).toBe(200);
    expect(await booked(member.id)).toHaveLength(1);
    member = await renewNow(member);
    expect(await subOf(member.id)).toMatchObject({ tier_id: "vip", price_cents: vipCents });
    expect((await booked(member.id)).at(-1)).toEqual({
      amount_cents: vipCents + body.renewalTaxCents,
      tax_cents: body.renewalTaxCents,
      tax_jurisdiction: "DE",
    });
  });
});

describe("in live mode, Stripe Tax's previews", () => {
  /** The local service as live: Stripe's previews answer with a fixed tax, and each call is kept. */
  function liveService(stripePlace: TaxPlace | null = { country: "DE", state: null }) {
    const asked: { what: string; input: SubscriptionChangeInput }[] = [];
    const service: PaymentsService = {
      ...createPaymentsService(env),
      mode: "live",
      previewSubscriptionChange: async (input) => (asked.push({ what: "now", input }), { amountDueCents: 1190, taxCents: 190, place: stripePlace }),
      previewRenewalAfterChange: async (input) => (asked.push({ what: "renewal", input }), { amountDueCents: 1189, taxCents: 190, place: stripePlace }),
    };
    return { service, asked };
  }

  it("price a downgrade's renewal with its tax, nothing now", async () => {
    const member = await createUser("user");
    await join(member, { tierId: IC }, { country: "DE" });
    const { service, asked } = liveService();
    const planned = await planTierChange(env, db(), service, member.id, { tierId: "vip", plan: "monthly" });
    expect(asked.map((a) => a.what)).toEqual(["renewal"]);
    expect(asked[0]!.input).toMatchObject({ tierId: "vip", plan: "monthly" });
    expect(planned.preview).toMatchObject({
      kind: "downgrade",
      totalNowCents: 0,
      taxNowCents: 0,
      renewalTaxCents: 190,
      tax: { jurisdiction: "DE", behavior: "exclusive" },
    });
  });

  it("name the place Stripe taxed for a member whose invoices named none yet (joined before places were kept)", async () => {
    const member = await createUser("user");
    await join(member, {});
    expect(await subOf(member.id)).toMatchObject({ tax_country: null });
    const planned = await planTierChange(env, db(), liveService({ country: "AT", state: null }).service, member.id, { tierId: IC, plan: "monthly" });
    expect(planned.preview).toMatchObject({ taxNowCents: 190, renewalTaxCents: 190, tax: { jurisdiction: "AT", behavior: "exclusive" } });
  });

  it("price an upgrade's charge now and its renewal, each with its tax", async () => {
    const member = await createUser("user");
    await join(member, {}, { country: "DE" });
    const { service, asked } = liveService();
    const planned = await planTierChange(env, db(), service, member.id, { tierId: IC, plan: "monthly" });
    expect(asked.map((a) => a.what).sort()).toEqual(["now", "renewal"]);
    expect(planned.preview).toMatchObject({ kind: "upgrade", amountNowCents: 1000, taxNowCents: 190, totalNowCents: 1190, renewalTaxCents: 190 });
  });
});

/** The membership receipts mailed to `userId` (the local mail service's outbox), oldest first. */
const receiptsTo = async (userId: string) =>
  (
    await env.DB.prepare(
      "SELECT subject, text_body AS text FROM mail_outbox WHERE to_address = (SELECT email FROM users WHERE id = ?1) AND idempotency_key LIKE 'membership-receipt:%' ORDER BY created_at, rowid",
    )
      .bind(userId)
      .all<{ subject: string; text: string }>()
  ).results;
/** Waits for the mails the requests' waitUntil sends. */
const receiptsCount = async (userId: string, count: number) => {
  await vi.waitFor(async () => expect(await receiptsTo(userId)).toHaveLength(count));
  return receiptsTo(userId);
};

describe("the member's receipt of each membership payment", () => {
  it("mails the join and each renewal once, with the tax and total booked, in the member's language", async () => {
    let member = await createUser("user");
    await join(member, { tierId: IC }, { country: "DE" });
    const [joined] = await receiptsCount(member.id, 1);
    expect(joined!.subject).toBe("Your Freestyle Lovers Tier inner-circle receipt");
    expect(joined!.text).toContain("Tier inner-circle membership, billed monthly");
    expect(joined!.text).toContain(`Subtotal: $24.99\nTax (DE): $${(vat(2499) / 100).toFixed(2)}\nTotal: $${((2499 + vat(2499)) / 100).toFixed(2)}`);
    expect(joined!.text).toContain("Your membership renews on December 21, 2026.");
    await env.DB.prepare("UPDATE users SET locale = 'pt-BR' WHERE id = ?1").bind(member.id).run();
    member = await renewNow(member);
    const renewed = (await receiptsCount(member.id, 2))[1]!;
    expect(renewed.text).toContain("Assinatura Nível inner-circle, cobrada mensalmente");
    expect(renewed.text).toContain(`Impostos (DE): US$\u00a0${(vat(2499) / 100).toFixed(2).replace(".", ",")}`);
  });

  it("mails an invoice delivered twice once, and nothing for a trial's free start", async () => {
    const member = await createUser("user");
    const sub = await subscribeViaEvents(member.id, { periodEndMs: NOW + 30 * DAY });
    const before = (await receiptsTo(member.id)).length;
    const invoice = paidFromGermany(member.id, sub);
    const paid = event("invoice.paid", invoice);
    await deliver(paid, paid, event("invoice.paid", invoice));
    const mails = await receiptsCount(member.id, before + 1);
    expect(mails.at(-1)!.text).toContain("Tax (DE): $4.75\nTotal: $29.74");

    const trialing = await createUser("user");
    await join(trialing, { tierId: TT }, { country: "DE" });
    expect(await subOf(trialing.id)).toMatchObject({ tier_id: TT });
    expect(await receiptsTo(trialing.id)).toEqual([]);
  });
});

describe("a member where the artist collects nothing", () => {
  it("from the US: no tax line in the preview, none charged or booked on the upgrade or the renewal", async () => {
    let member = await createUser("user");
    await join(member, {}, { country: "US", state: "NY" });
    expect(await subOf(member.id)).toMatchObject({ tax_country: "US", tax_region: "NY" });
    setClock(NOW + 5 * DAY);
    member = await signInAgain(member);
    const body = await (await preview(member, { tierId: IC, plan: "monthly" })).json<TierChangePreviewResponse>();
    expect(body).toMatchObject({ taxNowCents: 0, totalNowCents: body.amountNowCents, tax: null, renewalTaxCents: 0 });
    expect((await change(member, { tierId: IC, plan: "monthly" })).status).toBe(200);
    member = await renewNow(member);
    const rows = await booked(member.id);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.tax_cents === 0 && r.tax_jurisdiction === null)).toBe(true);
    expect(rows[1]!.amount_cents).toBe(body.amountNowCents);
    expect(rows[2]!.amount_cents).toBe(2499);
  });

  it("who named no place: charged as before, with no tax", async () => {
    const member = await createUser("user");
    await join(member, {});
    expect(await subOf(member.id)).toMatchObject({ tax_country: null });
    await renewNow(member);
    expect((await booked(member.id)).map((r) => r.tax_cents)).toEqual([0, 0]);
  });
});
