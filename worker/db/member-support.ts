// The SQL of a member's paid time (contracts/member-support.ts): each change to a paid tier in
// membership_tier_changes lasts until the member's next change (by time, then id), the last one
// until `now`. One range scan of the history's (user_id, changed_at) index per member.
import { sql, type SQL } from "drizzle-orm";

/** SQL: milliseconds the member whose id is the SQL `userId` held a paid tier until `now`. */
export const paidMsSql = (userId: SQL, now: number): SQL => sql`(SELECT coalesce(sum(coalesce(
    (SELECT min(n.changed_at) FROM membership_tier_changes n
      WHERE n.user_id = c.user_id AND (n.changed_at > c.changed_at OR (n.changed_at = c.changed_at AND n.id > c.id))),
    ${now}) - c.changed_at), 0)
  FROM membership_tier_changes c WHERE c.user_id = ${userId} AND c.to_tier_id IS NOT NULL AND c.changed_at <= ${now})`;
