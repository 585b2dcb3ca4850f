// The remixers' share of a released remix's sales (decision 197): bought through the store's local
// test checkout from the page's offer, the order's fulfilment records each payee's share in exact
// cents (floor of the line's net × percent, split equally, the remainder to the entrant), once
// however often or at once the payment's events arrive; refunds take it back in proportion, once
// each; the back office's view and CSV (per remixer, formula cells escaped, audited as an export).
import { describe, expect, it } from "vitest";
import { call, callLocal, createUser, errorOf, type TestUser } from "./helpers";
import { API, D1, contestsFileSetUp, rows, userOfRole } from "./contests-fixtures";
import { contestWithResults, publish } from "./contest-release-fixtures";
import { cart, checkoutRowBySession, postCheckout, seedProduct, sessionOf } from "./checkout-fixtures";
import { chargeRefundedEvent } from "./store-order-fixtures";
import { event, postWebhook, signatureFor, type TestEvent } from "./payments-fixtures";
import type { ContestReleaseResponse, ContestReleasesResponse, RemixSharesResponse } from "../../worker/contracts/contests/releases";

let admin: TestUser;
let trackId: string;
contestsFileSetUp((made) => ({ admin, trackId } = made));

/** A released remix on sale at $9.99 with a 15% share, credited to the entrant and a confirmed co-author. */
async function remixOnSale() {
  const coAuthor = await createUser("user");
  const { contest, placed, entrant } = await contestWithResults(admin, trackId, { coAuthor });
  const res = await publish(contest.id, placed, { sale: { priceUsdCents: 999, sharePercent: 15 } }, admin.cookie);
  expect(res.status, await res.clone().text()).toBe(201);
  await res.json<ContestReleaseResponse>();
  return { contest, entryId: placed, entrant, coAuthor };
}

/** The product the contest's page offers for the entry (its list of released entries). */
async function offerOf(contestId: string, entryId: string) {
  const { releases } = await (await call(`${API}/${contestId}/releases`)).json<ContestReleasesResponse>();
  return releases.find((r) => r.entryId === entryId)!.product!.id;
}

/** A member's checkout of the product; the session and the checkout's row. */
async function openCheckout(productId: string) {
  const buyer = await createUser("user");
  const res = await postCheckout(cart([{ productId }]), buyer.cookie);
  expect(res.status, await res.clone().text()).toBe(200);
  const session = sessionOf((await res.json<{ url: string }>()).url);
  const row = (await checkoutRowBySession(session))!;
  return { buyer, session, checkoutId: String(row.id), total: Number(row.total_cents) };
}

const sharesOf = (entryId: string) =>
  rows<{ user_id: string; amount_cents: number; net_cents: number; sale_ref: string | null; currency: string }>(
    "SELECT user_id, amount_cents, net_cents, sale_ref, currency FROM remix_shares WHERE entry_id = ? ORDER BY sale_ref IS NOT NULL, amount_cents DESC, ref",
    entryId,
  );

/** A paid Checkout Session event for the checkout, as Stripe sends it (its own event id each time). */
function paidEvent(type: string, c: { session: string; checkoutId: string; total: number }): TestEvent {
  return event(type, {
    id: c.session,
    object: "checkout.session",
    mode: "payment",
    status: "complete",
    payment_status: "paid",
    payment_intent: `pi_test_${c.checkoutId}`,
    amount_total: c.total,
    currency: "usd",
    client_reference_id: c.checkoutId,
    metadata: { checkout_id: c.checkoutId },
    customer_details: { email: "buyer@example.com", name: "Ana" },
  });
}

async function post(e: TestEvent) {
  const raw = JSON.stringify(e);
  const res = await postWebhook(raw, await signatureFor(raw));
  expect(res.status).toBe(200);
}

const refund = async (orderId: string, amountCents: number, attemptId = crypto.randomUUID()) => {
  const res = await call(`/api/admin/store/orders/${orderId}/refunds`, { method: "POST", json: { amountCents, attemptId }, cookie: admin.cookie });
  expect(res.status, await res.clone().text()).toBe(200);
};

