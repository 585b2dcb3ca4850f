// Membership tiers (decision 096, migrations/0065): the free "Member" tier (rank 0), VIP (rank 1)
// and the admin's tiers above it. users.tier_id, subscriptions.tier_id, checkout_sessions.tier_id and
// vip_comps.tier_id name rows of this table.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { createdAt } from "./columns";

export const membershipTiers = sqliteTable(
  "membership_tiers",
  {
    id: text("id").primaryKey(),
    /** The ladder's order: a higher rank includes what every lower one gives. */
    rank: integer("rank").notNull(),
    nameEn: text("name_en").notNull(),
    namePtBR: text("name_pt_br").notNull(),
    descriptionEn: text("description_en").notNull().default(""),
    descriptionPtBR: text("description_pt_br").notNull().default(""),
    /** JSON arrays of short texts. */
    benefitsEn: text("benefits_en").notNull().default("[]"),
    benefitsPtBR: text("benefits_pt_br").notNull().default("[]"),
    /** Null: not sold in that currency and period (the free tier; VIP, whose prices are configured). */
    monthlyUsdCents: integer("monthly_usd_cents"),
    yearlyUsdCents: integer("yearly_usd_cents"),
    monthlyBrlCents: integer("monthly_brl_cents"),
    yearlyBrlCents: integer("yearly_brl_cents"),
    badgeColor: text("badge_color").notNull(),
    trialDays: integer("trial_days").notNull().default(0),
    /** Lossless listening (decision 105): this tier and every one above it stream and download masters. */
    lossless: integer("lossless", { mode: "boolean" }).notNull().default(false),
    /** Archived: its members keep it; nobody new joins. */
    archivedAt: integer("archived_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [uniqueIndex("membership_tiers_rank_unique").on(t.rank)],
);

// Each change of a member's tier (null: the free tier), written in the batch that made it
// (logTierChange in worker/db/payments.ts): the back office's new, upgraded, downgraded and churned.
export const membershipTierChanges = sqliteTable(
  "membership_tier_changes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fromTierId: text("from_tier_id"),
    toTierId: text("to_tier_id"),
    changedAt: integer("changed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("membership_tier_changes_at_idx").on(t.changedAt), index("membership_tier_changes_user_idx").on(t.userId, t.changedAt)],
);
