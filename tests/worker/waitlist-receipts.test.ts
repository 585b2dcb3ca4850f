// A paid claim's mails and the sellers' refunds (decisions 185, 191): the buyer gets the store's
// ticket receipt (order number, what they paid, the tax in it, the new QR) in the language they paid
// in, each seller a refund receipt in theirs, once however often the payment arrives. A refund the
// provider refuses is recorded and asked again by the five-minute job under the same key, until it
// is done (one refund in the end) or out of attempts (the admin told once).
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, createUser, type TestUser } from "./helpers";
import { deliver, event, postWebhook, signatureFor } from "./payments-fixtures";
import { mailsTo, vars } from "./tickets-checkout-fixtures";
import { D1, handBack, holder, offersOf, soldOutShow, waiting, type Show } from "./waitlist-fixtures";
import { backgroundWorkSettled } from "../../worker/lib/background-work";
import { createDb } from "../../worker/db/client";
import { createPaymentsService } from "../../worker/services/payments";
import { storeRefunds } from "../../worker/services/store/purchase";
import { PaymentProviderError, type PaymentsService } from "../../worker/services/payments/types";
import { retrySellerRefunds } from "../../worker/services/waitlist/seller-refunds";
import { WAITLIST_REFUND_ATTEMPTS, WAITLIST_REFUND_GRACE_MS } from "../../worker/db/waitlist/refunds";
import type { AppEnv } from "../../worker/env";

afterEach(() => {
  vi.restoreAllMocks();
});

const db = () => createDb(env.DB);
const appEnv = env as unknown as AppEnv;

const checkout = (offerId: string, cookie: string, lang?: string) =>
  call(`/api/waitlist/offers/${offerId}/checkout`, { method: "POST", cookie, headers: lang ? { "accept-language": lang } : {} });

const paidEvent = (offerId: string, amount: number) =>
  event(
    "checkout.session.completed",
    {
      id: `cs_test_${offerId}`,
      object: "checkout.session",
      mode: "payment",
      status: "complete",
      payment_status: "paid",
      payment_intent: `pi_test_${offerId.slice(0, 8)}`,
      amount_total: amount,
      currency: "usd",
      client_reference_id: `wl_${offerId}`,
      metadata: { checkout_id: `wl_${offerId}` },
      customer_details: { email: "buyer@example.com", name: null },
    },
    Date.now(),
  );

/** A seller (in `locale`) whose ticket, paid through a payment intent, is handed back. */
async function returned(show: Show, locale: "en" | "pt-BR" = "en") {
  const seller = await createUser("user");
  await D1.prepare("UPDATE users SET locale = ?2 WHERE id = ?1").bind(seller.id, locale).run();
  const held = await holder(show, 1, seller);
  await D1.prepare("UPDATE orders SET payment_intent_id = ?2 WHERE id = ?1")
    .bind(held.orderId, `pi_local_seller_${held.orderId.slice(0, 8)}`)
    .run();
  expect((await handBack(held.tickets[0]!.id, seller.cookie)).status).toBe(201);
  return { seller, orderId: held.orderId, ticketId: held.tickets[0]!.id };
}

async function claimed(show: Show, fan: TestUser, lang?: string) {
  const [offer] = (await offersOf(show.typeId)).filter((o) => o.user_id === fan.id && o.status === "offered");
  expect((await checkout(offer!.id, fan.cookie, lang)).status).toBe(200);
  const paid = paidEvent(offer!.id, offer!.total_cents);
  expect(await deliver(paid)).toEqual(["applied"]);
  await backgroundWorkSettled();
  return paid;
}

const refundState = (ticketId: string) =>
  D1.prepare("SELECT refund_status, refund_attempts, refund_given_up_at IS NOT NULL AS given_up FROM ticket_returns WHERE ticket_id = ?1 AND status = 'sold'")
    .bind(ticketId)
    .first<{ refund_status: string; refund_attempts: number; given_up: number }>();
const refundedOf = async (orderId: string) =>
  (await D1.prepare("SELECT refunded_cents AS n FROM orders WHERE id = ?1").bind(orderId).first<{ n: number }>())!.n;
