// The language a member's mails are in (users.locale, migrations/0032_member_locale.sql).
import { eq } from "drizzle-orm";
import type { DB } from "./client";
import { users } from "./schema/accounts";
import type { Locale } from "#contracts/locale.ts";

/** Stores the member's language. "not_found": no such account (deleted meanwhile). */
export async function setMemberLocale(db: DB, userId: string, locale: Locale): Promise<"updated" | "not_found"> {
  const rows = await db.update(users).set({ locale, updatedAt: new Date() }).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0 ? "updated" : "not_found";
}
