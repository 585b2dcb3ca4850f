// Special perks, who revealed them, and the one-per-member codes of perks and VIP presales.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./accounts";

// Codes handed to one member each (worker/db/offer-codes.ts, decision 026): a VIP presale's or a
// perk's unique codes. A code is taken once claimed_at is set, and stays taken if its member's
// account is deleted (claimed_by becomes null).
export const offerCodes = sqliteTable(
  "offer_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    poolKind: text("pool_kind", { enum: ["presale", "perk"] }).notNull(),
    poolId: text("pool_id").notNull(),
    code: text("code").notNull(),
    claimedBy: text("claimed_by").references(() => users.id, { onDelete: "set null" }),
    claimedAt: integer("claimed_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("offer_codes_pool_code_unique").on(t.poolKind, t.poolId, t.code)],
);

// Special perks (worker/db/perks.ts, worker/db/admin-perks.ts, decision 030): merchandise, limited
// editions and surprises live from starts_at to ends_at, for VIPs or every signed-in member. A
// unique-code perk's codes are its pool in offer_codes (kind "perk"), deleted with it.
export const perks = sqliteTable(
  "perks",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    /** Portuguese texts (migrations/0055): optional, the English ones are read where they are blank. */
    titlePtBr: text("title_pt_br"),
    descriptionPtBr: text("description_pt_br"),
    imageKey: text("image_key"),
    link: text("link"),
    codeMode: text("code_mode", { enum: ["none", "shared", "unique"] })
      .notNull()
      .default("none"),
    sharedCode: text("shared_code"),
    audience: text("audience", { enum: ["vip", "members"] })
      .notNull()
      .default("vip"),
    /** A VIP perk for this tier and above (migrations/0074, decision 104); null: VIP and above. */
    minTierId: text("min_tier_id"),
    startsAt: integer("starts_at", { mode: "timestamp_ms" }).notNull(),
    endsAt: integer("ends_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index("perks_window_idx").on(t.endsAt, t.startsAt)],
);

// Who revealed a perk, once per member (the first reveal's time).
export const perkReveals = sqliteTable(
  "perk_reveals",
  {
    perkId: text("perk_id")
      .notNull()
      .references(() => perks.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    revealedAt: integer("revealed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.perkId, t.userId] }), index("perk_reveals_perk_time_idx").on(t.perkId, t.revealedAt)],
);
