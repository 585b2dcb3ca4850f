// What shipping costs (decision 054): a rate per zone and weight class in each currency
// (shipping_rates, default rows from the migration), and the merch subtotal from which shipping is
// free, per currency (one site_settings row; DEFAULT_FREE_SHIPPING_OVER until an admin saves one).
// The back office saves both with one audit row in one batch.
import { eq, sql } from "drizzle-orm";
import type { DB } from "../client";
import { shippingRates } from "../schema/store";
import { siteSettings } from "../schema/operations";
import { auditInsert, type Actor } from "../audit";
import { CURRENCIES, SHIPPING_ZONES, WEIGHT_CLASSES } from "#contracts/store/model.ts";
import {
  DEFAULT_FREE_SHIPPING_OVER,
  FREE_SHIPPING_SETTING_KEY,
  SHIPPING_MAX_CENTS,
  type FreeShippingOver,
  type ShippingRate,
  type ShippingSettings,
} from "#contracts/store/shipping.ts";

const zoneOrder = (r: ShippingRate) => SHIPPING_ZONES.indexOf(r.zone) * WEIGHT_CLASSES.length + WEIGHT_CLASSES.indexOf(r.weightClass);

export async function listShippingRates(db: DB): Promise<ShippingRate[]> {
  const rows = await db.select().from(shippingRates).all();
  return rows.sort((a, b) => zoneOrder(a) - zoneOrder(b));
}

const isCents = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= SHIPPING_MAX_CENTS;

/** The stored threshold, each currency read on its own (a value this code cannot read: its default). */
function thresholdOf(value: unknown): FreeShippingOver {
  const out = { ...DEFAULT_FREE_SHIPPING_OVER };
  if (typeof value !== "object" || value === null) return out;
  const stored = value as Record<string, unknown>;
  for (const c of CURRENCIES) if (stored[c] === null || isCents(stored[c])) out[c] = stored[c] as number | null;
  return out;
}

export async function readFreeShippingOver(db: DB): Promise<FreeShippingOver> {
  const row = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, FREE_SHIPPING_SETTING_KEY)).get();
  return thresholdOf(row?.value);
}

export async function readShippingSettings(db: DB): Promise<ShippingSettings> {
  const [rates, freeShippingOver] = await Promise.all([listShippingRates(db), readFreeShippingOver(db)]);
  return { rates, freeShippingOver };
}

/** Replaces every rate and the threshold, with the audit row (before and after), in one batch. */
export async function saveShippingSettings(db: DB, next: ShippingSettings, actor: Actor, now = Date.now()): Promise<ShippingSettings> {
  const before = await readShippingSettings(db);
  const after: ShippingSettings = { rates: [...next.rates].sort((a, b) => zoneOrder(a) - zoneOrder(b)), freeShippingOver: next.freeShippingOver };
  const updatedAt = new Date(now);
  await db.batch([
    auditInsert(db, { actor, action: "store.shipping.update", targetType: "store", targetId: "shipping", summary: { before, after } }, now),
    db
      .insert(siteSettings)
      .values({ key: FREE_SHIPPING_SETTING_KEY, value: after.freeShippingOver, updatedAt })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: sql`excluded.value`, updatedAt } }),
    ...after.rates.map((r) =>
      db
        .insert(shippingRates)
        .values(r)
        .onConflictDoUpdate({ target: [shippingRates.zone, shippingRates.weightClass], set: { usdCents: r.usdCents, brlCents: r.brlCents } }),
    ),
  ]);
  return after;
}
