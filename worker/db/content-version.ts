// The public content's version (one row), read by the edge cache and renewed by every change
// made in the back office.
import { eq, sql } from "drizzle-orm";
import type { DB } from "./client";
import { contentVersion } from "./schema/operations";

/** The current version; a database without the row (never migrated) reads as "0". */
export async function readContentVersion(db: DB): Promise<string> {
  const row = await db.select({ version: contentVersion.version }).from(contentVersion).where(eq(contentVersion.id, 1)).get();
  return row?.version ?? "0";
}

/** A new random version: every cached public answer is left behind. */
export async function renewContentVersion(db: DB, now = Date.now()): Promise<void> {
  await db
    .update(contentVersion)
    .set({ version: sql`lower(hex(randomblob(8)))`, changedAt: now })
    .where(eq(contentVersion.id, 1));
}
