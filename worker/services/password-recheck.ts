// The current password asked again before a sensitive change (password, e-mail, deletion, data
// export). A signed-in session may be borrowed or stolen, so the guesses it can make are bounded
// per member and per client address, and every attempt is counted BEFORE the password is checked:
// once over the bound, every answer is the same 429, so a guess past the limit learns nothing, not
// even a right one, however many are sent at once.
import type { Context } from "hono";
import { ACCOUNT_MESSAGES } from "#contracts/account.ts";
import { RATE_LIMIT_MESSAGE, RATE_LIMITS } from "#contracts/limits.ts";
import { readConfig } from "../env";
import { routeError, tooManyRequests } from "../lib/errors";
import { verifyPassword } from "../lib/password";
import type { HonoEnv } from "../types";
import { clearRateLimit, clientIp, countEvent } from "./rate-limit";

/**
 * Resolves when `password` is the member's; otherwise throws 403 invalid_credentials at the
 * currentPassword field, or 429 once this member or this address has used its wrong guesses.
 */
export async function recheckPassword<E extends HonoEnv>(c: Context<E>, member: { id: string; passwordHash: string }, password: string): Promise<void> {
  const db = c.var.db;
  const budgets = [
    { key: `password:fail:${member.id}`, limit: RATE_LIMITS.passwordChangeFailuresPerMember },
    { key: `password:fail-ip:${clientIp(c.req)}`, limit: RATE_LIMITS.passwordRecheckFailuresPerIp },
  ];
  // Every attempt is counted first, in one upsert per budget, so concurrent guesses cannot all pass
  // a check made before any of them is counted.
  const counts = await Promise.all(budgets.map(({ key, limit }) => countEvent(db, key, limit)));
  if (budgets.some(({ limit }, i) => counts[i]! > limit[0])) throw tooManyRequests(RATE_LIMIT_MESSAGE);
  if (await verifyPassword(password, member.passwordHash, readConfig(c.env).PASSWORD_PEPPER)) {
    // The member's own attempts were theirs; the address's stay counted, as it may guess for others.
    await clearRateLimit(db, budgets[0]!.key, budgets[0]!.limit);
    return;
  }
  throw routeError("invalid_credentials", { status: 403, message: ACCOUNT_MESSAGES.currentPasswordWrong, field: "currentPassword" });
}
