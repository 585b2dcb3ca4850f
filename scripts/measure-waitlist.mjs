#!/usr/bin/env node
// The waitlist's race (decision 185), on a throwaway Worker of its own (`wrangler dev` on a free
// loopback port, a fresh local state, local payments mode, local mail and queue). Figures, not a
// pass/fail: it prints what it counted and asserts nothing.
//
// Seeds a published show whose one type sold its --returns tickets to --returns holders (each order
// paid through a local payment, so the seller's refund finds the charge), and --waitlisters members
// with live sessions. Then, through the Worker's routes: every waitlister joins the type's list
// (--concurrency at a time); every holder hands the ticket back at once; every member offered a
// ticket opens the claim's checkout at once; and each claim's payment (the provider's signed
// checkout.session.completed) is delivered twice at once, all claims together. It reports the
// claims, tickets issued, sellers refunded (and refund rows), double charges, anyone charged
// without a ticket, the time from a return to its offer's notification (p50/p95: the return's
// `listed_at` to the notification centre's row, both the Worker's clock) and the hand back's
// answer, and the machine's load average.
// Usage: node scripts/measure-waitlist.mjs [--waitlisters 1000] [--returns 50] [--concurrency 25]
import { parseArgs } from "node:util";
import { loadavg } from "node:os";
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { percentile, positiveInt, printTable } from "./lib/measure.mjs";
import { executeSql, freshMeasureState, frozenWorkerConfig, seedMembersWithSessions, startWorker } from "./lib/measure-worker.mjs";
import { wrangler } from "./lib/wrangler.mjs";

const { values } = parseArgs({
  options: {
    waitlisters: { type: "string", default: "1000" },
    returns: { type: "string", default: "50" },
    concurrency: { type: "string", default: "25" },
  },
});
const waitlisters = positiveInt("waitlisters", values.waitlisters, 20_000);
const returns = positiveInt("returns", values.returns, 1_000);
const concurrency = positiveInt("concurrency", values.concurrency, 200);
const PRICE = 2500;
const POLL_MS = 250;
const SETTLE_MS = 120_000;

const jsonOf = (output) => JSON.parse(output.slice(output.indexOf("[")));
const fmt = (ms) => (Number.isFinite(ms) ? ms.toFixed(0) : "-");
const loads = (l) => l.map((n) => n.toFixed(2)).join(", ");

/** `work` over `items`, `size` at a time, in order of start. */
async function inBatches(items, size, work) {
  const results = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return results;
}

function seedSql({ eventId, typeId, holders, now }) {
  const lines = [
    `INSERT INTO events (id, title, event_date, time_zone, status, source, venue_name, venue_city, venue_country, venue_capacity, currency, tickets_taken, created_at, updated_at)
     VALUES ('${eventId}', 'Waitlist measure show', ${now + 30 * 86_400_000}, 'America/New_York', 'published', 'custom', 'Measure Hall', 'Miami', 'USA', ${returns}, 'USD', ${returns}, ${now}, ${now});`,
    `INSERT INTO ticket_types (id, event_id, name, name_pt_br, price_cents, quantity, remaining, per_order_limit) VALUES ('${typeId}', '${eventId}', 'General', 'Pista', ${PRICE}, ${returns}, 0, 4);`,
  ];
  holders.forEach((holder, i) => {
    const order = `measure-seller-${String(i).padStart(5, "0")}`;
    const email = `${holder.username}@measure.example`;
    lines.push(
      `INSERT INTO store_checkouts (id, provider_session_id, mode, email, locale, currency, subtotal_cents, total_cents, status, expires_at, created_at, updated_at) VALUES ('${order}-c', 'cs_measure_${i}', 'local', '${email}', 'en', 'usd', ${PRICE}, ${PRICE}, 'paid', ${now}, ${now}, ${now});`,
      `INSERT INTO orders (id, number, checkout_id, user_id, email, locale, currency, subtotal_cents, total_cents, status, payment_intent_id, paid_at, created_at, updated_at) VALUES ('${order}', ${200_000 + i}, '${order}-c', '${holder.id}', '${email}', 'en', 'usd', ${PRICE}, ${PRICE}, 'paid', 'pi_measure_seller_${i}', ${now}, ${now}, ${now});`,
      `INSERT INTO event_tickets (id, code, order_id, event_id, ticket_type_id, type_name, price_cents, currency, buyer_user_id, buyer_email, owner_user_id, owner_email) VALUES ('${holder.ticketId}', 'TKT-W${String(i).padStart(3, "0")}-${randomBytes(2).toString("hex").toUpperCase()}', '${order}', '${eventId}', '${typeId}', 'General', ${PRICE}, 'usd', '${holder.id}', '${email}', '${holder.id}', '${email}');`,
    );
  });
  lines.push(`UPDATE users SET email_verified_at = ${now} WHERE email LIKE '%@measure.example';`);
  return `${lines.join("\n")}\n`;
}

/** The provider's header over `raw`, as Stripe signs (the local secret stands for the webhook's). */
function signatureFor(raw, secret) {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${raw}`).digest("hex")}`;
}

