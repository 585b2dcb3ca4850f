// /api/vip-pass: the signed-in VIP's pass for the current minute (decision 027). VIP members and
// administrators (requireVIP); the page asks again when the minute ends. Never cached: each answer
// is one member's, for one minute.
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { readConfig } from "../env";
import { requireVIP } from "../middleware/guards";
import { issuePass } from "../services/vip-pass";
import type { VipPassResponse } from "#contracts/tickets/vip-pass.ts";

export const vipPassRoutes = new Hono<HonoEnv>().get("/", requireVIP, async (c) =>
  c.json<VipPassResponse>(await issuePass(c.var.db, readConfig(c.env).SESSION_SECRET, c.var.user.id)),
);
