#!/usr/bin/env node
// How long a membership's events take to apply, on the local test checkout (decisions 089, 098):
// each step below is one request whose answer comes after the Worker applied the events it makes
// (the same verified-event path the live webhook takes), timed from the client, round after round
// on demo members who start free and end free again:
//   join VIP (open the checkout, then Pay: checkout.session.completed, customer.subscription.created,
//   invoice.paid), the upgrade's preview, the upgrade to Inner Circle (customer.subscription.updated,
//   invoice.paid with the prorated amount), the downgrade back to VIP (scheduled, no event), the
//   renewal that applies it (the test clock: customer.subscription.updated, invoice.paid), and the
//   end (customer.subscription.deleted).
// Figures, not a pass/fail. The checkout is limited to 10 an hour per member, so each member makes
// at most 8 rounds; the local demo seed's free members take turns.
// Usage: node scripts/measure-membership-events.mjs [--url http://127.0.0.1:8787] [--rounds 8]
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { loopbackOrigin, percentile, positiveInt, printTable, signInDemo } from "./lib/measure.mjs";

const { values } = parseArgs({ options: { url: { type: "string", default: "http://127.0.0.1:8787" }, rounds: { type: "string", default: "8" } } });
const origin = loopbackOrigin(values.url, "measure");
const rounds = positiveInt("rounds", values.rounds, 16);
const MEMBERS = ["fan", "maria"];

async function send(cookie, method, path, body) {
  const started = performance.now();
  const res = await fetch(origin + path, {
    method,
    headers: { cookie, origin, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return { ms, json: text ? JSON.parse(text) : null };
}

async function round(cookie, times) {
  const step = async (name, method, path, body) => {
    const { ms, json } = await send(cookie, method, path, body);
    times.set(name, [...(times.get(name) ?? []), ms]);
    return json;
  };
  const { url } = await step("open the VIP checkout", "POST", "/api/payments/checkout", { plan: "monthly" });
  const sessionId = new URL(url, origin).searchParams.get("session");
  await step("pay: VIP starts (3 events)", "POST", `/api/payments/local/checkout/${sessionId}/pay`);
  const change = { tierId: "inner-circle", plan: "monthly" };
  await step("preview the upgrade", "POST", "/api/payments/subscription/change/preview", change);
  await step("upgrade to Inner Circle now (2 events)", "POST", "/api/payments/subscription/change", change);
  await step("downgrade to VIP at the period's end", "POST", "/api/payments/subscription/change", { tierId: "vip", plan: "monthly" });
  await step("renewal applies it (2 events)", "POST", "/api/payments/local/subscription/renew");
  await step("end now: back to free (1 event)", "POST", "/api/payments/local/subscription/end-now");
}

async function main() {
  const members = [];
  for (const key of MEMBERS) members.push(await signInDemo(origin, key));
  const times = new Map();
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(" ");
  const loadAtStart = load();
  for (let i = 0; i < rounds; i++) await round(members[i % members.length].cookie, times);
  console.log(`Load average at the start: ${loadAtStart}; at the end: ${load()}`);
  console.log(`${rounds} rounds, one request at a time, through ${origin} (wrangler dev), demo members ${MEMBERS.join(" and ")} in turn.\n`);
  const rows = [...times].map(([name, ms]) => {
    const sorted = [...ms].sort((a, b) => a - b);
    return [name, percentile(sorted, 50).toFixed(1), percentile(sorted, 95).toFixed(1), sorted.at(-1).toFixed(1)];
  });
  printTable(["step (one request, its events applied before it answers)", "p50 ms", "p95 ms", "max ms"], rows);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
