#!/usr/bin/env node
// Two store checkout figures (decision 054), on a throwaway Worker of its own (`wrangler dev` on a
// free loopback port, a fresh local state, local payments mode). Figures, not a pass/fail.
//
// 1. Checkout session creation: --runs sequential POST /api/store/checkout of a guest's cart (a
//    shirt with shipping and a download, a limited promotion code), each pricing the cart,
//    reserving its stock in one batch and opening the local session; the time to the answer.
// 2. Reservation throughput: --buyers guests at once for the last --stock shirts, --rounds times:
//    the time from the first request to the last answer, answers and reservations per second, and
//    that exactly --stock were reserved (the rest 409 sold_out) with the stock at 0.
// The per-address checkout limit (30 an hour) is cleared between phases by restarting the Worker
// on a state whose rate_limits rows are emptied; no other state is shared between rounds.
// Usage: node scripts/measure-store-checkout.mjs [--runs 25] [--buyers 20] [--stock 5] [--rounds 3]
import { parseArgs } from "node:util";
import { randomUUID } from "node:crypto";
import { percentile, positiveInt, printTable } from "./lib/measure.mjs";
import { executeSql, freshMeasureState, frozenWorkerConfig, startWorker } from "./lib/measure-worker.mjs";
import { wrangler } from "./lib/wrangler.mjs";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "25" },
    buyers: { type: "string", default: "20" },
    stock: { type: "string", default: "5" },
    rounds: { type: "string", default: "3" },
  },
});
const runs = positiveInt("runs", values.runs, 29);
const buyers = positiveInt("buyers", values.buyers, 29);
const stock = positiveInt("stock", values.stock, 1000);
const rounds = positiveInt("rounds", values.rounds, 20);

/** wrangler's --json answer, past any warning it printed first. */
const jsonOf = (output) => JSON.parse(output.slice(output.indexOf("[")));
const q = (text) => `'${String(text).replaceAll("'", "''")}'`;
const fmt = (ms) => ms.toFixed(1);

function productSql(id, { kind, usd, stock: units, albumId = null }) {
  const lines = [
    `INSERT INTO products (id, slug, kind, state, title, price_usd_cents, price_brl_cents, album_id, weight_class) VALUES (${q(id)}, ${q(id)}, ${q(kind)}, 'live', ${q(`Measure ${kind}`)}, ${usd}, ${usd * 5}, ${albumId ? q(albumId) : "NULL"}, ${kind === "merch" ? "'standard'" : "NULL"});`,
  ];
  if (units !== undefined)
    lines.push(`INSERT INTO product_variants (id, product_id, sku, size, stock) VALUES (${q(`${id}-m`)}, ${q(id)}, ${q(`SKU-${id}`)}, 'M', ${units});`);
  return lines.join("\n");
}

/**
 * A guest checkout passes the bot check (decision 090): the local verifier's token, fetched from the
 * loopback-only dev route before the timed request, as the browser's widget fetches it beforehand.
 */
async function botCheckToken(origin) {
  const res = await fetch(`${origin}/api/dev/bot-check/guest_checkout`);
  if (res.status !== 200) throw new Error(`the local bot check answered ${res.status}`);
  return (await res.json()).token;
}

const checkout = (origin, body, token) =>
  fetch(`${origin}/api/store/checkout`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, "x-bot-check": token },
    body: JSON.stringify({ currency: "usd", email: `buyer-${randomUUID().slice(0, 8)}@measure.example`, ...body }),
  });

async function creationTimes(origin) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const token = await botCheckToken(origin);
    const started = performance.now();
    const res = await checkout(
      origin,
      {
        lines: [
          { productId: "measure-shirt", variantId: "measure-shirt-m", quantity: 1, amountCents: null },
          { productId: "measure-album", variantId: null, quantity: 1, amountCents: null },
        ],
        promoCode: "MEASURE10",
        shippingCountry: "BR",
      },
      token,
    );
    const body = await res.json();
    times.push(performance.now() - started);
    if (res.status !== 200 || !String(body.url).startsWith("/store/checkout/test?session="))
      throw new Error(`checkout answered ${res.status}: ${JSON.stringify(body)}`);
  }
  return times.sort((a, b) => a - b);
}