const negativeSum = async (orderId: string) =>
  (await D1.prepare("SELECT coalesce(sum(amount_cents), 0) AS n FROM revenue_entries WHERE order_id = ?1 AND amount_cents < 0")
    .bind(orderId)
    .first<{ n: number }>())!.n;

/** The local provider with every call counted; `refuse(n)` makes the n-th call a provider's refusal. */
function countingPayments(refuse?: (n: number) => boolean) {
  const real = createPaymentsService(appEnv, storeRefunds(db()));
  const calls: string[] = [];
  const payments: PaymentsService = {
    ...real,
    refund: async (input) => {
      calls.push(input.idempotencyKey);
      if (refuse?.(calls.length)) throw new PaymentProviderError("Your card was declined");
      return real.refund(input);
    },
  };
  return { payments, calls };
}

describe("a paid claim's receipts", () => {
  it("the buyer gets the ticket receipt and the seller a refund receipt, each in their language, once however often the payment comes", async () => {
    const show = await soldOutShow({}, { priceCents: 2500 });
    const fan = await waiting(show);
    const sold = await returned(show, "pt-BR");
    const paid = await claimed(show, fan.user, "pt-BR");

    const order = (await D1.prepare("SELECT number, id FROM orders WHERE checkout_id LIKE 'wl_%' AND user_id = ?1")
      .bind(fan.user.id)
      .first<{ number: number; id: string }>())!;
    const buyerMails = await mailsTo(fan.user.email, "%pedido%");
    expect(buyerMails).toHaveLength(1);
    expect(buyerMails[0]!.subject).toContain(`nº ${order.number}`);
    expect(buyerMails[0]!.text).toContain("Seus ingressos");
    expect(buyerMails[0]!.text).toMatch(/Total: US\$\s?25,00/);
    expect(buyerMails[0]!.html).toContain("QR code do ingresso");

    const sellerMails = await mailsTo(sold.seller.email);
    expect(sellerMails).toHaveLength(1);
    expect(sellerMails[0]!.subject).toContain("você foi reembolsado");
    expect(sellerMails[0]!.text).toMatch(/Reembolsado: US\$\s?25,00/);
    expect(sellerMails[0]!.text).toContain("Taxa retida: nenhuma");
    expect(await refundState(sold.ticketId)).toEqual({ refund_status: "done", refund_attempts: 1, given_up: 0 });

    // The same payment again, three times at once: no mail more.
    const raw = JSON.stringify(paid);
    await Promise.all([0, 1, 2].map(async () => postWebhook(raw, await signatureFor(raw))));
    await backgroundWorkSettled();
    expect(await mailsTo(fan.user.email, "%pedido%")).toHaveLength(1);
    expect(await mailsTo(sold.seller.email)).toHaveLength(1);
    expect(await refundState(sold.ticketId)).toEqual({ refund_status: "done", refund_attempts: 1, given_up: 0 });
  });

  it("an English buyer's receipt names the tax included in the price", async () => {
    const show = await soldOutShow();
    const fan = await waiting(show);
    const sold = await returned(show);
    await D1.prepare("UPDATE event_tickets SET price_cents = 2500 WHERE id = ?1").bind(sold.ticketId).run();
    await D1.prepare("UPDATE ticket_returns SET tax_cents = 227 WHERE ticket_id = ?1").bind(sold.ticketId).run();
    await D1.prepare("UPDATE waitlist_offers SET tax_cents = 227 WHERE user_id = ?1").bind(fan.user.id).run();
    await claimed(show, fan.user, "en");
    const receipts = await mailsTo(fan.user.email, "%order #%");
    expect(receipts).toHaveLength(1);
    const receipt = receipts[0];
    expect(receipt!.text).toContain("Total: $25.00");
    expect(receipt!.text).toContain("Includes tax");
    expect(receipt!.text).toContain("$2.27");
    expect((await mailsTo(sold.seller.email))[0]!.subject).toContain("you are refunded");
  });
});

