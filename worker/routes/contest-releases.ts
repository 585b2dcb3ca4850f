// /api/contests/:id/releases: a contest's entries released into the catalog (decision 197), for
// the contest's page to say "Released" with a link. Anyone may read it once the contest has opened
// (an unknown or unopened contest is 404, as the contest's own answer is); mounted before the
// contests' sub-app, as the co-authors' routes are.
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { routeError } from "../lib/errors";
import { findContest } from "../db/contests/contests";
import { listReleases } from "../db/contests/releases";
import { CONTEST_ID_PATTERN } from "#contracts/contests/contests.ts";
import type { ContestReleasesResponse } from "#contracts/contests/releases.ts";

export const contestReleaseRoutes = new Hono<HonoEnv>().get("/:id/releases", async (c) => {
  const id = c.req.param("id");
  const contest = CONTEST_ID_PATTERN.test(id) ? await findContest(c.var.db, id) : null;
  if (!contest || (Date.now() < contest.opensAt && !c.var.user?.isAdmin)) throw routeError("contest_not_found");
  return c.json<ContestReleasesResponse>({ releases: await listReleases(c.var.db, contest.id) });
});
