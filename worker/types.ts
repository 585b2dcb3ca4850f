import type { AppEnv } from "./env";
import type { DB } from "./db/client";
import type { D1Trips } from "./db/d1-session";
import type { SessionUser } from "#contracts/auth.ts";

/** What the edge cache did for this request: served it, stored it, or was not asked. */
export type EdgeCacheStatus = "hit" | "miss" | "bypass";

export type Variables = {
  db: DB;
  user: SessionUser | null;
  sessionHash: string | null;
  /** Counted by the request's D1 session; read by the request log. */
  d1Trips: D1Trips;
  /** Set by the edge cache on the GETs it handles; unset elsewhere. */
  edgeCache: EdgeCacheStatus | undefined;
  /**
   * Set by a server-rendered page that every visitor may share: how long the edge cache may keep
   * it, while the browser is told to ask again each time (decision 061). Unset elsewhere.
   */
  edgeMaxAge: number | undefined;
  /** The body limit an upload route declares (uploadBody, worker/lib/upload-body.ts); unset on other routes. */
  uploadMaxBytes: number | undefined;
  /**
   * The pattern of the route that answered, set by a lazily loaded group (lib/lazy-routes.ts),
   * whose routes the mounting app cannot see; unset where the app's own route answered.
   */
  answeredBy: string | undefined;
};

export type HonoEnv = { Bindings: AppEnv; Variables: Variables };
