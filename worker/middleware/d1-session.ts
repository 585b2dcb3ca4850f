// Opens the request's D1 session (worker/db/d1-session.ts) and gives it to the routes as c.var.db.
//
// Where it starts (decision 050):
// - a request carrying a session cookie starts at the primary: its first query is the session
//   check (loadSession), so a signed-out device, a ban or a VIP that ended is seen at once, and
//   every later read of the request is at least as new as that check;
// - any other request starts from the bookmark its browser brought back (a visitor who has just
//   subscribed or written reads their own write), or wherever is nearest.
// A request that wrote hands its bookmark back in a cookie for the next one.
import { createMiddleware } from "hono/factory";
import { getCookie, setCookie } from "hono/cookie";
import { createDb } from "../db/client";
import { openCountedSession, parseSimulatedLatency, type SessionStart } from "../db/d1-session";
import { isLocalMode } from "../env";
import { readSessionToken } from "../services/session";
import type { HonoEnv } from "../types";

export const BOOKMARK_COOKIE = "__Host-d1b";
/** Long enough for any replica to have caught up; the bookmark is useless after that. */
const BOOKMARK_MAX_AGE_S = 5 * 60;
/** D1 bookmarks are hex fields joined by dashes; anything else is ignored, never passed to D1. */
const BOOKMARK_SHAPE = /^[0-9a-f]{8}(?:-[0-9a-f]{8,64}){2,4}$/i;

/** Outside production: the request's trips in a header, for tests and the edge measurement. */
export const D1_TRIPS_HEADER = "X-D1-Trips";

export const d1Session = createMiddleware<HonoEnv>(async (c, next) => {
  const bookmark = getCookie(c, BOOKMARK_COOKIE);
  const start: SessionStart = readSessionToken(c) ? "first-primary" : bookmark && BOOKMARK_SHAPE.test(bookmark) ? { bookmark } : "first-unconstrained";
  const latency = isLocalMode(c.env) ? parseSimulatedLatency(c.env.D1_SIMULATED_LATENCY) : undefined;
  const session = openCountedSession(c.env.DB, start, latency);
  c.set("db", createDb(session.database));
  c.set("d1Trips", session.trips);
  await next();
  if (c.res.status === 101) return; // a socket's upgrade answer is handed on untouched
  // A signed-in request starts at the primary anyway: only the others need their bookmark back.
  if (start !== "first-primary" && session.trips.writes > 0) {
    const newest = session.bookmark();
    if (newest && BOOKMARK_SHAPE.test(newest)) {
      setCookie(c, BOOKMARK_COOKIE, newest, { path: "/", httpOnly: true, secure: true, sameSite: "Lax", maxAge: BOOKMARK_MAX_AGE_S });
    }
  }
  if (c.env.APP_ENV !== "production") {
    const { primary, replica } = session.trips;
    const how = typeof start === "string" ? start : "bookmark";
    c.header(D1_TRIPS_HEADER, `primary=${primary}, replica=${replica}, start=${how}`);
  }
});