/** The verified payment of an offer's checkout, as the provider would send it. */
function paidEvent(offer, i) {
  return JSON.stringify({
    id: `evt_measure_${offer.id}`,
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: `cs_measure_claim_${i}`,
        object: "checkout.session",
        mode: "payment",
        status: "complete",
        payment_status: "paid",
        payment_intent: `pi_measure_claim_${i}`,
        amount_total: offer.total_cents,
        currency: "usd",
        client_reference_id: `wl_${offer.id}`,
        metadata: { checkout_id: `wl_${offer.id}` },
        customer_details: { email: "buyer@measure.example", name: null },
      },
    },
  });
}

async function main() {
  const { persistTo, workDir } = await freshMeasureState("measure-waitlist");
  const query = async (sql) => jsonOf(await wrangler(["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json", "--command", sql]))[0].results;
  const eventId = randomUUID();
  const typeId = randomUUID();
  const fans = await seedMembersWithSessions(persistTo, workDir, waitlisters, "wl_fan");
  const holders = (await seedMembersWithSessions(persistTo, workDir, returns, "wl_seller")).map((m) => ({ ...m, ticketId: randomUUID() }));
  await executeSql(persistTo, workDir, "seed.sql", seedSql({ eventId, typeId, holders, now: Date.now() }));
  const secret = randomBytes(32).toString("base64url");
  const config = await frozenWorkerConfig(workDir, "worker/index.ts");
  const worker = await startWorker(persistTo, workDir, { config, vars: { LOCAL_PAYMENTS_SECRET: secret } });
  const { origin } = worker;
  const send = (path, { cookie, json, method = "POST", headers = {} } = {}) =>
    fetch(`${origin}${path}`, {
      method,
      headers: { origin, "content-type": "application/json", ...(cookie ? { cookie } : {}), ...headers },
      ...(json === undefined ? {} : { body: typeof json === "string" ? json : JSON.stringify(json) }),
    });
  const statuses = (answers) =>
    Object.entries(Object.groupBy(answers, (a) => String(a.status)))
      .map(([s, list]) => `${s}×${list.length}`)
      .join(", ");

  try {
    const loadBefore = loadavg();

    const joinStarted = performance.now();
    const joins = await inBatches(fans, concurrency, async (fan) => {
      const res = await send("/api/waitlist/places", { cookie: fan.cookie, json: { ticketTypeId: typeId, quantity: 1 } });
      await res.arrayBuffer();
      return { status: res.status };
    });
    const joinMs = performance.now() - joinStarted;

    const returnStarted = performance.now();
    const handBacks = await Promise.all(
      holders.map(async (holder) => {
        const started = performance.now();
        const res = await send("/api/waitlist/returns", { cookie: holder.cookie, json: { ticketId: holder.ticketId } });
        await res.arrayBuffer();
        return { status: res.status, ms: performance.now() - started };
      }),
    );
    const returnMs = performance.now() - returnStarted;

    const offers = await query(
      `SELECT id, user_id, total_cents FROM waitlist_offers WHERE ticket_type_id = '${typeId}' AND status = 'offered' ORDER BY created_at`,
    );
    // The notification centre's rows come from the queue's consumer: wait for one per offer.
    const settleStarted = performance.now();
    let notified = 0;
    while (performance.now() - settleStarted < SETTLE_MS) {
      [{ n: notified }] = await query(
        `SELECT count(*) AS n FROM notifications WHERE event_id IN (SELECT 'waitlist_offer:' || id FROM waitlist_offers WHERE ticket_type_id = '${typeId}')`,
      );
      if (notified >= offers.length) break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }

    const cookieOf = new Map(fans.map((f) => [f.id, f.cookie]));
    const checkouts = await Promise.all(
      offers.map(async (offer) => {
        const res = await send(`/api/waitlist/offers/${offer.id}/checkout`, { cookie: cookieOf.get(offer.user_id) });
        await res.arrayBuffer();
        return { status: res.status };
      }),
    );

    const payStarted = performance.now();
    const deliveries = await Promise.all(
      offers.flatMap((offer, i) => {
        const raw = paidEvent(offer, i);
        return [raw, raw].map(async (body) => {
          const res = await send("/api/stripe/webhook", { json: body, headers: { "stripe-signature": signatureFor(body, secret) } });
          const answer = await res.json().catch(() => ({}));
          return { status: res.status, outcome: answer.outcome ?? `http ${res.status}` };
        });
      }),
    );
    const payMs = performance.now() - payStarted;

    // Each seller's refund is asked after the answer: wait until every sold return's seller has it.
    const sellerOrders = `SELECT seller_order_id FROM ticket_returns WHERE ticket_type_id = '${typeId}' AND status = 'sold'`;
    const refundWait = performance.now();
    for (;;) {
      const [{ sold, refunded }] = await query(
        `SELECT (SELECT count(*) FROM (${sellerOrders})) AS sold, (SELECT count(*) FROM orders WHERE id IN (${sellerOrders}) AND refunded_cents > 0) AS refunded`,
      );
      if (refunded >= sold || performance.now() - refundWait > SETTLE_MS) break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const loadAfter = loadavg();

    const claimOrders = `SELECT id FROM orders WHERE checkout_id IN (SELECT 'wl_' || id FROM waitlist_offers WHERE ticket_type_id = '${typeId}')`;
    const [figures] = await query(
      `SELECT
         (SELECT count(*) FROM waitlist_places WHERE ticket_type_id = '${typeId}') AS places,
         (SELECT count(*) FROM waitlist_offers WHERE ticket_type_id = '${typeId}') AS offers,
         (SELECT count(*) FROM waitlist_offers WHERE ticket_type_id = '${typeId}' AND status = 'claimed') AS claims,
         (SELECT count(*) FROM (${claimOrders})) AS claim_orders,
         (SELECT count(*) FROM event_tickets WHERE order_id IN (${claimOrders})) AS tickets_issued,
         (SELECT count(*) FROM ticket_returns WHERE ticket_type_id = '${typeId}' AND status = 'sold') AS returns_sold,
         (SELECT count(*) FROM orders WHERE id IN (${sellerOrders}) AND refunded_cents = ${PRICE}) AS sellers_refunded,
         (SELECT count(*) FROM orders WHERE id IN (${sellerOrders}) AND refunded_cents > ${PRICE}) AS sellers_refunded_twice,
         (SELECT count(*) FROM revenue_entries WHERE order_id IN (${sellerOrders}) AND amount_cents < 0) AS refund_rows,
         (SELECT count(*) FROM (SELECT checkout_id FROM orders WHERE id IN (${claimOrders}) GROUP BY checkout_id HAVING count(*) > 1)) AS double_orders,
         (SELECT count(*) FROM waitlist_offers WHERE ticket_type_id = '${typeId}' AND late_paid_cents > 0) AS late_payments,
         (SELECT count(*) FROM orders o WHERE o.id IN (${claimOrders})
            AND NOT EXISTS (SELECT 1 FROM event_tickets t WHERE t.order_id = o.id AND t.owner_user_id = o.user_id AND t.status = 'valid')) AS charged_without_ticket,
         (SELECT remaining FROM ticket_types WHERE id = '${typeId}') AS remaining,
         (SELECT tickets_taken FROM events WHERE id = '${eventId}') AS tickets_taken`,
    );
    const waits = (
      await query(
        `SELECT n.created_at - r.listed_at AS ms FROM ticket_returns r
           JOIN waitlist_offer_items i ON i.return_id = r.id
           JOIN notifications n ON n.event_id = 'waitlist_offer:' || i.offer_id
          WHERE r.ticket_type_id = '${typeId}'`,
      )
    )
      .map((row) => row.ms)
      .sort((a, b) => a - b);
    const answers = handBacks.map((h) => h.ms).sort((a, b) => a - b);

    console.log(`\nWaitlist race, local payments provider: ${waitlisters} waitlisters, ${returns} tickets handed back at once, $${PRICE / 100} each`);
    printTable(
      ["step", "answers", "wall ms"],
      [
        [`joins (${concurrency} at a time)`, statuses(joins), fmt(joinMs)],
        ["hand backs, all at once", statuses(handBacks), fmt(returnMs)],
        ["claim checkouts, all at once", statuses(checkouts), "-"],
        [
          "payments, each delivered twice at once",
          Object.entries(Object.groupBy(deliveries, (d) => d.outcome))
            .map(([o, l]) => `${o}×${l.length}`)
            .join(", "),
          fmt(payMs),
        ],
      ],
    );
    console.log("");
    printTable(
      ["", "count"],
      [
        ["places on the list", String(figures.places)],
        ["offers made", String(figures.offers)],
        ["offers notified (notification centre)", String(notified)],
        ["claims", String(figures.claims)],
        ["claim orders", String(figures.claim_orders)],
        ["tickets issued", String(figures.tickets_issued)],
        ["returns sold", String(figures.returns_sold)],
        ["sellers refunded once (face value)", String(figures.sellers_refunded)],
        ["sellers refunded more than once", String(figures.sellers_refunded_twice)],
        ["refund rows in the ledger", String(figures.refund_rows)],
        ["double charges (offers with two orders)", String(figures.double_orders)],
        ["payments that claimed nothing (refunded whole)", String(figures.late_payments)],
        ["charged without a ticket", String(figures.charged_without_ticket)],
        ["type's remaining / event's tickets taken", `${figures.remaining} / ${figures.tickets_taken}`],
      ],
    );
    console.log("");
    printTable(
      ["", "n", "p50 ms", "p95 ms", "max ms"],
      [
        ["return → its offer's notification", String(waits.length), fmt(percentile(waits, 50)), fmt(percentile(waits, 95)), fmt(waits.at(-1) ?? Number.NaN)],
        [
          "hand back's answer (offer made inside)",
          String(answers.length),
          fmt(percentile(answers, 50)),
          fmt(percentile(answers, 95)),
          fmt(answers.at(-1) ?? Number.NaN),
        ],
      ],
    );
    console.log(`\nLoad average (1, 5, 15 min): before ${loads(loadBefore)}; after ${loads(loadAfter)}`);
  } finally {
    await worker.stop();
  }
}

await main();