describe("a refused seller refund", () => {
  it("is recorded, asked again by the job under the same key, and refunded once in the end; the receipt goes once", async () => {
    const show = await soldOutShow();
    const fan = await waiting(show);
    const sold = await returned(show);
    // The provider refuses the follow-up's ask: it holds the seller's charge as refunded already.
    await D1.prepare("UPDATE orders SET refunded_cents = total_cents WHERE id = ?1").bind(sold.orderId).run();
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    await claimed(show, fan.user);
    expect(await refundState(sold.ticketId)).toEqual({ refund_status: "failed", refund_attempts: 1, given_up: 0 });
    expect(await mailsTo(sold.seller.email)).toHaveLength(0);
    // The ledger has the seller's refund once already (the claim's batch), whatever the provider says.
    expect(await negativeSum(sold.orderId)).toBe(-2500);

    // The charge is whole again; the job's next ask is refused once more, the one after that accepted.
    await D1.prepare("UPDATE orders SET refunded_cents = 0 WHERE id = ?1").bind(sold.orderId).run();
    const provider = countingPayments((n) => n === 1);
    await retrySellerRefunds(appEnv, db(), Date.now(), { payments: provider.payments });
    expect(await refundState(sold.ticketId)).toMatchObject({ refund_status: "failed", refund_attempts: 2 });
    await retrySellerRefunds(appEnv, db(), Date.now(), { payments: provider.payments });
    await retrySellerRefunds(appEnv, db(), Date.now(), { payments: provider.payments });
    quiet.mockRestore();
    const returnId = (await D1.prepare("SELECT id FROM ticket_returns WHERE ticket_id = ?1").bind(sold.ticketId).first<{ id: string }>())!.id;
    expect(provider.calls).toEqual([`waitlist-refund:${returnId}`, `waitlist-refund:${returnId}`]);
    expect(await refundState(sold.ticketId)).toEqual({ refund_status: "done", refund_attempts: 3, given_up: 0 });
    expect(await refundedOf(sold.orderId)).toBe(2500);
    expect(await negativeSum(sold.orderId)).toBe(-2500);
    await backgroundWorkSettled();
    expect(await mailsTo(sold.seller.email)).toHaveLength(1);
  });

  it("a pending refund the follow-up never settled is asked after its grace; one refused every time is left to the admin, told once", async () => {
    const show = await soldOutShow();
    const fan = await waiting(show);
    const sold = await returned(show);
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    await claimed(show, fan.user);
    // As if the follow-up had never run: pending, nothing asked.
    await D1.prepare("UPDATE ticket_returns SET refund_status = 'pending', refund_attempts = 0 WHERE ticket_id = ?1").bind(sold.ticketId).run();
    const soldAt = (await D1.prepare("SELECT sold_at FROM ticket_returns WHERE ticket_id = ?1").bind(sold.ticketId).first<{ sold_at: number }>())!.sold_at;
    const returnId = (await D1.prepare("SELECT id FROM ticket_returns WHERE ticket_id = ?1").bind(sold.ticketId).first<{ id: string }>())!.id;
    const refusing = countingPayments(() => true);
    // Other tests' returns share the database: count only this one's asks.
    const asks = () => refusing.calls.filter((key) => key === `waitlist-refund:${returnId}`);
    await retrySellerRefunds(appEnv, db(), soldAt + WAITLIST_REFUND_GRACE_MS - 1, { payments: refusing.payments });
    expect(asks()).toHaveLength(0);
    for (let i = 1; i <= WAITLIST_REFUND_ATTEMPTS + 2; i++)
      await retrySellerRefunds(appEnv, db(), soldAt + WAITLIST_REFUND_GRACE_MS + i * 300_000, { payments: refusing.payments });
    quiet.mockRestore();
    expect(asks()).toHaveLength(WAITLIST_REFUND_ATTEMPTS);
    expect(await refundState(sold.ticketId)).toEqual({ refund_status: "failed", refund_attempts: WAITLIST_REFUND_ATTEMPTS, given_up: 1 });
    const notices = (await mailsTo(vars.ADMIN_EMAIL, "A waitlist refund needs you%")).filter((m) => m.text.includes(sold.seller.email));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain(sold.seller.email);
    expect(notices[0]!.text).toContain("Your card was declined");
  });
});
