// The VIP pass and the door (decision 027): issuing a member's pass for the current minute, and
// reading a pass at the door into one of the answers the check-in page shows. The tokens and codes
// themselves are worker/lib/vip-pass.ts; the rows are worker/db/tickets/check-in.ts.
import type { DB } from "../db/client";
import { findDoorEvent, findPassHolder, findPassHolderByNumber, passNumberOf, recordCheckIn, type PassHolder } from "../db/tickets/check-in";
import { newId } from "../lib/crypto";
import { routeError, tooManyRequests } from "../lib/errors";
import { checkPassTimeCode, formatPassCode, parsePassCode, passTimeCode, passWindow, signPassToken, verifyPassToken, windowEndsAt } from "../lib/vip-pass";
import { verifyTicketToken } from "../lib/ticket-token";
import { readTicket } from "./ticket-door";
import { giveBackAttempt, hitRateLimit, takeAttempt } from "./rate-limit";
import { RATE_LIMITS, RATE_LIMIT_MESSAGE } from "#contracts/limits.ts";
import { CHECK_IN_ERROR_CODES, type CheckInResponse, type VipPassResponse } from "#contracts/tickets/vip-pass.ts";
import { normaliseTicketCode } from "#contracts/tickets/event-tickets-model.ts";
import { FREE_TIER, VIP_TIER } from "#contracts/tiers/tiers.ts";
import { passesVipTier, tiersForMinTiers } from "../db/tiers/gate";

/** The member's pass for the minute `now` falls in. 403 vip_required when they are not (or no longer) VIP. */
export async function issuePass(db: DB, secret: string, userId: string, now = Date.now()): Promise<VipPassResponse> {
  const holder = await findPassHolder(db, userId, now);
  // The session said VIP; the row is read again so the pass says "since" from the same read.
  if (!holder?.entitled) throw routeError(CHECK_IN_ERROR_CODES.vipRequired);
  const passNumber = await passNumberOf(db, userId, now);
  const [token, timeCode] = await Promise.all([signPassToken(secret, userId, now), passTimeCode(secret, userId, now)]);
  return {
    token,
    code: formatPassCode(passNumber, timeCode),
    passNumber,
    expiresAt: new Date(windowEndsAt(passWindow(now))).toISOString(),
    serverTime: new Date(now).toISOString(),
    member: holder.member,
  };
}

export type DoorRead = { staffId: string; eventId: string; token?: string; code?: string };

/**
 * Reads a pass or a ticket (decision 055) at the door and, when it is good, lets the member or the
 * ticket in (once per event). Counts the staff member's reads (429 past RATE_LIMITS.checkInsPerStaff)
 * and wrong typed codes, pass and ticket codes alike (past RATE_LIMITS.checkInCodeFailuresPerStaff
 * their typed codes are refused until the window ends). 404 event_not_found for an event the door
 * does not check in at.
 */
export async function checkIn(db: DB, secret: string, read: DoorRead, now = Date.now()): Promise<CheckInResponse> {
  await hitRateLimit(db, `check-in:staff:${read.staffId}`, RATE_LIMITS.checkInsPerStaff, now);
  const event = await findDoorEvent(db, read.eventId);
  if (!event) throw routeError(CHECK_IN_ERROR_CODES.eventNotFound);
  const found =
    read.token !== undefined ? await readToken(db, secret, read, read.token, now) : await readCode(db, secret, { ...read, code: read.code ?? "" }, now);
  if (found.result !== "valid") return found.answer;
  const { holder, method } = found;
  if (!(await passesDoorTier(db, holder, event.vipMinTierId))) return { result: "below_tier", member: holder.member };
  const { checkedInAt, first } = await recordCheckIn(db, { id: newId(), eventId: read.eventId, userId: holder.member.id, staffId: read.staffId, method }, now);
  return { result: first ? "valid" : "already_checked_in", member: holder.member, checkedInAt: checkedInAt.toISOString() };
}

