// /api/admin/contests: releasing a contest's remix into the catalog and the remixers' shares
// (decision 197), administrators only (the admin tree's gate runs first). Mounted before the
// contests' own sub-app, whose /:id would otherwise read remix-shares as a contest's id.
//   POST /:id/entries/:entryId/publish   PublishInput → 201 ContestReleaseResponse: the entry (placed in
//                       the stored results) as a single in the catalog, its audio copied, its credits
//                       linked to the remixers, sold as a digital track when `sale` is given; 409
//                       contest_results_not_out before the results, contest_entry_not_placed,
//                       contest_release_exists (a second or racing publish), isrc_taken; nothing stored then
//   GET  /remix-shares?from&to          RemixSharesResponse: per remixer and currency, over UTC days
//   GET  /remix-shares.csv?from&to      the same as a CSV file, audited as an export
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../../types";
import { parseJsonBody } from "../../lib/validate";
import { routeError } from "../../lib/errors";
import { attachment, CSV_CONTENT_TYPE, toCsv } from "../../lib/csv";
import { actorOf } from "../../middleware/guards";
import { recordAudit } from "../../db/audit";
import { findContest } from "../../db/contests/contests";
import { findEntry } from "../../db/contests/entries";
import { placeOf } from "../../db/contests/releases";
import { remixSharesReport } from "../../db/contests/remix-shares";
import { publishEntry } from "../../services/contests/release";
import { CONTEST_ID_PATTERN } from "#contracts/contests/contests.ts";
import { publishInputSchema, type ContestReleaseResponse, type RemixSharesResponse } from "#contracts/contests/releases.ts";

type Ctx = Context<HonoEnv>;
const DAY_MS = 24 * 60 * 60 * 1000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const CSV_HEADERS = ["Remixer", "Currency", "Sales", "Share owed", "Taken back", "Net", "From", "To"] as const;

/** A UTC day's first instant, or null for anything that is not a real day. */
function dayStart(date: string): number | null {
  if (!DATE.test(date)) return null;
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date ? null : ms;
}

/** The period the query names, in UTC days: to defaults to today, from to the first of to's month. */
function periodOf(c: Ctx) {
  const to = c.req.query("to") || new Date().toISOString().slice(0, 10);
  const from = c.req.query("from") || `${to.slice(0, 7)}-01`;
  const [start, last] = [dayStart(from), dayStart(to)];
  if (start === null || last === null || start > last) throw routeError("contest_shares_period_invalid", { field: "from" });
  return { from, to, start, end: last + DAY_MS };
}

async function report(c: Ctx): Promise<RemixSharesResponse> {
  const { from, to, start, end } = periodOf(c);
  return { from, to, rows: await remixSharesReport(c.var.db, start, end) };
}

const money = (cents: number) => (cents / 100).toFixed(2);

export const adminContestReleaseRoutes = new Hono<HonoEnv>()
  .post("/:id/entries/:entryId/publish", async (c) => {
    const id = c.req.param("id");
    const contest = CONTEST_ID_PATTERN.test(id) ? await findContest(c.var.db, id) : null;
    if (!contest) throw routeError("contest_not_found");
    const entryId = c.req.param("entryId");
    const entry = CONTEST_ID_PATTERN.test(entryId) ? await findEntry(c.var.db, contest.id, entryId) : null;
    if (!entry || entry.status !== "submitted") throw routeError("contest_entry_not_found");
    const values = await parseJsonBody(c, publishInputSchema);
    if (contest.resultsAt === null) throw routeError("contest_results_not_out");
    if ((await placeOf(c.var.db, contest.id, entry.id)) === null) throw routeError("contest_entry_not_placed");
    const published = await publishEntry({ db: c.var.db, bucket: c.env.MEDIA, actor: actorOf(c) }, contest, entry, values);
    if (published === "exists") throw routeError("contest_release_exists");
    if (published === "isrc_taken") throw routeError("isrc_taken", { field: "isrc" });
    if (published === "audio_missing") throw routeError("contest_release_audio_missing");
    return c.json<ContestReleaseResponse>({ release: published }, 201);
  })

  .get("/remix-shares", async (c) => c.json<RemixSharesResponse>(await report(c)))

  .get("/remix-shares.csv", async (c) => {
    const r = await report(c);
    const rows = r.rows.map((row) => [
      row.username ?? "(deleted account)",
      row.currency.toUpperCase(),
      row.sales,
      money(row.owedCents),
      money(row.takenBackCents),
      money(row.netCents),
      r.from,
      r.to,
    ]);
    // Not a write, but what each remixer is owed leaving the site is worth a line in the log.
    await recordAudit(c.var.db, {
      actor: actorOf(c),
      action: "contest.remix_shares_export",
      targetType: "contest",
      targetId: null,
      summary: { after: { from: r.from, to: r.to, rows: rows.length } },
    });
    return c.body(toCsv(CSV_HEADERS, rows), 200, {
      "Content-Type": CSV_CONTENT_TYPE,
      "Content-Disposition": attachment(`remix-shares-${r.from}-${r.to}.csv`),
      "Cache-Control": "no-store",
    });
  });
