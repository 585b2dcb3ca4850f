// Sales tax and VAT (decision 093), zod-free so the tables, the Worker, the local checkout page and
// the back office share them: the jurisdictions, the prices' tax behaviour per currency, and the
// LOCAL DEMO calculator. The live site never uses the demo rates: Stripe Tax computes the tax there
// and the Worker reads it from the verified event; the local test checkout computes it here, in the
// Worker, and hands it to fulfilment in the same event fields Stripe would.
import type { Currency } from "./store/model";

/** Prices include the tax (it is extracted) or exclude it (it is added on top). */
export const TAX_BEHAVIORS = ["inclusive", "exclusive"] as const;
export type TaxBehavior = (typeof TAX_BEHAVIORS)[number];
export type TaxBehaviorByCurrency = Record<Currency, TaxBehavior>;

/** Inclusive in reais (what Brazilian buyers expect), exclusive in dollars (US custom). */
export const DEFAULT_TAX_BEHAVIOR: TaxBehaviorByCurrency = { usd: "exclusive", brl: "inclusive" };

/** What a line is, for its tax code (live) and its rate (the demo table). */
export const TAX_LINE_KINDS = ["digital_audio", "physical_goods", "event_admission", "membership", "shipping"] as const;
export type TaxLineKind = (typeof TAX_LINE_KINDS)[number];

/**
 * DEMO rates, in basis points (1900 = 19 %), for the local test checkout only: illustrative figures,
 * not tax advice and not kept current. A jurisdiction is a country ("DE") or a US state ("US-CA").
 * `reduced` lists kinds some places tax at another rate (Brazil is shown with one flat figure).
 */
export const DEMO_TAX_RATES: Readonly<Record<string, { bps: number; reduced?: Partial<Record<TaxLineKind, number>> }>> = {
  DE: { bps: 1900, reduced: { event_admission: 700 } },
  FR: { bps: 2000, reduced: { event_admission: 550 } },
  NL: { bps: 2100, reduced: { event_admission: 900 } },
  BR: { bps: 1700 },
  "US-CA": { bps: 725, reduced: { digital_audio: 0, membership: 0 } },
  "US-NY": { bps: 400 },
  "US-WA": { bps: 650 },
};

/** Where the artist is registered to collect, by default: nowhere (nothing is collected until an admin says so). */
export const DEFAULT_TAX_REGISTRATIONS: readonly string[] = [];
/** At most this many registrations (EU 27 + US states + a few). */
export const TAX_REGISTRATIONS_MAX = 80;
/** A jurisdiction: an ISO 3166-1 alpha-2 country, or US- and a state's two letters. */
export const JURISDICTION_PATTERN = /^(?:[A-Z]{2}|US-[A-Z]{2})$/;

/** The buyer's place as tax needs it: country, and the US state (its code) where the country is the US. */
export type TaxPlace = { country: string; state: string | null };

/** The place a provider's address names: its two-letter country, and the state only in the US; null without a country. */
export function placeOfAddress(address: { country?: string | null; state?: string | null } | null | undefined): TaxPlace | null {
  const country = address?.country?.toUpperCase();
  const state = address?.state?.toUpperCase();
  if (!country || !/^[A-Z]{2}$/.test(country)) return null;
  return { country, state: country === "US" && state && /^[A-Z]{2}$/.test(state) ? state : null };
}

/** The jurisdiction a place falls in: "US-CA" for a US state, the country otherwise. */
export const jurisdictionOf = (place: TaxPlace): string => (place.country === "US" && place.state ? `US-${place.state.toUpperCase()}` : place.country);

/** A line to tax: its amount after discounts (what the buyer is charged for it before tax, or with it when inclusive). */
export type TaxableLine = { kind: TaxLineKind; amountCents: number };

/** Collected: registered there and a rate applies; not_collected: not registered there (tax 0). */
export type TaxStatus = "collected" | "not_collected";

