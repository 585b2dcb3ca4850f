// E-mail verification and e-mail change (mounted under /api/auth beside routes/auth.ts):
// using a link (public: it may be opened in another browser), asking for a new link, and asking
// to move the account to a new address, which needs the current password and changes nothing
// until the link mailed to the new address is used; the old address is then told.
import { confirmSignupConsent } from "../db/newsletter";
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { requireUser } from "../middleware/guards";
import { validate } from "../lib/validate";
import { conflict, routeError, unauthorized, type ApiError } from "../lib/errors";
import { isRefused } from "../lib/outcome";
import { sha256Hex } from "../lib/crypto";
import { AUTH_MESSAGES } from "#contracts/auth.ts";
import {
  EMAIL_VERIFICATION_CODES as CODES,
  EMAIL_VERIFICATION_MESSAGES as MESSAGES,
  emailChangeSchema,
  verifyEmailSchema,
  type VerificationSentResponse,
  type VerifyEmailResponse,
} from "#contracts/email-verification.ts";
import { consumeEmailVerification, isEmailTakenByOther, setPendingEmail, type VerificationRefusal } from "../db/email-verification";
import { isUniqueViolation } from "../db/d1";
import { attachGuestPurchases } from "../db/store/collection";
import { users } from "../db/schema/accounts";
import { eq } from "drizzle-orm";
import { recheckPassword } from "../services/password-recheck";
import { countVerificationMail, sendEmailChangedNotice, sendVerificationLink, type MailContext } from "../services/email-verification";

type Ctx = MailContext & { var: { user: HonoEnv["Variables"]["user"] } };

const emailTaken = () => conflict(AUTH_MESSAGES.emailTaken, "email_taken");
const REFUSALS: Record<VerificationRefusal, () => ApiError> = {
  invalid: () => routeError(CODES.invalid),
  // A link for an address the member has since replaced with another request.
  stale: () => routeError(CODES.invalid),
  expired: () => routeError(CODES.expired),
};

/** The signed-in member's row, read fresh (the session's copy may predate a change). */
async function memberRow(c: Ctx) {
  const user = c.var.user;
  if (!user) throw unauthorized();
  const row = await c.var.db.select().from(users).where(eq(users.id, user.id)).limit(1).get();
  if (!row) throw unauthorized();
  return row;
}

export const emailVerificationRoutes = new Hono<HonoEnv>()
  .post("/verify-email", validate("json", verifyEmailSchema), async (c) => {
    const db = c.var.db;
    let used;
    try {
      used = await consumeEmailVerification(db, await sha256Hex(c.req.valid("json").token));
    } catch (err) {
      // Another account took the new address after the change was asked for.
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    }
    if (isRefused(used)) throw REFUSALS[used.refused]();
    // What was bought as a guest with the address now proven is the member's.
    await attachGuestPurchases(db, used.userId, used.email);
    // "Send me news" at sign-up waited for this click: the address is now proven.
    if (used.outcome !== "email_changed") await confirmSignupConsent(db, used.userId);
    if (used.outcome === "email_changed") {
      const row = await db.select().from(users).where(eq(users.id, used.userId)).limit(1).get();
      if (row) await sendEmailChangedNotice(c, row, used.previousEmail, used.email);
    }
    return c.json<VerifyEmailResponse>({ ok: true, outcome: used.outcome });
  })

  .post("/verify-email/resend", requireUser, async (c) => {
    const row = await memberRow(c);
    // What is waiting: the account's own address, else a new one asked for.
    const target =
      row.emailVerifiedAt === null
        ? { email: row.email, kind: "verify" as const }
        : row.pendingEmail
          ? { email: row.pendingEmail, kind: "change" as const }
          : null;
    if (!target) throw conflict(MESSAGES.alreadyVerified, CODES.alreadyVerified);
    await countVerificationMail(c, row.id, { resend: true });
    await sendVerificationLink(c, row, target.email, target.kind);
    return c.json<VerificationSentResponse>({ ok: true, sentTo: target.email });
  })

  .post("/email-change", requireUser, validate("json", emailChangeSchema), async (c) => {
    const { currentPassword, email } = c.req.valid("json");
    const db = c.var.db;
    const row = await memberRow(c);
    await recheckPassword(c, row, currentPassword);
    if (email === row.email.toLowerCase()) throw routeError(CODES.unchanged, { field: "email" });
    // The sign-up form already tells whether an address has an account, so this says no more;
    // it never says whose.
    if (await isEmailTakenByOther(db, email, row.id)) throw emailTaken();
    await countVerificationMail(c, row.id);
    await setPendingEmail(db, row.id, email);
    await sendVerificationLink(c, row, email, "change");
    return c.json<VerificationSentResponse>({ ok: true, sentTo: email });
  });
