// Local demo only: ~90 days of the revenue ledger (revenue_entries) so /admin/revenue and the
// overview have a history in `npm start`: monthly VIP invoices of a membership that grows and
// loses a few fans, store sales in dollars and reais, and a few refunds. Ledger rows only (no
// orders or subscriptions behind them), each keyed by a fixed `demo:` ref that names its UTC day:
// a rerun the same day inserts nothing (INSERT OR IGNORE), a rerun later adds the days since, and
// a day's rows are the same whenever they are generated (a random source seeded by the date).
import { DAY_MS, HOUR_MS, utcDay, utcDayStart } from "../../worker/lib/time.ts";

export const DEMO_REVENUE_DAYS = 90;
/** The VIP plan's price in wrangler.toml (VIP_PRICE_CENTS, in USD). */
const VIP_CENTS = 999;

/** Small, fast, seedable PRNG (mulberry32), as the demo analytics use. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The demo's paying fans, by the day number (days since 1970) they joined and, for a few, left:
 * 42 from before any window, then one new fan every four days and one leaving every eleven. Fixed
 * on the calendar, so a fan's invoices do not move between seeds.
 */
function member(index) {
  const day = Math.floor(Date.UTC(2026, 0, 1) / DAY_MS);
  if (index < 42) return { joined: day - 400 + index * 7, left: index % 11 === 5 ? day + 30 + index * 3 : null };
  return { joined: day + (index - 42) * 4, left: index % 9 === 0 ? day + (index - 42) * 4 + 75 : null };
}
const MEMBERS = 42 + 400;

/** The store's sales as the demo store prices them: [cents in USD, cents in BRL]. */
const SALES = [
  ["Tour shirt", 2500, 12900],
  ["Vinyl + digital", 3200, 16900],
  ["Digital album", 700, 3500],
  ["Digital album, paid more", 1200, 5000],
  ["Name-your-price single", 300, 1000],
  ["Gift VIP, 3 months", 2997, 14900],
];

const sqlText = (value) => (value == null ? "NULL" : `'${String(value).replaceAll("'", "''")}'`);

/** The rows of one UTC day (instants at or before `now` only): [ref, source, cents, currency, at]. */
function dayRows(dayStart, now) {
  const date = utcDay(dayStart);
  const dayNumber = dayStart / DAY_MS;
  const random = prng(0x5eed ^ dayNumber);
  const rows = [];
  const at = (hourFrom = 0) => dayStart + Math.floor((hourFrom + random() * (24 - hourFrom)) * HOUR_MS);

  // VIP: each fan pays on the day of the month they joined, while a member.
  const dayOfMonth = new Date(dayStart).getUTCDate();
  for (let i = 0; i < MEMBERS; i++) {
    const { joined, left } = member(i);
    if (joined > dayNumber || (left !== null && left <= dayNumber)) continue;
    const billingDay = Math.min(new Date(joined * DAY_MS).getUTCDate(), 28);
    if (billingDay === dayOfMonth) rows.push([`demo:vip:${date}:${i}`, "vip", VIP_CENTS, "usd", at()]);
  }

  // Store: a few sales a day, busier at weekends; one in five in reais; now and then a refund.
  const weekend = [0, 6].includes(new Date(dayStart).getUTCDay());
  const sales = Math.floor(random() * (weekend ? 5 : 3.5));
  for (let n = 0; n < sales; n++) {
    const [, usd, brl] = SALES[Math.floor(random() * SALES.length)];
    const inReais = random() < 0.2;
    const cents = inReais ? brl : usd;
    const currency = inReais ? "brl" : "usd";
    const soldAt = at(8);
    rows.push([`demo:order:${date}:${n}`, "store", cents, currency, soldAt]);
    if (random() < 0.05) rows.push([`demo:refund:${date}:${n}`, "store", -cents, currency, Math.min(soldAt + 6 * HOUR_MS, dayStart + DAY_MS - 1)]);
  }
  return rows.filter((row) => row[4] <= now);
}

/** The ledger rows of the DEMO_REVENUE_DAYS UTC days ending today (today up to `now`). */
export function demoRevenueRows(now = Date.now()) {
  const today = utcDayStart(now);
  const rows = [];
  for (let d = DEMO_REVENUE_DAYS - 1; d >= 0; d--) rows.push(...dayRows(today - d * DAY_MS, now));
  return rows;
}

/** The rows as INSERT OR IGNORE statements, a few hundred rows each. */
export function demoRevenueSql(now = Date.now()) {
  const rows = demoRevenueRows(now);
  const statements = [];
  for (let i = 0; i < rows.length; i += 200) {
    const values = rows
      .slice(i, i + 200)
      .map(([ref, source, cents, currency, at]) => `(${sqlText(ref)}, ${sqlText(source)}, ${cents}, ${sqlText(currency)}, ${at})`);
    statements.push(`INSERT OR IGNORE INTO revenue_entries (ref, source, amount_cents, currency, occurred_at) VALUES\n${values.join(",\n")};`);
  }
  return statements;
}
