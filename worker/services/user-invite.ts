// Invitations from the back office: an e-mail with a link to the sign-up form, the address filled
// in. Rate limited per admin and per address; an address that already has an account is refused.
import { readConfig, type AppEnv } from "../env";
import type { DB } from "../db/client";
import { recordAudit, type Actor } from "../db/audit";
import { findUserByEmail } from "../db/auth";
import { conflict, routeError } from "../lib/errors";
import { hitRateLimit } from "./rate-limit";
import { createMailService } from "./mail";
import { invitationMail } from "./mail/templates";
import type { Locale } from "#contracts/locale.ts";
import { INVITE_RATE_LIMITS, USER_ADMIN_ERROR_CODES as CODES, USER_ADMIN_MESSAGES as MESSAGES } from "#contracts/admin/users.ts";

/** The sign-up page with the invited address filled in. */
export function invitationLink(origin: string, email: string) {
  const link = new URL("/social/signup", origin);
  link.searchParams.set("email", email);
  return link.toString();
}

/** `email` is already normalised (trimmed, lower case) by the contract. */
/** `locale`: the invitation's language (the admin's choice in the invite form). */
export async function sendInvitation(env: AppEnv, db: DB, actor: Actor, email: string, origin: string, locale: Locale) {
  if (await findUserByEmail(db, email)) throw conflict(MESSAGES.emailTaken, CODES.emailTaken);
  await hitRateLimit(db, `invite:admin:${actor.id}`, INVITE_RATE_LIMITS.perAdmin);
  await hitRateLimit(db, `invite:address:${email}`, INVITE_RATE_LIMITS.perAddress);
  const mail = invitationMail({ to: email, link: invitationLink(origin, email), brandName: readConfig(env).BRAND_NAME, locale });
  try {
    await createMailService(env, db).send(mail);
  } catch (err) {
    console.error("invitation mail failed", err);
    throw routeError(CODES.inviteFailed, { message: MESSAGES.inviteFailed });
  }
  // After the send: the log says who was invited, not who an admin tried to invite.
  await recordAudit(db, { actor, action: "user.invite", targetType: "invitation", targetId: null, summary: { after: { email } } });
}
