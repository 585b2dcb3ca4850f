// Sign-in for a member under a ban, once their password has been checked: a ban in force is
// answered 403 account_suspended with its reason and end, so the member learns why and until when
// (and nobody without the password learns that the address is banned: that answer stays 401). A
// timed ban past its end is cleared here, lazily, and sign-in goes on.
import type { DB } from "../db/client";
import type { UserRow } from "../db/schema/accounts";
import { clearEndedSuspension } from "../db/suspensions";
import { routeError } from "../lib/errors";
import { suspensionAt, suspensionEnded } from "../lib/suspension";
import { ACCOUNT_SUSPENDED_CODE, suspendedMessage, type AccountSuspendedParams } from "#contracts/suspension.ts";

/** Throws the 403 for a ban in force; clears an ended one. Call only after the password matched. */
export async function refuseIfSuspended(db: DB, user: UserRow, now = Date.now()): Promise<void> {
  const ban = suspensionAt(user, now);
  if (ban) {
    const params: AccountSuspendedParams = { reason: ban.reason, ...(ban.until ? { until: ban.until.toISOString() } : {}) };
    throw routeError(ACCOUNT_SUSPENDED_CODE, { message: suspendedMessage(params), params });
  }
  if (suspensionEnded(user, now)) await clearEndedSuspension(db, user.id, now);
}
