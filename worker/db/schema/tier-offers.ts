// Upgrade and win-back offers (decision 101, migrations/0070): a percent off the first period of a
// paid tier, issued by the hourly job, claimable until expires_at, claimed once.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";

export const tierOffers = sqliteTable(
  "tier_offers",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["upgrade", "win_back"] }).notNull(),
    tierId: text("tier_id").notNull(),
    percentOff: integer("percent_off").notNull(),
    issuedAt: integer("issued_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    claimedAt: integer("claimed_at"),
    /** The checkout the claim opened: its first invoice is the discounted one. */
    checkoutSessionId: text("checkout_session_id"),
  },
  (t) => [index("tier_offers_user_idx").on(t.userId, t.issuedAt), index("tier_offers_session_idx").on(t.checkoutSessionId)],
);
