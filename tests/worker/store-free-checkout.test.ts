// A cart the Worker prices at 0 (a free download with nothing offered) completes without a payment
// page: the checkout answers the thanks page, the order, its download and its receipt exist at once,
// and a retried or concurrent request of the same attempt makes one order. The total is the
// Worker's: an amount the browser sends for a product with a price is never what decides.
import { describe, expect, it } from "vitest";
import { backgroundWorkSettled } from "../../worker/lib/background-work";
import { call, createUser } from "./helpers";
import { buyerCookieOf, cart, D1, postCheckout, seedProduct } from "./checkout-fixtures";
import type { StoreCheckoutStatusResponse } from "../../worker/contracts/store/checkout";

const guestEmail = () => `free_${crypto.randomUUID().slice(0, 8)}@example.com`;
const freeDownload = () => seedProduct({ pricing: "name_your_price", usd: 0, brl: 0, title: "Dream About You (free download)" });

const checkoutsOf = (email: string) =>
  D1.prepare("SELECT id, status, total_cents, provider_session_id FROM store_checkouts WHERE email = ?1")
    .bind(email)
    .all<{ id: string; status: string; total_cents: number; provider_session_id: string | null }>();
const ordersOf = (email: string) =>
  D1.prepare("SELECT id, number, total_cents, payment_intent_id, status FROM orders WHERE email = ?1").bind(email).all<Record<string, unknown>>();
const receiptsTo = async (email: string) => {
  await backgroundWorkSettled();
  return (await D1.prepare("SELECT subject FROM mail_outbox WHERE to_address = ?1").bind(email).all()).results;
};

describe("a $0 cart", () => {
  it("a guest's free download is ordered at once: the thanks page, the order, the download and the receipt, no payment page", async () => {
    const productId = await freeDownload();
    const email = guestEmail();
    const res = await postCheckout(cart([{ productId, amountCents: 0 }], { email }));
    expect(res.status, await res.clone().text()).toBe(200);
    const [checkout] = (await checkoutsOf(email)).results;
    expect(checkout).toMatchObject({ status: "paid", total_cents: 0, provider_session_id: null });
    expect(await res.json()).toEqual({ url: `/store/thanks?session_id=${checkout!.id}` });
    const [order] = (await ordersOf(email)).results;
    expect(order).toMatchObject({ total_cents: 0, payment_intent_id: null, status: "paid" });
    const ents = await D1.prepare("SELECT album_id FROM entitlements WHERE order_id = ?1").bind(order!.id).all();
    expect(ents.results).toEqual([{ album_id: "freestyle-nights" }]);
    expect(await receiptsTo(email)).toHaveLength(1);
    const status = await call(`/api/store/checkouts/${checkout!.id}/status`, { cookie: buyerCookieOf(res)! });
    expect(await status.json<StoreCheckoutStatusResponse>()).toEqual({ status: "paid", orderNumber: order!.number });
  });

  it("a member's free download with no amount sent: the Worker's price is 0, ordered at once", async () => {
    const productId = await freeDownload();
    const member = await createUser("user");
    const res = await postCheckout(cart([{ productId }]), member.cookie);
    expect(res.status).toBe(200);
    expect((await res.json<{ url: string }>()).url).toMatch(/^\/store\/thanks\?session_id=sc_[0-9a-f]{32}$/);
    expect((await ordersOf(member.email)).results).toHaveLength(1);
  });

  it("an amount offered for a free item goes to the payment page as before", async () => {
    const productId = await freeDownload();
    const email = guestEmail();
    const res = await postCheckout(cart([{ productId, amountCents: 500 }], { email }));
    expect((await res.json<{ url: string }>()).url).toMatch(/^\/store\/checkout\/test\?session=/);
    expect((await checkoutsOf(email)).results).toMatchObject([{ status: "open", total_cents: 500 }]);
    expect((await ordersOf(email)).results).toHaveLength(0);
  });

  it("a browser's amount of 0 for a priced product is refused, nothing ordered", async () => {
    const productId = await seedProduct({ pricing: "name_your_price", usd: 700 });
    const email = guestEmail();
    const res = await postCheckout(cart([{ productId, amountCents: 0 }], { email }));
    expect(res.status).toBe(400);
    expect((await checkoutsOf(email)).results).toHaveLength(0);
    expect((await ordersOf(email)).results).toHaveLength(0);
  });

  it("the same attempt sent 5 times at once, then again: one checkout, one order, one receipt, the same thanks page", async () => {
    const productId = await freeDownload();
    const member = await createUser("user");
    const body = cart([{ productId }], { attemptId: crypto.randomUUID() });
    const answers = await Promise.all(Array.from({ length: 5 }, () => postCheckout(body, member.cookie)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const urls = new Set(await Promise.all(answers.map(async (r) => (await r.json<{ url: string }>()).url)));
    const replay = await postCheckout(body, member.cookie);
    expect(replay.status).toBe(200);
    urls.add((await replay.json<{ url: string }>()).url);
    expect(urls.size).toBe(1);
    expect((await checkoutsOf(member.email)).results).toHaveLength(1);
    expect((await ordersOf(member.email)).results).toHaveLength(1);
    expect(await receiptsTo(member.email)).toHaveLength(1);
  });
});
