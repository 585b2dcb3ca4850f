// Where the artist is registered to collect tax and the prices' tax behaviour per currency
// (decision 093): two site_settings rows, 'tax.registrations' and 'tax.behavior', read at every
// checkout (remembered for a few seconds per isolate, forgotten here at once on a write). A row
// this code cannot read reads as its default.
import { inArray, sql } from "drizzle-orm";
import type { DB } from "./client";
import { siteSettings } from "./schema/operations";
import { auditInsert, type Actor } from "./audit";
import { forget, remember } from "../lib/memo";
import { DEFAULT_TAX_BEHAVIOR, DEFAULT_TAX_REGISTRATIONS, JURISDICTION_PATTERN, type TaxSettings } from "#contracts/tax-model.ts";

const MEMO_KEY = "tax-settings";
const TTL_MS = 10_000;
const KEYS = { registrations: "tax.registrations", behavior: "tax.behavior" } as const;

const isBehavior = (v: unknown) => v === "inclusive" || v === "exclusive";

function fromRows(rows: { key: string; value: unknown }[]): TaxSettings {
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const regs = stored.get(KEYS.registrations);
  const beh = stored.get(KEYS.behavior) as Record<string, unknown> | undefined;
  return {
    registrations: Array.isArray(regs)
      ? regs.filter((r): r is string => typeof r === "string" && JURISDICTION_PATTERN.test(r))
      : [...DEFAULT_TAX_REGISTRATIONS],
    behavior: {
      usd: beh && isBehavior(beh.usd) ? (beh.usd as TaxSettings["behavior"]["usd"]) : DEFAULT_TAX_BEHAVIOR.usd,
      brl: beh && isBehavior(beh.brl) ? (beh.brl as TaxSettings["behavior"]["brl"]) : DEFAULT_TAX_BEHAVIOR.brl,
    },
  };
}

const load = async (db: DB) =>
  fromRows(
    await db
      .select({ key: siteSettings.key, value: siteSettings.value })
      .from(siteSettings)
      .where(inArray(siteSettings.key, Object.values(KEYS))),
  );

export const readTaxSettings = (db: DB): Promise<TaxSettings> => remember(MEMO_KEY, TTL_MS, () => load(db));

/** Stores both rows and the audit row in one batch. */
export async function saveTaxSettings(db: DB, next: TaxSettings, actor: Actor, now = Date.now()): Promise<TaxSettings> {
  const before = await load(db);
  const registrations = [...new Set(next.registrations)].sort();
  const updatedAt = new Date(now);
  const upsert = (key: string, value: unknown) =>
    db
      .insert(siteSettings)
      .values({ key, value, updatedAt })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: sql`excluded.value`, updatedAt } });
  await db.batch([
    upsert(KEYS.registrations, registrations),
    upsert(KEYS.behavior, next.behavior),
    auditInsert(
      db,
      {
        actor,
        action: "tax.settings.update",
        targetType: "settings",
        summary: {
          before: { ...before.behavior, registrations: before.registrations.join(" ") },
          after: { ...next.behavior, registrations: registrations.join(" ") },
        },
      },
      now,
    ),
  ]);
  forget(MEMO_KEY);
  return { registrations, behavior: next.behavior };
}
