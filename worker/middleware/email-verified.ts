// The one check for actions that need a verified e-mail address: posting, commenting, the VIP
// chat and checkout. An unverified member may still browse, read and edit their profile. Runs
// after requireUser/requireVIP, so a visitor keeps their 401 and a member without VIP their 403.
import { createMiddleware } from "hono/factory";
import { forbidden, unauthorized } from "../lib/errors";
import type { HonoEnv } from "../types";
import type { SessionUser } from "#contracts/auth.ts";
import { EMAIL_VERIFICATION_CODES, EMAIL_VERIFICATION_MESSAGES } from "#contracts/email-verification.ts";

type WithUser = HonoEnv & { Variables: HonoEnv["Variables"] & { user: SessionUser } };

export const requireVerifiedEmail = createMiddleware<WithUser>(async (c, next) => {
  const user = c.var.user;
  if (!user) throw unauthorized();
  if (!user.emailVerified) throw forbidden(EMAIL_VERIFICATION_MESSAGES.unverified, EMAIL_VERIFICATION_CODES.unverified);
  await next();
});