/** Whether the pass's member holds the event's lowest tier (decision 108; none named: VIP and above, which the pass already is). */
async function passesDoorTier(db: DB, holder: PassHolder, minTierId: string | null) {
  if (minTierId === null) return true;
  const tiers = await tiersForMinTiers(db, [minTierId]);
  const { isVIP, isAdmin, tierId } = holder.flags;
  const held = tierId === null ? null : tiers.find((t) => t.id === tierId);
  const tier = held ? { id: held.id, rank: held.rank } : isVIP ? VIP_TIER : FREE_TIER;
  return passesVipTier({ isVIP, isAdmin, tier }, minTierId, tiers);
}

/** A live pass to let in, or the answer already decided (a refusal, or a ticket read). */
type Found = { result: "valid"; holder: PassHolder; method: "qr" | "code" } | { result: "answered"; answer: CheckInResponse };

const answered = (answer: CheckInResponse): Found => ({ result: "answered", answer });

/** A live pass of a member who is still VIP; else the answer that says why not. */
function judge(holder: PassHolder, live: boolean, method: "qr" | "code"): Found {
  if (!live) return answered({ result: "expired", member: holder.member });
  if (!holder.entitled) return answered({ result: "not_vip", member: holder.member });
  return { result: "valid", holder, method };
}

async function readToken(db: DB, secret: string, door: DoorRead, token: string, now: number): Promise<Found> {
  // A ticket's QR (audience event-ticket) first; any other token is a pass's or nothing.
  const ticket = await verifyTicketToken(secret, token);
  if (ticket) {
    const read = { by: "token", ticketId: ticket.ticketId, version: ticket.version } as const;
    return answered((await readTicket(db, door.eventId, read, door.staffId, now)) ?? { result: "unknown" });
  }
  const check = await verifyPassToken(secret, token, now);
  if (check.status === "unknown") return answered({ result: "unknown" });
  const holder = await findPassHolder(db, check.userId, now);
  // A signed pass of a member whose account is gone names nobody.
  if (!holder) return answered({ result: "unknown" });
  return judge(holder, check.status === "valid", "qr");
}

async function readCode(db: DB, secret: string, door: DoorRead & { code: string }, now: number): Promise<Found> {
  const key = `check-in:code-fail:${door.staffId}`;
  const limit = RATE_LIMITS.checkInCodeFailuresPerStaff;
  // Every typed code takes an attempt before it is read, in the statement that checks the limit, so
  // racing guesses cannot all pass a check made before any was counted; and a guess past the limit
  // learns nothing, not even a right one. A code that turns out right gives its attempt back.
  if (!(await takeAttempt(db, key, limit, now))) throw tooManyRequests(RATE_LIMIT_MESSAGE);
  const found = await judgeCode(db, secret, door, now);
  if (!found.wrong) await giveBackAttempt(db, key, limit, now);
  return found;
}

/** A typed code's answer, and whether it was a wrong guess (what the limit counts). */
async function judgeCode(db: DB, secret: string, door: DoorRead & { code: string }, now: number): Promise<Found & { wrong?: true }> {
  const wrong = (answer: CheckInResponse) => ({ ...answered(answer), wrong: true as const });
  // A ticket's code (TKT-XXXX-XXXX, or its eight characters in any spelling) first: a real one,
  // whatever its answer, is not a wrong guess. A code no ticket has may still be a pass's.
  const ticketCode = normaliseTicketCode(door.code);
  const ticketAnswer = ticketCode ? await readTicket(db, door.eventId, { by: "code", code: ticketCode }, door.staffId, now) : null;
  if (ticketAnswer) return answered(ticketAnswer);
  const parsed = parsePassCode(door.code);
  const holder = parsed ? await findPassHolderByNumber(db, parsed.passNumber, now) : null;
  // An unknown code never names the member: a guessed pass number learns nothing.
  if (!parsed || !holder) return wrong({ result: "unknown" });
  const status = await checkPassTimeCode(secret, holder.member.id, parsed.timeCode, now);
  if (status === "unknown") return wrong({ result: "unknown" });
  if (status === "expired") return wrong({ result: "expired", member: holder.member });
  return judge(holder, true, "code");
}
