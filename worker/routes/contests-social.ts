// /api/contests, the social parts (decision 192), mounted before the contests' own routes (worker/app.ts):
//   POST /entries/:entryId/credits/confirm   the member named as a co-author confirms (their vote for
//   POST /entries/:entryId/credits/decline   the entry, if any, goes) or declines, until voting closes;
//                                             anyone not named gets 404 contest_credit_not_found
//   GET  /by-member/:userId                  the member's submitted and confirmed co-authored entries of
//                                             contests whose entry phase is over, for their profile
//                                             (signed-in, as profiles are; a banned member's is 404)
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { requireUser } from "../middleware/guards";
import { answerLanguage } from "../middleware/content-language";
import { inLanguage } from "../lib/content-language";
import { notFound, routeError } from "../lib/errors";
import { answerCredit } from "../db/contests/credits";
import { listProfileEntries } from "../db/contests/profile-entries";
import { isProfileVisible } from "../db/profiles";
import { PROFILE_MESSAGES, USER_ID_PATTERN } from "#contracts/profiles.ts";
import { CONTEST_ID_PATTERN, contestPhaseAt, type ContestCreditResponse, type ProfileContestEntriesResponse } from "#contracts/contests/contests.ts";

const ANSWERS = { confirm: "confirmed", decline: "declined" } as const;

/** Why an answer was not taken: not named (or no such entry), the entry withdrawn, or voting over. */
async function creditRefusal(db: HonoEnv["Variables"]["db"], entryId: string, userId: string) {
  const row = await db.$client
    .prepare(
      `SELECT e.status FROM contest_entry_credits k
         JOIN contest_entries e ON e.id = k.entry_id JOIN contests c ON c.id = e.contest_id
        WHERE k.entry_id = ?1 AND k.user_id = ?2`,
    )
    .bind(entryId, userId)
    .first<{ status: string }>();
  if (!row) return routeError("contest_credit_not_found");
  if (row.status === "withdrawn") return routeError("contest_entry_not_found");
  return routeError("contest_voting_closed");
}

export const contestSocialRoutes = new Hono<HonoEnv>()
  .post("/entries/:entryId/credits/:answer{confirm|decline}", requireUser, async (c) => {
    const now = Date.now();
    const entryId = c.req.param("entryId");
    const status = ANSWERS[c.req.param("answer") as keyof typeof ANSWERS];
    if (!CONTEST_ID_PATTERN.test(entryId)) throw routeError("contest_credit_not_found");
    if (!(await answerCredit(c.var.db, entryId, c.var.user.id, status, now))) throw await creditRefusal(c.var.db, entryId, c.var.user.id);
    return c.json<ContestCreditResponse>({ credit: { entryId, status } });
  })

  // Not behind requireUser: the answer's language needs the route's own context type.
  .get("/by-member/:userId", async (c) => {
    const now = Date.now();
    const viewer = c.var.user;
    if (!viewer) throw routeError("unauthorized");
    const userId = c.req.param("userId");
    if (!USER_ID_PATTERN.test(userId) || !(await isProfileVisible(c.var.db, userId, viewer))) throw notFound(PROFILE_MESSAGES.notFound);
    const locale = answerLanguage(c);
    const rows = await listProfileEntries(c.var.db, userId, now);
    c.header("Cache-Control", "private, no-store");
    return c.json<ProfileContestEntriesResponse>({
      entries: rows.map((r) => ({
        contestId: r.contest_id,
        contestTitle: inLanguage(locale, r.title_en, r.title_pt_br),
        entryId: r.entry_id,
        entryTitle: r.entry_title,
        remixer: { username: r.remixer },
        coAuthored: r.co_authored === 1,
        phase: contestPhaseAt(
          {
            opensAt: r.opens_at,
            entriesCloseAt: r.entries_close_at,
            votingOpensAt: r.voting_opens_at,
            votingClosesAt: r.voting_closes_at,
          },
          now,
        ),
        place: r.place,
      })),
    });
  });
