// Co-authors (decision 192): the usernames an entrant names, checked before anything is written,
// and the notification each newly named member gets (they confirm or decline on the contest's page).
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import type { ContestRow } from "../../db/contests/contests";
import { resolveCoAuthors } from "../../db/contests/credits";
import { routeError } from "../../lib/errors";
import { notifyMembers } from "../notifications";

/** The named members' ids; a 400 with its code when the entrant named themselves or no active member. */
export async function coAuthorIds(db: DB, usernames: readonly string[], entrantId: string): Promise<string[]> {
  const resolved = await resolveCoAuthors(db, usernames, entrantId);
  if ("refused" in resolved) {
    throw resolved.refused === "contest_co_author_self" ? routeError("contest_co_author_self") : routeError("contest_co_author_unknown");
  }
  return resolved.ids;
}

/** Tells the members newly named on the entry. The event's id carries the time, so naming someone again later tells them again. */
export async function notifyCoAuthors(
  env: AppEnv,
  db: DB,
  contest: ContestRow,
  entry: { id: string; title: string; userId: string },
  userIds: readonly string[],
  now: number,
): Promise<void> {
  if (userIds.length === 0) return;
  await notifyMembers(
    env,
    db,
    {
      id: `contest_credit:${entry.id}:${now}`,
      kind: "contest_credit",
      actorId: entry.userId,
      params: { title: contest.titleEn, titlePtBr: contest.titlePtBr, excerpt: entry.title },
      link: `/contests/${contest.id}`,
    },
    userIds,
  );
}
