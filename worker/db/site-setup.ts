// What a new site has so far (decision 077): one D1 trip for the coming-soon test and the
// administrators' set-up checklist.
import { sql } from "drizzle-orm";
import type { DB } from "./client";

export type SiteContent = { releases: boolean; broadcasts: boolean };

export async function readSiteContent(db: DB): Promise<SiteContent> {
  const row = await db.get<{ releases: number; broadcasts: number }>(sql`
    SELECT EXISTS (SELECT 1 FROM albums) AS releases,
      (EXISTS (SELECT 1 FROM radio_stations) OR EXISTS (SELECT 1 FROM tv_channels)) AS broadcasts`);
  return { releases: Boolean(row.releases), broadcasts: Boolean(row.broadcasts) };
}
