// Server-side authorization. The SPA's gates are convenience only.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { routeError, unauthorized } from "../lib/errors";
import type { HonoEnv } from "../types";
import type { SessionUser } from "#contracts/auth.ts";
import type { Actor } from "../db/audit";

type WithUser = HonoEnv & { Variables: HonoEnv["Variables"] & { user: SessionUser } };

export const requireUser = createMiddleware<WithUser>(async (c, next) => {
  if (!c.var.user) throw unauthorized();
  await next();
});

export const requireVIP = createMiddleware<WithUser>(async (c, next) => {
  const user = c.var.user;
  if (!user) throw unauthorized();
  if (!user.isVIP && !user.isAdmin) throw routeError("vip_required");
  await next();
});

export const requireAdmin = createMiddleware<WithUser>(async (c, next) => {
  const user = c.var.user;
  if (!user) throw unauthorized();
  if (!user.isAdmin) throw routeError("admin_required");
  await next();
});

/** Checking passes in at the door (/api/check-in): door staff and administrators; the role opens nothing else. */
export const requireDoorStaff = createMiddleware<WithUser>(async (c, next) => {
  const user = c.var.user;
  if (!user) throw unauthorized();
  if (!user.isDoorStaff && !user.isAdmin) throw routeError("door_staff_required");
  await next();
});

/** The signed-in administrator acting on a back-office route, as the audit log records them. */
export function actorOf(c: Context<HonoEnv>): Actor {
  const user = c.var.user;
  if (!user) throw unauthorized(); // requireAdmin runs first on every admin route
  return { id: user.id, email: user.email };
}
