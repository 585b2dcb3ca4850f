// POST /api/collect: the SPA's page-view beacon (navigator.sendBeacon, so JSON arrives as
// text/plain too). Always a quick 204, counted or not; only a malformed body is a 400. Robots,
// automated browsers, Global Privacy Control and back-office paths are not counted. The rest is
// done after the answer (waitUntil): the visitor id is derived from IP and user agent under the
// day's salt, and the view goes to the AnalyticsBuffer, which applies the per-IP limit and writes
// views to D1 in batches. The IP and the user agent are never stored.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../types";
import { collectBodySchema, type CollectBody } from "#contracts/admin/analytics.ts";
import { badRequest } from "../lib/errors";
import { clientIp } from "../services/rate-limit";
import { countedPath, deviceOf, isRobot, referrerHost, refusesTracking } from "../lib/analytics/classify";
import { visitorKeys } from "../services/analytics/visitor";
import { analyticsBufferFor } from "../services/realtime/analytics-buffer";
import type { IncomingView } from "../services/analytics/buffer";
import type { AppEnv } from "../env";
import type { DB } from "../db/client";

const ACCEPTED_TYPES = /^(?:application\/json|text\/plain)\s*(?:;|$)/i;

async function readBody(c: Context<HonoEnv>): Promise<CollectBody> {
  const type = c.req.header("content-type");
  if (type && !ACCEPTED_TYPES.test(type)) throw badRequest("Expected a JSON body", "invalid_input");
  let json: unknown;
  try {
    json = JSON.parse(await c.req.text());
  } catch {
    throw badRequest("Expected a JSON body", "invalid_input");
  }
  const parsed = collectBodySchema.safeParse(json);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid input", "invalid_input");
  return parsed.data;
}

type Hit = { ip: string; userAgent: string; view: Omit<IncomingView, "visitorId" | "ipKey"> };

/** Hashes the client away and hands the view to its buffer. Runs after the answer. */
async function record(env: AppEnv, db: DB, { ip, userAgent, view }: Hit) {
  try {
    const keys = await visitorKeys(db, ip, userAgent, view.at);
    await analyticsBufferFor(env, keys.ipKey).record({ ...view, ...keys });
  } catch (error) {
    // A lost page view is not worth a failed request; the log says why.
    console.error("analytics: page view not recorded:", error);
  }
}

export const collectRoutes = new Hono<HonoEnv>().post("/", async (c) => {
  const body = await readBody(c);
  const userAgent = c.req.header("user-agent");
  const path = countedPath(body.path);
  if (isRobot(userAgent) || refusesTracking(c.req.header("sec-gpc")) || path === null) return c.body(null, 204);
  const view = {
    at: Date.now(),
    path,
    referrerHost: referrerHost(body.referrer, new URL(c.req.url).hostname),
    device: deviceOf(body.width),
    signedIn: c.var.user !== null,
  };
  c.executionCtx.waitUntil(record(c.env, c.var.db, { ip: clientIp(c.req), userAgent: userAgent ?? "", view }));
  return c.body(null, 204);
});