async function race(origin, round) {
  const variantId = `measure-race-${round}-m`;
  // A quote first (no stock taken, no limit counted), so the race does not time the Worker's cold start.
  await fetch(`${origin}/api/store/quote`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ currency: "usd", lines: [{ productId: `measure-race-${round}`, variantId, quantity: 1, amountCents: null }] }),
  });
  const tokens = await Promise.all(Array.from({ length: buyers }, () => botCheckToken(origin)));
  const started = performance.now();
  const answers = await Promise.all(
    tokens.map((token) =>
      checkout(origin, { lines: [{ productId: `measure-race-${round}`, variantId, quantity: 1, amountCents: null }], shippingCountry: "US" }, token).then(
        async (res) => ({
          status: res.status,
          code: res.status === 200 ? null : (await res.json()).error?.code,
        }),
      ),
    ),
  );
  const wallMs = performance.now() - started;
  const reserved = answers.filter((a) => a.status === 200).length;
  const soldOut = answers.filter((a) => a.status === 409 && a.code === "sold_out").length;
  return { wallMs, reserved, soldOut, other: buyers - reserved - soldOut };
}

async function main() {
  const { persistTo, workDir } = await freshMeasureState("measure-store-checkout");
  const seed = [
    productSql("measure-shirt", { kind: "merch", usd: 2500, stock: 100_000 }),
    productSql("measure-album", { kind: "digital", usd: 900, albumId: "freestyle-nights" }),
    `INSERT INTO promo_codes (code, percent_off, max_uses) VALUES ('MEASURE10', 10, 100000);`,
    ...Array.from({ length: rounds }, (_, r) => productSql(`measure-race-${r}`, { kind: "merch", usd: 2500, stock })),
  ];
  await executeSql(persistTo, workDir, "store.sql", `${seed.join("\n")}\n`);
  const config = await frozenWorkerConfig(workDir, "worker/index.ts");

  /** A Worker on the state with the per-address limits emptied (one address: 127.0.0.1). */
  async function withFreshLimits(run) {
    await executeSql(persistTo, workDir, "limits.sql", "DELETE FROM rate_limits;\n");
    const worker = await startWorker(persistTo, workDir, { config });
    try {
      return await run(worker.origin);
    } finally {
      await worker.stop();
    }
  }

  // One request first, so the first timed one is not the Worker's cold start.
  const times = await withFreshLimits(async (origin) => {
    await checkout(origin, { lines: [{ productId: "measure-album", variantId: null, quantity: 1, amountCents: null }] }, await botCheckToken(origin));
    return creationTimes(origin);
  });
  console.log(`\nCheckout session creation (local mode), ${runs} sequential guest checkouts: shirt + download, code, shipping to BR`);
  printTable(["", "p50 ms", "p95 ms", "max ms"], [["POST /api/store/checkout", fmt(percentile(times, 50)), fmt(percentile(times, 95)), fmt(times.at(-1))]]);

  const results = [];
  for (let r = 0; r < rounds; r++) results.push(await withFreshLimits((origin) => race(origin, r)));
  console.log(`\nReservation throughput: ${buyers} buyers at once for the last ${stock} shirts, ${rounds} round(s)`);
  printTable(
    ["round", "wall ms", "answers/s", "reserved", "sold_out", "other", "reservations/s"],
    results.map((x, r) => [
      String(r + 1),
      fmt(x.wallMs),
      (buyers / (x.wallMs / 1000)).toFixed(0),
      String(x.reserved),
      String(x.soldOut),
      String(x.other),
      (x.reserved / (x.wallMs / 1000)).toFixed(0),
    ]),
  );
  const stockLeft = jsonOf(
    await wrangler([
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      persistTo,
      "--json",
      "--command",
      "SELECT id, stock FROM product_variants WHERE id LIKE 'measure-race-%' ORDER BY id",
    ]),
  )[0].results;
  console.log(`Stock left after the races: ${stockLeft.map((v) => v.stock).join(", ")}`);
  const bad =
    results.filter((x) => x.reserved !== Math.min(stock, buyers) || x.other !== 0).length +
    stockLeft.filter((v) => v.stock !== Math.max(0, stock - buyers)).length;
  console.log(
    bad === 0 ? `Every round: exactly ${Math.min(stock, buyers)} reserved, the rest sold_out, the stock never below 0.` : `${bad} check(s) did not hold!`,
  );
  if (bad) process.exitCode = 1;
}

await main();