describe("a sale of a released remix", () => {
  it("records each payee's share of the line's net in exact cents; refunds take it back in proportion, once each", async () => {
    const { contest, entryId, entrant, coAuthor } = await remixOnSale();
    const c = await openCheckout(await offerOf(contest.id, entryId));
    expect(c.total).toBe(999);
    const paid = await callLocal(`/api/store/local/checkouts/${c.session}/pay`, { method: "POST", cookie: c.buyer.cookie, json: {} });
    expect(paid.status).toBe(200);
    const order = (await D1.prepare("SELECT id, total_cents FROM orders WHERE checkout_id = ?")
      .bind(c.checkoutId)
      .first<{ id: string; total_cents: number }>())!;
    expect(order.total_cents).toBe(999);

    // floor(999 × 15 / 100) = 149, split in two: 74 each and the cent left over to the entrant.
    expect(await sharesOf(entryId)).toEqual([
      { user_id: entrant.id, amount_cents: 75, net_cents: 999, sale_ref: null, currency: "usd" },
      { user_id: coAuthor.id, amount_cents: 74, net_cents: 999, sale_ref: null, currency: "usd" },
    ]);

    // $4.00 of $9.99 back: floor(75 × 400 / 999) = 30 and floor(74 × 400 / 999) = 29; the same refund asked again takes nothing more.
    const attempt = crypto.randomUUID();
    await refund(order.id, 400, attempt);
    await refund(order.id, 400, attempt);
    const afterPartial = await sharesOf(entryId);
    expect(afterPartial.filter((s) => s.sale_ref !== null).map((s) => [s.user_id, s.amount_cents])).toEqual([
      [coAuthor.id, -29],
      [entrant.id, -30],
    ]);
    // The rest back: the whole share is taken back, each payee's rows summing to nothing.
    await refund(order.id, 599);
    const all = await sharesOf(entryId);
    const net = (userId: string) => all.filter((s) => s.user_id === userId).reduce((sum, s) => sum + s.amount_cents, 0);
    expect([net(entrant.id), net(coAuthor.id)]).toEqual([0, 0]);
    expect(all.filter((s) => s.sale_ref !== null)).toHaveLength(4);
  }, 30_000);

  it("is recorded once when the payment's events are replayed and arrive at once", async () => {
    const { contest, entryId, entrant, coAuthor } = await remixOnSale();
    const c = await openCheckout(await offerOf(contest.id, entryId));
    const completed = paidEvent("checkout.session.completed", c);
    await Promise.all([post(completed), post(paidEvent("checkout.session.async_payment_succeeded", c)), post(paidEvent("checkout.session.completed", c))]);
    await post(completed);
    expect(await D1.prepare("SELECT count(*) AS n FROM orders WHERE checkout_id = ?").bind(c.checkoutId).first("n")).toBe(1);
    expect((await sharesOf(entryId)).map((s) => [s.user_id, s.amount_cents])).toEqual([
      [entrant.id, 75],
      [coAuthor.id, 74],
    ]);

    // A refund's event, sent twice at once under two ids and then replayed: taken back once.
    const refunded = () =>
      chargeRefundedEvent({ paymentIntentId: `pi_test_${c.checkoutId}`, amount: 999, cumulative: 400, refunds: [{ id: `re_${c.checkoutId}`, amount: 400 }] });
    const first = refunded();
    await Promise.all([post(first), post(refunded())]);
    await post(first);
    expect((await sharesOf(entryId)).filter((s) => s.sale_ref !== null).map((s) => [s.user_id, s.amount_cents])).toEqual([
      [coAuthor.id, -29],
      [entrant.id, -30],
    ]);
  }, 30_000);

  it("is taken back in full by a lost dispute, once however often its event arrives", async () => {
    const { contest, entryId } = await remixOnSale();
    const c = await openCheckout(await offerOf(contest.id, entryId));
    await post(paidEvent("checkout.session.completed", c));
    const lost = event("charge.dispute.closed", {
      id: `dp_test_${c.checkoutId}`,
      object: "dispute",
      amount: 999,
      currency: "usd",
      charge: `ch_test_pi_test_${c.checkoutId}`,
      payment_intent: `pi_test_${c.checkoutId}`,
      reason: "fraudulent",
      status: "lost",
      evidence_details: { due_by: Math.floor(Date.now() / 1000) + 7 * 86400 },
    });
    await Promise.all([post(lost), post(lost)]);
    await post(lost);
    const shares = await sharesOf(entryId);
    expect(shares.filter((s) => s.sale_ref !== null).map((s) => s.amount_cents)).toEqual([-74, -75]);
    expect(shares.reduce((sum, s) => sum + s.amount_cents, 0)).toBe(0);
  }, 30_000);

  it("records nothing for an order of anything else", async () => {
    const before = await D1.prepare("SELECT count(*) AS n FROM remix_shares").first("n");
    const c = await openCheckout(await seedProduct({ usd: 700 }));
    await post(paidEvent("checkout.session.completed", c));
    expect(await D1.prepare("SELECT count(*) AS n FROM remix_shares").first("n")).toBe(before);
  });
});

