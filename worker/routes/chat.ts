// /api/chat: the VIP chat (spec: VIP or admin). Its one route is the live socket: the Worker checks
// the session, the role and the Origin, then hands the upgrade to the member's own ChatThread with
// who they are, so no member can ever reach another's thread.
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import type { SessionUser } from "#contracts/auth.ts";
import { requireVIP } from "../middleware/guards";
import { requireVerifiedEmail } from "../middleware/email-verified";
import { forwardUpgrade, websocketUpgrade } from "../middleware/websocket";
import { CHAT_MEMBER_ADMIN_HEADER, CHAT_MEMBER_NAME_HEADER, CHAT_MEMBER_VIP_HEADER, chatThread } from "../services/realtime/chat-thread";

/** How the persona sees the member (docs/features.md#vip-chat: username, VIP and admin flags); header values are ASCII, so the name is URI-encoded. */
const memberHeaders = (user: SessionUser) => ({
  [CHAT_MEMBER_NAME_HEADER]: encodeURIComponent(user.username),
  [CHAT_MEMBER_VIP_HEADER]: user.isVIP ? "1" : "0",
  [CHAT_MEMBER_ADMIN_HEADER]: user.isAdmin ? "1" : "0",
});

export const chatRoutes = new Hono<HonoEnv>().get("/live", requireVIP, requireVerifiedEmail, websocketUpgrade, async (c) => {
  const user = c.var.user;
  return forwardUpgrade(c.req.raw, { userId: user.id, sessionHash: c.var.sessionHash }, chatThread(c.env, user.id), memberHeaders(user));
});