export type TaxComputation = {
  status: TaxStatus;
  jurisdiction: string;
  behavior: TaxBehavior;
  /** Per line, in the lines' order, then summed: the rounding is per line (as Stripe Tax rounds line items). */
  lineTaxCents: number[];
  taxCents: number;
  /** What the lines come to before tax (inclusive: the lines less the tax in them). */
  netCents: number;
  /** What the buyer pays for the lines: exclusive adds the tax, inclusive already holds it. */
  totalCents: number;
};

/** Half away from zero, on integers only (bps * cents fits well within 2^53). */
const roundDiv = (numerator: number, denominator: number) => Math.floor((2 * numerator + denominator) / (2 * denominator));

/**
 * One line's tax, exact integer cents: exclusive, round(amount * r); inclusive, the tax in the
 * amount, round(amount * r / (1 + r)). r = bps / 10000.
 */
export function lineTax(amountCents: number, bps: number, behavior: TaxBehavior): number {
  if (bps <= 0 || amountCents <= 0) return 0;
  return behavior === "exclusive" ? roundDiv(amountCents * bps, 10_000) : roundDiv(amountCents * bps, 10_000 + bps);
}

/** The DEMO rate for a kind of line in a jurisdiction (0 where the table has none). */
export function demoRate(jurisdiction: string, kind: TaxLineKind): number {
  const entry = DEMO_TAX_RATES[jurisdiction] ?? (jurisdiction.startsWith("US-") ? undefined : DEMO_TAX_RATES[jurisdiction.slice(0, 2)]);
  if (!entry) return 0;
  return entry.reduced?.[kind] ?? entry.bps;
}

/** A registration covers a jurisdiction when it names it, or names the whole US for a state. */
export const isRegistered = (registrations: readonly string[], jurisdiction: string) =>
  registrations.includes(jurisdiction) || (jurisdiction.startsWith("US-") && registrations.includes("US"));

/** The LOCAL DEMO calculator: tax only where the artist is registered, per line, then summed. */
export function computeDemoTax(lines: readonly TaxableLine[], place: TaxPlace, behavior: TaxBehavior, registrations: readonly string[]): TaxComputation {
  const jurisdiction = jurisdictionOf(place);
  const collected = isRegistered(registrations, jurisdiction);
  const lineTaxCents = lines.map((l) => (collected ? lineTax(l.amountCents, demoRate(jurisdiction, l.kind), behavior) : 0));
  const taxCents = lineTaxCents.reduce((a, b) => a + b, 0);
  const gross = lines.reduce((a, l) => a + l.amountCents, 0);
  return {
    status: collected ? "collected" : "not_collected",
    jurisdiction,
    behavior,
    lineTaxCents,
    taxCents,
    netCents: behavior === "inclusive" ? gross - taxCents : gross,
    totalCents: behavior === "exclusive" ? gross + taxCents : gross,
  };
}

/**
 * An order's tax as pages and receipts show it: added before the total (exclusive) or named as
 * included in it, where ("DE", "US-CA"), and the buyer's business tax id; null: sold before tax.
 */
export type OrderTax = { cents: number; behavior: TaxBehavior; status: TaxStatus; place: string | null; buyerTaxId: string | null } | null;

/** GET/PUT /api/admin/tax/settings: where the artist is registered, and the prices' behaviour per currency. */
export type TaxSettings = { registrations: string[]; behavior: TaxBehaviorByCurrency };

/** A tax report's row: one jurisdiction and currency over the period. */
export type TaxReportRow = {
  jurisdiction: string;
  currency: Currency;
  /** Orders and VIP payments with tax there (refunds are counted in the amounts, not here). */
  payments: number;
  /** What was charged, tax included, less refunds. */
  grossCents: number;
  taxCents: number;
  netCents: number;
};

/** GET /api/admin/tax/report?from&to&tz (and .csv): the period's rows, per jurisdiction and currency. */
export type TaxReportResponse = { from: string; to: string; timeZone: string; mode: "live" | "local" | null; rows: TaxReportRow[] };

export const TAX_API = "/api/admin/tax";