describe("the remixers' shares in the back office", () => {
  const today = new Date().toISOString().slice(0, 10);

  it("lists per remixer the sales, the share owed, what was taken back and the net; the CSV escapes formula cells and is audited", async () => {
    const { contest, entryId, entrant, coAuthor } = await remixOnSale();
    const c = await openCheckout(await offerOf(contest.id, entryId));
    expect((await callLocal(`/api/store/local/checkouts/${c.session}/pay`, { method: "POST", cookie: c.buyer.cookie, json: {} })).status).toBe(200);
    const order = (await D1.prepare("SELECT id FROM orders WHERE checkout_id = ?").bind(c.checkoutId).first<{ id: string }>())!;
    await refund(order.id, 400);
    // A name a spreadsheet would run as a formula (written straight to D1: the sign-up refuses it).
    await D1.prepare("UPDATE users SET username = ?2 WHERE id = ?1")
      .bind(coAuthor.id, `=SUM(${coAuthor.id.slice(0, 4)})`)
      .run();

    const view = await call(`/api/admin/contests/remix-shares?from=${today}&to=${today}`, { cookie: admin.cookie });
    expect(view.status).toBe(200);
    const { rows: lines } = await view.json<RemixSharesResponse>();
    expect(lines.find((r) => r.username === entrant.username)).toEqual({
      username: entrant.username,
      currency: "usd",
      sales: 1,
      owedCents: 75,
      takenBackCents: 30,
      netCents: 45,
    });

    const csv = await call(`/api/admin/contests/remix-shares.csv?from=${today}&to=${today}`, { cookie: admin.cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.split("\r\n")[0]).toBe('"Remixer","Currency","Sales","Share owed","Taken back","Net","From","To"');
    expect(text).toContain(`"${entrant.username}","USD","1","0.75","0.30","0.45","${today}","${today}"`);
    expect(text).toContain(`"'=SUM(${coAuthor.id.slice(0, 4)})","USD","1","0.74","0.29","0.45"`);
    const audits = await rows<{ actor_id: string; summary: string }>(
      "SELECT actor_id, summary FROM audit_log WHERE action = 'contest.remix_shares_export' ORDER BY id DESC LIMIT 1",
    );
    expect(audits[0]!.actor_id).toBe(admin.id);
    expect(JSON.parse(audits[0]!.summary).after).toMatchObject({ from: today, to: today });
  }, 30_000);

  it("is the admin's only: a visitor and a banned member 401, a member 403; a bad period 400", async () => {
    for (const path of ["/api/admin/contests/remix-shares", "/api/admin/contests/remix-shares.csv"]) {
      const cases: [string | undefined, number, string][] = [
        [undefined, 401, "unauthorized"],
        [(await userOfRole("banned")).cookie, 401, "unauthorized"],
        [(await userOfRole("member")).cookie, 403, "admin_required"],
      ];
      for (const [cookie, status, code] of cases) {
        const res = await call(path, { cookie });
        expect([res.status, (await errorOf(res)).code]).toEqual([status, code]);
      }
      for (const query of ["?from=2026-02-30&to=2026-03-01", "?from=2026-03-02&to=2026-03-01", "?from=yesterday"]) {
        const res = await call(`${path}${query}`, { cookie: admin.cookie });
        expect([res.status, (await errorOf(res)).code], query).toEqual([400, "contest_shares_period_invalid"]);
      }
    }
  });
});
