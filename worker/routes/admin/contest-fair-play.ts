// /api/admin/contests, fair play (decision 196), administrators only (the admin tree's gate runs
// first), mounted beside the contests' own admin routes:
//   GET  /:id/fair-play                      the entries reported or hidden, the suspicious groups of
//                                            live votes (new accounts, one network) with their voters,
//                                            and the voided votes
//   POST /:id/entries/:entryId/hide          { reason } (required): the submitted entry leaves the list,
//                                            its audio, the voting and the results; its open reports are
//                                            resolved; 409 contest_entry_hidden when it is hidden already
//   POST /:id/entries/:entryId/unhide        shows it again (its votes count again); 409 when not hidden
//   POST /:id/entries/:entryId/dismiss-reports   resolves its open reports without hiding it
//   POST /:id/votes/void                     { reason, votes: [{ entryId, userId }] }: voids the live ones
//                                            among them, each audited with the reason; 404
//                                            contest_vote_not_found when one is not the contest's, 409
//                                            contest_closed once the results are stored; nothing voided on a refusal
// Each write is audited in its own batch; another contest's entry is 404.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../../types";
import { parseJsonBody } from "../../lib/validate";
import { routeError } from "../../lib/errors";
import { actorOf } from "../../middleware/guards";
import { findContest, type ContestRow } from "../../db/contests/contests";
import { findEntry, type EntryRow } from "../../db/contests/entries";
import { countNamedVotes, dismissEntryReports, hideEntry, unhideEntry, voidVotes } from "../../db/contests/fair-play";
import { fairPlayOf } from "../../services/contests/fair-play";
import { CONTEST_ID_PATTERN } from "#contracts/contests/contests.ts";
import { hideEntrySchema, voidVotesSchema, type AdminFairPlayResponse, type HideEntryResponse, type VoidVotesResponse } from "#contracts/contests/fair-play.ts";

type Ctx = Context<HonoEnv>;

async function storedContest(c: Ctx): Promise<ContestRow> {
  const id = c.req.param("id") ?? "";
  const row = CONTEST_ID_PATTERN.test(id) ? await findContest(c.var.db, id) : null;
  if (!row) throw routeError("contest_not_found");
  return row;
}

/** The contest's submitted entry the path names; a draft, a withdrawn one or another contest's is 404. */
async function submittedEntry(c: Ctx, contest: ContestRow): Promise<EntryRow> {
  const id = c.req.param("entryId") ?? "";
  const entry = CONTEST_ID_PATTERN.test(id) ? await findEntry(c.var.db, contest.id, id) : null;
  if (!entry || entry.status !== "submitted") throw routeError("contest_entry_not_found");
  return entry;
}

/** Each vote named once, in the order given. */
const distinctVotes = (votes: readonly { entryId: string; userId: string }[]) => [...new Map(votes.map((v) => [`${v.entryId}:${v.userId}`, v])).values()];

export const adminContestFairPlayRoutes = new Hono<HonoEnv>()
  .get("/:id/fair-play", async (c) => c.json<AdminFairPlayResponse>(await fairPlayOf(c.var.db, await storedContest(c))))

  .post("/:id/entries/:entryId/hide", async (c) => {
    const contest = await storedContest(c);
    const entry = await submittedEntry(c, contest);
    const { reason } = await parseJsonBody(c, hideEntrySchema);
    const hidden = await hideEntry(c.var.db, actorOf(c), contest.id, entry.id, reason, Date.now());
    if (!hidden) throw routeError("contest_entry_hidden");
    return c.json<HideEntryResponse>({ hidden: true, resolvedReports: hidden.resolvedReports });
  })

  .post("/:id/entries/:entryId/unhide", async (c) => {
    const contest = await storedContest(c);
    const entry = await submittedEntry(c, contest);
    if (!(await unhideEntry(c.var.db, actorOf(c), contest.id, entry.id, Date.now()))) throw routeError("contest_entry_not_hidden");
    return c.json<HideEntryResponse>({ hidden: false, resolvedReports: 0 });
  })

  .post("/:id/entries/:entryId/dismiss-reports", async (c) => {
    const contest = await storedContest(c);
    const entry = await submittedEntry(c, contest);
    const resolvedReports = await dismissEntryReports(c.var.db, actorOf(c), contest.id, entry.id, Date.now());
    return c.json<HideEntryResponse>({ hidden: entry.hidden_at !== null, resolvedReports });
  })

  .post("/:id/votes/void", async (c) => {
    const contest = await storedContest(c);
    const input = await parseJsonBody(c, voidVotesSchema);
    if (contest.resultsAt !== null) throw routeError("contest_closed");
    const votes = distinctVotes(input.votes);
    if ((await countNamedVotes(c.var.db, contest.id, votes)) < votes.length) throw routeError("contest_vote_not_found");
    const voided = await voidVotes(c.var.db, actorOf(c), contest.id, votes, input.reason, Date.now());
    // Nothing voided while some were live: the results were stored in between.
    if (voided === 0 && (await findContest(c.var.db, contest.id))?.resultsAt != null) throw routeError("contest_closed");
    return c.json<VoidVotesResponse>({ voided });
  });
