// A server-rendered page's data, read in the page's own request (decision 061). The app's loaders
// ask for API paths; instead of a sub-request through the Worker's whole middleware chain (request
// log, headers, a D1 session, the session lookup, the edge cache...) for each one, the page's
// request hands what that chain would have found (its D1 session and trip count, who is signed in)
// to a Hono app made of the API route modules alone (worker/app.ts, `pageReadRoutes`), which runs
// the same handlers in-process. Each answer's Cache-Control is kept: the page may be stored by the
// edge cache only as long as every read it was made from may be (`pageEdgeMaxAge`).
import { AsyncLocalStorage } from "node:async_hooks";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { sharedMaxAge } from "./edge-cache";
import { sessionOfRequest } from "./session";
import { notFound } from "../lib/errors";
import type { SessionUser } from "#contracts/auth.ts";
import type { DB } from "../db/client";
import type { D1Trips } from "../db/d1-session";
import type { HonoEnv } from "../types";

/** What one read answered, as far as caching the page goes. */
type ReadAnswer = { path: string; status: number; cacheControl: string | null };

export type PageReads = {
  db: DB;
  d1Trips: D1Trips;
  user: SessionUser | null;
  sessionHash: string | null;
  answers: ReadAnswer[];
};

const handover = new AsyncLocalStorage<PageReads>();

/**
 * The page request's context for its reads. An embed renders for nobody in particular: whoever's
 * session came along is not looked up, and its reads are a visitor's.
 */
export async function pageReadsOf(c: Context<HonoEnv>, forNobody: boolean): Promise<PageReads> {
  const { user, sessionHash } = forNobody ? { user: null, sessionHash: null } : await sessionOfRequest(c);
  return { db: c.var.db, d1Trips: c.var.d1Trips, user, sessionHash, answers: [] };
}

/** Runs `render` with `reads` as the context every read made during it gets. */
export function withPageReads<T>(reads: PageReads, render: () => T): T {
  return handover.run(reads, render);
}

/**
 * The first middleware of `pageReadRoutes`: the page's context in place of the chain's, and the
 * answer's caching noted. Outside a render (never routed from outside) it is a 404.
 */
export const fromThePage = createMiddleware<HonoEnv>(async (c, next) => {
  const reads = handover.getStore();
  if (!reads) throw notFound();
  c.set("db", reads.db);
  c.set("d1Trips", reads.d1Trips);
  c.set("user", reads.user);
  c.set("sessionHash", reads.sessionHash);
  await next();
  // As the API's chain does: an answer that says nothing is kept by nobody.
  if (!c.res.headers.has("cache-control")) c.header("Cache-Control", "no-store");
  reads.answers.push({ path: c.req.path, status: c.res.status, cacheControl: c.res.headers.get("cache-control") });
});

/**
 * Who is signed in, for a request with no session: always "nobody", whatever the page. Its answer
 * is `no-store` (it is personal for a member) but for a visitor it cannot go stale.
 */
const SAME_FOR_EVERY_VISITOR = new Set(["/api/auth/me"]);

/**
 * The seconds the edge may keep the page rendered from `reads`: the shortest time any of its reads
 * may be kept (the API routes already end theirs at the next release or presale time, decision
 * 025). A read that failed, or that may not be shared (private, no-store, no max-age), makes it 0.
 */
export function pageEdgeMaxAge(reads: PageReads): number {
  let seconds = Number.POSITIVE_INFINITY;
  for (const answer of reads.answers) {
    if (reads.user === null && SAME_FOR_EVERY_VISITOR.has(answer.path) && answer.status === 200) continue;
    seconds = answer.status === 200 ? Math.min(seconds, sharedMaxAge(answer.cacheControl)) : 0;
  }
  return Number.isFinite(seconds) ? seconds : 0;
}
