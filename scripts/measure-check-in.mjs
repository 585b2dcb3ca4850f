#!/usr/bin/env node
// The door's figure (decision 055): the time POST /api/check-in takes to answer a ticket's scan, on
// a throwaway Worker of its own (`wrangler dev` on a free loopback port, a fresh local state).
// Figures, not a pass/fail (but every scan must answer `valid`).
//
// --tickets tickets of one published in-person event are issued straight into D1 (one paid order);
// half are read by their QR token, half by their typed code (TKT-XXXX-XXXX), each once, sequentially,
// interleaved with GET /api/config (the cheapest API answer) so both see the same moments of the
// machine's load. Prints p50/p95/max of each and the check-in's time as a share of /api/config's.
// The reads are spread over door-staff members so none passes the per-staff limit (120 a minute).
// Usage: node scripts/measure-check-in.mjs [--tickets 300]
import { randomBytes, randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { SignJWT } from "jose";
import { percentile, positiveInt, printTable } from "./lib/measure.mjs";
import { executeSql, freshMeasureState, frozenWorkerConfig, seedMembersWithSessions, startWorker } from "./lib/measure-worker.mjs";

const { values } = parseArgs({ options: { tickets: { type: "string", default: "300" } } });
const tickets = positiveInt("tickets", values.tickets, 5000);
/** Reads one staff member makes in the run: under RATE_LIMITS.checkInsPerStaff's 120 a minute. */
const READS_PER_STAFF = 100;
const fmt = (ms) => ms.toFixed(1);

// The token as worker/lib/ticket-token.ts signs it (audience "event-ticket", claims evt and v).
const signTicketToken = (secret, ticketId, eventId) =>
  new SignJWT({ evt: eventId, v: 1 })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(ticketId)
    .setAudience("event-ticket")
    .setIssuedAt()
    .sign(new TextEncoder().encode(secret));

const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const used = new Set();
function ticketCode() {
  for (;;) {
    const body = Array.from(randomBytes(8), (b) => ALPHABET[b % ALPHABET.length]).join("");
    const code = `TKT-${body.slice(0, 4)}-${body.slice(4)}`;
    if (!used.has(code)) return (used.add(code), code);
  }
}

function seedSql(eventId, typeId, list, now) {
  const checkoutId = randomUUID();
  const orderId = randomUUID();
  const total = 2500 * list.length;
  const lines = [
    `INSERT INTO events (id, title, event_date, time_zone, status, source, venue_name, venue_city, venue_capacity, currency, tickets_taken, created_at, updated_at)
     VALUES ('${eventId}', 'Measure show', ${now + 3 * 3_600_000}, 'America/New_York', 'published', 'custom', 'Club', 'Miami', ${list.length + 100}, 'USD', ${list.length}, ${now}, ${now});`,
    `INSERT INTO ticket_types (id, event_id, name, name_pt_br, price_cents, quantity, remaining) VALUES ('${typeId}', '${eventId}', 'General', 'Pista', 2500, ${list.length + 100}, 100);`,
    `INSERT INTO store_checkouts (id, provider_session_id, mode, email, locale, currency, subtotal_cents, total_cents, status, expires_at, created_at, updated_at)
     VALUES ('${checkoutId}', 'cs_local_measure', 'local', 'buyer@measure.example', 'en', 'usd', ${total}, ${total}, 'paid', ${now}, ${now}, ${now});`,
    `INSERT INTO orders (id, number, checkout_id, email, locale, currency, subtotal_cents, total_cents, status, paid_at, created_at, updated_at)
     VALUES ('${orderId}', 900001, '${checkoutId}', 'buyer@measure.example', 'en', 'usd', ${total}, ${total}, 'paid', ${now}, ${now}, ${now});`,
  ];
  for (let i = 0; i < list.length; i += 200) {
    const rows = list
      .slice(i, i + 200)
      .map(
        (t, j) =>
          `('${t.id}', '${t.code}', 1, '${orderId}', '${eventId}', '${typeId}', 'General', 2500, 'usd', 'buyer@measure.example', 'buyer@measure.example', 'Holder ${i + j}', 'valid', ${now})`,
      );
    lines.push(
      `INSERT INTO event_tickets (id, code, token_version, order_id, event_id, ticket_type_id, type_name, price_cents, currency, buyer_email, owner_email, holder_name, status, created_at) VALUES ${rows.join(", ")};`,
    );
  }
  return `${lines.join("\n")}\n`;
}

async function timed(run) {
  const started = performance.now();
  const answer = await run();
  return { ms: performance.now() - started, answer };
}

async function main() {
  const [load1, load5] = loadavg();
  console.log(`Load average at start: ${load1.toFixed(2)} (1 min), ${load5.toFixed(2)} (5 min). One shared machine: read the figures as relative.`);
  const { persistTo, workDir } = await freshMeasureState("measure-check-in");
  const secret = randomBytes(32).toString("base64url");
  const now = Date.now();
  const eventId = randomUUID();
  const typeId = randomUUID();
  // One more ticket than measured: the first scan warms the Worker up and is not timed.
  const list = Array.from({ length: tickets + 1 }, () => ({ id: randomUUID(), code: ticketCode() }));
  await executeSql(persistTo, workDir, "tickets.sql", seedSql(eventId, typeId, list, now));
  const staff = await seedMembersWithSessions(persistTo, workDir, Math.ceil((tickets + 1) / READS_PER_STAFF), "measure_door", now);
  await executeSql(persistTo, workDir, "door.sql", `UPDATE users SET is_door_staff = 1 WHERE username LIKE 'measure_door_%';\n`);
  const config = await frozenWorkerConfig(workDir, "worker/index.ts");
  const worker = await startWorker(persistTo, workDir, { config, vars: { SESSION_SECRET: secret } });
  const { origin } = worker;
  let reads = 0;
  const checkIn = async (body) => {
    const cookie = staff[Math.floor(reads++ / READS_PER_STAFF)].cookie;
    const res = await fetch(`${origin}/api/check-in`, {
      method: "POST",
      headers: { "content-type": "application/json", origin, cookie },
      body: JSON.stringify({ eventId, ...body }),
    });
    const answer = await res.json();
    return res.status === 200 ? answer.result : `${res.status} ${answer.error?.code}`;
  };
  const getConfig = async () => (await fetch(`${origin}/api/config`)).status;

  try {
    const [warm, ...measured] = list;
    for (let i = 0; i < 5; i++) await getConfig();
    const first = await checkIn({ token: await signTicketToken(secret, warm.id, eventId) });
    if (first !== "valid") throw new Error(`the warm-up scan answered ${first}`);
    const byToken = [];
    const byCode = [];
    const configTimes = [];
    const wrong = [];
    for (const [i, t] of measured.entries()) {
      const viaToken = i % 2 === 0;
      // Signing happens before the clock starts: the door's phone has the token already.
      const body = viaToken ? { token: await signTicketToken(secret, t.id, eventId) } : { code: t.code.toLowerCase().replaceAll("-", " ") };
      const scan = await timed(() => checkIn(body));
      if (scan.answer !== "valid") wrong.push(scan.answer);
      (viaToken ? byToken : byCode).push(scan.ms);
      const cfg = await timed(getConfig);
      if (cfg.answer !== 200) wrong.push(`config ${cfg.answer}`);
      configTimes.push(cfg.ms);
    }
    const again = await timed(() => checkIn({ code: measured[1]?.code ?? warm.code }));
    for (const times of [byToken, byCode, configTimes]) times.sort((a, b) => a - b);
    const base50 = percentile(configTimes, 50);
    const base95 = percentile(configTimes, 95);
    const row = (name, times) => [
      name,
      String(times.length),
      fmt(percentile(times, 50)),
      fmt(percentile(times, 95)),
      fmt(times.at(-1)),
      `${(percentile(times, 50) / base50).toFixed(1)}x`,
      `${(percentile(times, 95) / base95).toFixed(1)}x`,
    ];
    console.log(`\nTicket check-in at the door (local Worker), ${tickets} tickets each scanned once, sequentially`);
    printTable(
      ["", "scans", "p50 ms", "p95 ms", "max ms", "p50 / config", "p95 / config"],
      [row("QR token", byToken), row("typed code", byCode), row("GET /api/config", configTimes)],
    );
    console.log(`A second scan of a used ticket answered ${again.answer} in ${fmt(again.ms)} ms.`);
    const [end1] = loadavg();
    console.log(`Load average at the end: ${end1.toFixed(2)} (1 min).`);
    if (wrong.length || again.answer !== "already_checked_in") {
      console.log(`${wrong.length} answer(s) were not valid: ${[...new Set(wrong)].join(", ")}`);
      process.exitCode = 1;
    } else console.log("Every scan answered valid, and the second scan already_checked_in.");
  } finally {
    await worker.stop();
  }
}

await main();
