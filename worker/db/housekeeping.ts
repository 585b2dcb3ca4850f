// Rows that outlive their use: ended sessions, spent or expired reset, sign-in and verification
// links, closed rate-limit windows, sign-in slowdowns nobody has hit for a day, spent bot check
// tokens that have expired anyway. Run by the hourly
// cron so these tables stay the size of current activity (and the privacy policy's retention holds).
import { and, isNotNull, lt, or } from "drizzle-orm";
import type { DB } from "./client";
import { emailVerifications, loginThrottles, passwordResets, sessions, signInLinks } from "./schema/accounts";
import { mailWebhookDeliveries } from "./schema/mail";
import { rateLimits, spentBotCheckTokens } from "./schema/operations";
import { storeClaimLinks } from "./schema/store";
import { SESSION_IDLE_MS } from "./auth";
import { LOGIN_SLOWDOWN } from "#contracts/sign-in-link.ts";
import { DAY_MS } from "../lib/time";

/** Longer than the longest rate-limit window (contracts/limits.ts), so no open window is cut. */
const RATE_WINDOW_KEEP_MS = DAY_MS;
/** Spent reset links are kept a day, so a second click still says "used" rather than "unknown". */
const RESET_KEEP_MS = DAY_MS;
/** Providers retry a report for up to three days (Resend, through Svix; Postmark less): a week covers every retry. */
const MAIL_DELIVERY_KEEP_MS = 7 * DAY_MS;

export type PurgeCounts = {
  sessions: number;
  passwordResets: number;
  rateLimits: number;
  links: number;
  loginThrottles: number;
  mailDeliveries: number;
  botCheckTokens: number;
};

export async function purgeStaleRows(db: DB, now = Date.now()): Promise<PurgeCounts> {
  const [ended, resets, windows, signIns, verifications, claims, throttles, mailDeliveries, botCheckTokens] = await db.batch([
    db.delete(sessions).where(or(lt(sessions.expiresAt, new Date(now)), lt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS)))),
    db
      .delete(passwordResets)
      .where(
        or(
          lt(passwordResets.expiresAt, new Date(now - RESET_KEEP_MS)),
          and(isNotNull(passwordResets.usedAt), lt(passwordResets.usedAt, new Date(now - RESET_KEEP_MS))),
        ),
      ),
    db.delete(rateLimits).where(lt(rateLimits.windowStart, Math.floor((now - RATE_WINDOW_KEEP_MS) / 1000))),
    // Sign-in and verification links answer "used" or "expired" for a day, then go.
    db.delete(signInLinks).where(lt(signInLinks.expiresAt, new Date(now - RESET_KEEP_MS))),
    db.delete(emailVerifications).where(lt(emailVerifications.expiresAt, new Date(now - RESET_KEEP_MS))),
    db.delete(storeClaimLinks).where(lt(storeClaimLinks.expiresAt, new Date(now - RESET_KEEP_MS))),
    // A slowdown is forgotten after a quiet period anyway; its row goes once no wait is running.
    db
      .delete(loginThrottles)
      .where(and(lt(loginThrottles.lastFailureAt, new Date(now - LOGIN_SLOWDOWN.forgetAfterMs)), lt(loginThrottles.notBefore, new Date(now)))),
    db.delete(mailWebhookDeliveries).where(lt(mailWebhookDeliveries.receivedAt, now - MAIL_DELIVERY_KEEP_MS)),
    // An expired token is refused for its age: its spent mark is no longer needed.
    db.delete(spentBotCheckTokens).where(lt(spentBotCheckTokens.expiresAt, now)),
  ]);
  return {
    sessions: ended.meta.changes,
    passwordResets: resets.meta.changes,
    rateLimits: windows.meta.changes,
    links: signIns.meta.changes + verifications.meta.changes + claims.meta.changes,
    loginThrottles: throttles.meta.changes,
    mailDeliveries: mailDeliveries.meta.changes,
    botCheckTokens: botCheckTokens.meta.changes,
  };
}
