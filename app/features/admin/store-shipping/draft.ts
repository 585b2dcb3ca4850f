// The shipping form's draft: amounts as typed, in whole units ("5.00" or "5,00"), turned into cents
// only when valid. The Worker checks again (a whole table, integers from 0 to the maximum).
import { CURRENCIES, SHIPPING_ZONES, WEIGHT_CLASSES, type Currency, type ShippingZone, type WeightClass } from "#contracts/store/model.ts";
import { SHIPPING_MAX_CENTS, type ShippingSettings } from "#contracts/store/shipping.ts";

export type RateKey = `${ShippingZone}:${WeightClass}`;
export type Draft = {
  rates: Record<RateKey, Record<Currency, string>>;
  /** null: never free in that currency. */
  free: Record<Currency, string | null>;
};

export const RATE_KEYS = SHIPPING_ZONES.flatMap((zone) => WEIGHT_CLASSES.map((weightClass) => `${zone}:${weightClass}` as RateKey));

const units = (cents: number) => (cents / 100).toFixed(2);

/** Cents from what was typed, or null when it is not an amount the Worker takes. */
export function centsOf(text: string): number | null {
  const clean = text.trim().replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const cents = Math.round(Number(clean) * 100);
  return cents <= SHIPPING_MAX_CENTS ? cents : null;
}

export function draftOf(settings: ShippingSettings): Draft {
  const rates = {} as Draft["rates"];
  for (const r of settings.rates) rates[`${r.zone}:${r.weightClass}`] = { usd: units(r.usdCents), brl: units(r.brlCents) };
  const free = {} as Draft["free"];
  for (const c of CURRENCIES) free[c] = settings.freeShippingOver[c] === null ? null : units(settings.freeShippingOver[c]);
  return { rates, free };
}

/** The settings to send, or null while a field is not a valid amount. */
export function settingsOf(draft: Draft): ShippingSettings | null {
  const rates: ShippingSettings["rates"] = [];
  for (const key of RATE_KEYS) {
    const [zone, weightClass] = key.split(":") as [ShippingZone, WeightClass];
    const usd = centsOf(draft.rates[key]?.usd ?? "");
    const brl = centsOf(draft.rates[key]?.brl ?? "");
    if (usd === null || brl === null) return null;
    rates.push({ zone, weightClass, usdCents: usd, brlCents: brl });
  }
  const freeShippingOver = {} as ShippingSettings["freeShippingOver"];
  for (const c of CURRENCIES) {
    const typed = draft.free[c];
    const cents = typed === null ? null : centsOf(typed);
    if (typed !== null && cents === null) return null;
    freeShippingOver[c] = cents;
  }
  return { rates, freeShippingOver };
}
