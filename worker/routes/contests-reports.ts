// /api/contests, members' reports on entries (decision 196), as posts are reported:
//   POST /:id/entries/:entryId/reports   { reason, details? } (the posts' reasons) → 201; one per member
//                                        and entry (409 already_reported), none on one's own entry (403
//                                        contest_report_own_entry); a draft, hidden, withdrawn or unknown
//                                        entry, or a contest not yet open, is 404. Shares the posts'
//                                        `report:user:*` limit: reporting is one budget whatever is reported.
// A visitor and a banned member get 401. The admin reads the reports in the contest's fair-play section.
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { requireUser } from "../middleware/guards";
import { routeError } from "../lib/errors";
import { parseJsonBody } from "../lib/validate";
import { hitRateLimit } from "../services/rate-limit";
import { findContest } from "../db/contests/contests";
import { findEntry } from "../db/contests/entries";
import { insertEntryReport } from "../db/contests/fair-play";
import { reportSchema } from "#contracts/feed.ts";
import { RATE_LIMITS } from "#contracts/limits.ts";
import { CONTEST_ID_PATTERN } from "#contracts/contests/contests.ts";

export const contestReportRoutes = new Hono<HonoEnv>().post("/:id/entries/:entryId/reports", requireUser, async (c) => {
  const now = Date.now();
  const [contestId, entryId] = [c.req.param("id"), c.req.param("entryId")];
  const { reason, details } = await parseJsonBody(c, reportSchema);
  await hitRateLimit(c.var.db, `report:user:${c.var.user.id}`, RATE_LIMITS.reportsPerUser, now);
  const contest = CONTEST_ID_PATTERN.test(contestId) ? await findContest(c.var.db, contestId) : null;
  if (!contest || now < contest.opensAt) throw routeError("contest_not_found");
  const entry = CONTEST_ID_PATTERN.test(entryId) ? await findEntry(c.var.db, contest.id, entryId) : null;
  if (!entry || entry.status !== "submitted" || entry.hidden_at !== null) throw routeError("contest_entry_not_found");
  if (entry.user_id === c.var.user.id) throw routeError("contest_report_own_entry");
  const written = await insertEntryReport(
    c.var.db,
    { contestId: contest.id, entryId: entry.id, reporterId: c.var.user.id, reason, details: details ?? null },
    now,
  );
  // Refused by the statement: reported already, or hidden or withdrawn since it was read.
  if (!written) {
    const after = await findEntry(c.var.db, contest.id, entry.id);
    throw after?.status === "submitted" && after.hidden_at === null ? routeError("already_reported") : routeError("contest_entry_not_found");
  }
  return c.json({ ok: true }, 201);
});
