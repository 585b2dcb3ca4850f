#!/usr/bin/env node
// The cancellation job's refunds per second (decision 055, part "cancel"), on a throwaway Worker of
// its own (`wrangler dev` on a free loopback port, a fresh local state, local payments mode, local
// mail and queue). Figures, not a pass/fail.
//
// Seeds a published event with --orders paid orders of --tickets tickets each (every order with a
// local payment), then, as an administrator: GET the preview, POST /cancel with the buyers it
// showed, and polls the preview until the job says it finished. Reports the time from the cancel to
// the end, the refunds per second, what the job counted and the machine's load average, and checks
// that every order was refunded once (one refund row each) and every ticket ended `cancelled`.
// Usage: node scripts/measure-cancellation.mjs [--orders 500] [--tickets 2]
import { parseArgs } from "node:util";
import { loadavg } from "node:os";
import { randomUUID } from "node:crypto";
import { positiveInt, printTable } from "./lib/measure.mjs";
import { executeSql, freshMeasureState, frozenWorkerConfig, startWorker } from "./lib/measure-worker.mjs";
import { wrangler } from "./lib/wrangler.mjs";

const { values } = parseArgs({ options: { orders: { type: "string", default: "500" }, tickets: { type: "string", default: "2" } } });
const orders = positiveInt("orders", values.orders, 20_000);
const perOrder = positiveInt("tickets", values.tickets, 10);
const PRICE = 2500;
const POLL_MS = 100;
const TIMEOUT_MS = 30 * 60 * 1000;

const jsonOf = (output) => JSON.parse(output.slice(output.indexOf("[")));

function seedSql(eventId, typeId, now) {
  const lines = [
    `INSERT INTO events (id, title, event_date, time_zone, status, source, venue_name, venue_city, venue_country, venue_capacity, currency, tickets_taken, created_at, updated_at)
     VALUES ('${eventId}', 'Measure show', ${now + 30 * 86_400_000}, 'America/New_York', 'published', 'custom', 'Measure Hall', 'Miami', 'USA', ${orders * perOrder}, 'USD', ${orders * perOrder}, ${now}, ${now});`,
    `INSERT INTO ticket_types (id, event_id, name, price_cents, quantity, remaining) VALUES ('${typeId}', '${eventId}', 'General', ${PRICE}, ${orders * perOrder}, 0);`,
  ];
  for (let i = 0; i < orders; i++) {
    const order = `measure-order-${String(i).padStart(6, "0")}`;
    const email = `buyer-${i}@measure.example`;
    const locale = i % 3 === 0 ? "pt-BR" : "en";
    const total = PRICE * perOrder;
    lines.push(
      `INSERT INTO store_checkouts (id, provider_session_id, mode, email, locale, currency, subtotal_cents, total_cents, status, expires_at, created_at, updated_at) VALUES ('${order}-c', 'cs_measure_${i}', 'local', '${email}', '${locale}', 'usd', ${total}, ${total}, 'paid', ${now}, ${now}, ${now});`,
      `INSERT INTO orders (id, number, checkout_id, email, locale, currency, subtotal_cents, total_cents, status, payment_intent_id, paid_at, created_at, updated_at) VALUES ('${order}', ${100_000 + i}, '${order}-c', '${email}', '${locale}', 'usd', ${total}, ${total}, 'paid', 'pi_measure_${i}', ${now}, ${now}, ${now});`,
    );
    for (let t = 0; t < perOrder; t++) {
      lines.push(
        `INSERT INTO event_tickets (id, code, order_id, event_id, ticket_type_id, type_name, price_cents, currency, buyer_email, owner_email) VALUES ('${randomUUID()}', 'TKT-M${String(i).padStart(3, "0").slice(-3)}-${String(t).padStart(2, "0")}${String(Math.floor(i / 1000)).padStart(2, "0")}', '${order}', '${eventId}', '${typeId}', 'General', ${PRICE}, 'usd', '${email}', '${email}');`,
      );
    }
  }
  return `${lines.join("\n")}\n`;
}

async function main() {
  const { persistTo, workDir, adminCookie } = await freshMeasureState("measure-cancellation");
  const eventId = randomUUID();
  const typeId = randomUUID();
  await executeSql(persistTo, workDir, "seed.sql", seedSql(eventId, typeId, Date.now()));
  const config = await frozenWorkerConfig(workDir, "worker/index.ts");
  const worker = await startWorker(persistTo, workDir, { config });
  const headers = { cookie: adminCookie, origin: worker.origin, "content-type": "application/json" };
  const previewOf = async () => {
    const res = await fetch(`${worker.origin}/api/admin/events/${eventId}/cancellation`, { headers });
    if (!res.ok) throw new Error(`preview answered ${res.status}: ${await res.text()}`);
    return (await res.json()).cancellation;
  };
  try {
    const before = await previewOf();
    const loadBefore = loadavg();
    const started = performance.now();
    const res = await fetch(`${worker.origin}/api/admin/events/${eventId}/cancel`, {
      method: "POST",
      headers,
      body: JSON.stringify({ confirmBuyers: before.buyers }),
    });
    if (!res.ok) throw new Error(`cancel answered ${res.status}: ${await res.text()}`);
    const answeredMs = performance.now() - started;
    let after = await previewOf();
    while (!after.job?.finishedAt) {
      if (performance.now() - started > TIMEOUT_MS) throw new Error(`the job did not finish: ${JSON.stringify(after.job)}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      after = await previewOf();
    }
    const wallMs = performance.now() - started;
    const loadAfter = loadavg();
    const job = after.job;
    console.log(
      `\nCancellation job, local payments provider: ${before.buyers} orders, ${before.tickets} tickets, refund total $${(before.refunds[0]?.amountCents ?? 0) / 100}`,
    );
    printTable(
      ["", "cancel answer ms", "to the end ms", "refunded", "failed", "mails", "refunds/s"],
      [
        [
          "POST /cancel → finished",
          answeredMs.toFixed(0),
          wallMs.toFixed(0),
          String(job.ordersRefunded),
          String(job.ordersFailed),
          String(job.mailsSent),
          (job.ordersRefunded / (wallMs / 1000)).toFixed(1),
        ],
      ],
    );
    console.log(
      `Load average (1, 5, 15 min): before ${loadBefore.map((n) => n.toFixed(2)).join(", ")}; after ${loadAfter.map((n) => n.toFixed(2)).join(", ")}`,
    );
    const check = jsonOf(
      await wrangler([
        "d1",
        "execute",
        "DB",
        "--local",
        "--persist-to",
        persistTo,
        "--json",
        "--command",
        `SELECT (SELECT count(*) FROM orders WHERE status = 'refunded' AND id LIKE 'measure-order-%') AS refunded_orders,
                (SELECT count(*) FROM revenue_entries WHERE ref LIKE 'refund:%' AND order_id LIKE 'measure-order-%') AS refund_rows,
                (SELECT count(*) FROM event_tickets WHERE event_id = '${eventId}' AND status = 'cancelled') AS cancelled_tickets`,
      ]),
    )[0].results[0];
    const ok = check.refunded_orders === orders && check.refund_rows === orders && check.cancelled_tickets === orders * perOrder && job.ordersFailed === 0;
    console.log(
      ok
        ? `Every order refunded once (${check.refund_rows} refund rows), every ticket cancelled (${check.cancelled_tickets}).`
        : `Check failed: ${JSON.stringify(check)}`,
    );
    if (!ok) process.exitCode = 1;
  } finally {
    await worker.stop();
  }
}

await main();
