// The VIP pass and the door (decision 027): a member as a pass shows them (VIP since when), pass
// numbers, the events the door checks in at, and the check-ins themselves. Every function reports
// what it found; the routes decide what that means for the door.
import { and, asc, count, desc, eq, gte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { DB } from "../client";
import { checkIns, events } from "../schema/events";
import { users } from "../schema/accounts";
import { vipPasses } from "../schema/vip";
import { displayUsername } from "../auth";
import { runBatch } from "../d1";
import { compGrantsVip, grantsVip } from "../payments";
import { eventEndsAt } from "../events";
import { listTicketCheckIns, ticketCheckInsSql } from "./check-in-tickets";
import { suspensionAt } from "../../lib/suspension";
import {
  CHECK_INS_LISTED,
  CHECK_IN_PAST_DAYS,
  type CheckInEntry,
  type CheckInEvent,
  type PassMember,
  type TicketCheckInEntry,
} from "#contracts/tickets/vip-pass.ts";

/** The first pass number given out; later ones count up from it, so every pass number has four digits or more. */
export const FIRST_PASS_NUMBER = 1001;

/** SQL: the `users` row of the statement is an administrator (an admins row, or the flag). */
const isAdminSql = sql<number>`(users.is_admin = 1 OR EXISTS (SELECT 1 FROM admins a WHERE a.user_id = users.id))`;

/**
 * SQL: when the member's current VIP began: the earliest start of a subscription that gives VIP
 * now, or of their complimentary grant still running, whichever came first. Null when neither gives VIP now
 * (an administrator who is not VIP). Ended subscriptions do not count: a member who left and came
 * back is VIP since they came back.
 */
const vipSinceSql = (now: number) =>
  sql<number | null>`(SELECT min(since) FROM (
    SELECT s.created_at AS since FROM subscriptions s WHERE s.user_id = users.id AND ${grantsVip(now)}
    UNION ALL SELECT c.granted_at FROM vip_comps c WHERE c.user_id = users.id AND ${compGrantsVip(now)}))`;

const memberColumns = (now: number) => ({
  id: users.id,
  email: users.email,
  username: users.username,
  avatarUrl: users.avatarUrl,
  status: users.status,
  banReason: users.banReason,
  bannedUntil: users.bannedUntil,
  bannedAt: users.bannedAt,
  isVip: users.isVip,
  isAdmin: isAdminSql,
  tierId: users.tierId,
  vipSince: vipSinceSql(now),
});

/** A member as the pass and the door see them, with what decides whether their pass is good. */
export type PassHolder = {
  member: PassMember;
  /** VIP as requireVIP sees it (the flag, or an administrator), and not under a ban in force now. */
  entitled: boolean;
  /** What an event's lowest tier asks of the pass (decision 108): the flags and the held tier's id (null: the free tier). */
  flags: { isVIP: boolean; isAdmin: boolean; tierId: string | null };
};

type MemberRow = {
  id: string;
  email: string;
  username: string;
  avatarUrl: string | null;
  status: "active" | "banned";
  banReason: string | null;
  bannedUntil: Date | null;
  bannedAt: Date | null;
  isVip: boolean;
  isAdmin: number;
  tierId: string | null;
  vipSince: number | null;
};

const toHolder = (row: MemberRow, now: number): PassHolder => {
  const username = displayUsername(row);
  return {
    member: { id: row.id, name: username, username, avatarUrl: row.avatarUrl, vipSince: row.vipSince === null ? null : new Date(row.vipSince).toISOString() },
    // The shared rule (lib/suspension.ts): a timed suspension past its end no longer refuses the pass.
    entitled: !suspensionAt(row, now) && (row.isVip || Boolean(row.isAdmin)),
    flags: { isVIP: row.isVip, isAdmin: Boolean(row.isAdmin), tierId: row.tierId },
  };
};

export async function findPassHolder(db: DB, userId: string, now = Date.now()): Promise<PassHolder | null> {
  const row = await db.select(memberColumns(now)).from(users).where(eq(users.id, userId)).get();
  return row ? toHolder(row, now) : null;
}

/** The member holding a pass number, or null when no pass has it. */
export async function findPassHolderByNumber(db: DB, passNumber: number, now = Date.now()): Promise<PassHolder | null> {
  const row = await db
    .select(memberColumns(now))
    .from(vipPasses)
    .innerJoin(users, eq(users.id, vipPasses.userId))
    .where(eq(vipPasses.number, passNumber))
    .get();
  return row ? toHolder(row, now) : null;
}

/**
 * The member's pass number, given now if they have none: the next after the highest. One statement,
 * so two members asking at once get different numbers (D1 runs one write at a time).
 */
export async function passNumberOf(db: DB, userId: string, now = Date.now()): Promise<number> {
  // Raw statements through runBatch: drizzle's batch takes no raw INSERT ... SELECT.
  const [, read] = await runBatch(db, [
    db
      .run(
        sql`INSERT INTO vip_passes (user_id, number, created_at)
        SELECT ${userId}, coalesce(max(number) + 1, ${FIRST_PASS_NUMBER}), ${now} FROM vip_passes WHERE true
        ON CONFLICT (user_id) DO NOTHING`,
      )
      .getQuery(),
    db.select({ number: vipPasses.number }).from(vipPasses).where(eq(vipPasses.userId, userId)).toSQL(),
  ]);
  const number = (read?.results[0] as { number?: unknown } | undefined)?.number;
  if (typeof number !== "number") throw new Error("vip_passes: no pass number after the insert");
  return number;
}

// ---- events and check-ins -------------------------------------------------------------------

/** A published, in-person event the door can check members in at (an online event has no door). */
export async function findDoorEvent(db: DB, eventId: string) {
  return (
    (await db
      .select({ id: events.id, vipMinTierId: events.vipMinTierId })
      .from(events)
      .where(and(eq(events.id, eventId), eq(events.status, "published"), eq(events.isOnline, false)))
      .get()) ?? null
  );
}

/**
 * Published in-person events from CHECK_IN_PAST_DAYS ago on, with their check-in counts: the
 * live and upcoming ones first, soonest first, then the past ones, latest first.
 */
export async function listDoorEvents(db: DB, now: number): Promise<CheckInEvent[]> {
  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      eventDate: events.eventDate,
      endDate: events.endDate,
      timeZone: events.timeZone,
      venueName: events.venueName,
      venueCity: events.venueCity,
      // events.id in plain SQL: drizzle writes a bare "id" for a one-table select, which inside
      // the subquery would mean check_ins.id.
      // Passes and tickets let in (decision 055).
      checkIns: sql<number>`(SELECT count(*) FROM check_ins ci WHERE ci.event_id = events.id) + ${ticketCheckInsSql}`,
    })
    .from(events)
    .where(and(eq(events.status, "published"), eq(events.isOnline, false), gte(events.eventDate, new Date(now - CHECK_IN_PAST_DAYS * 24 * 3600 * 1000))))
    .orderBy(asc(events.eventDate), asc(events.id));
  const listed = rows.map((row): CheckInEvent => {
    const ends = eventEndsAt(row);
    const phase = ends <= now ? "past" : row.eventDate.getTime() <= now ? "live" : "upcoming";
    return { ...row, eventDate: row.eventDate.toISOString(), endDate: row.endDate ? row.endDate.toISOString() : null, phase };
  });
  const past = listed.filter((e) => e.phase === "past").reverse();
  return [...listed.filter((e) => e.phase !== "past"), ...past];
}

export type CheckInWrite = { eventId: string; userId: string; staffId: string; method: "qr" | "code"; id: string };

/**
 * Records the member's entry, once per event. Returns when they were let in and whether it is
 * this call that let them in (false: an earlier check-in, whose time is returned).
 */
export async function recordCheckIn(db: DB, write: CheckInWrite, now = Date.now()): Promise<{ checkedInAt: Date; first: boolean }> {
  const [inserted, [existing]] = await db.batch([
    db
      .insert(checkIns)
      .values({ ...write, checkedInAt: new Date(now) })
      .onConflictDoNothing({ target: [checkIns.eventId, checkIns.userId] })
      .returning({ id: checkIns.id }),
    db
      .select({ id: checkIns.id, checkedInAt: checkIns.checkedInAt })
      .from(checkIns)
      .where(and(eq(checkIns.eventId, write.eventId), eq(checkIns.userId, write.userId))),
  ]);
  if (!existing) throw new Error("check_ins: no row after the insert");
  return { checkedInAt: existing.checkedInAt, first: inserted.length === 1 };
}

const staff = alias(users, "staff");

/** An event's check-ins, passes and tickets, newest first (at most CHECK_INS_LISTED), and how many there are. */
export async function listCheckIns(db: DB, eventId: string): Promise<{ total: number; checkIns: (CheckInEntry | TicketCheckInEntry)[] }> {
  const [passes, tickets] = await Promise.all([listPassCheckIns(db, eventId), listTicketCheckIns(db, eventId, CHECK_INS_LISTED)]);
  // Each list is newest first and at most CHECK_INS_LISTED long: the newest of both are among them.
  const merged = [...passes.checkIns, ...tickets.entries].sort((a, b) => (a.checkedInAt < b.checkedInAt ? 1 : a.checkedInAt > b.checkedInAt ? -1 : 0));
  return { total: passes.total + tickets.total, checkIns: merged.slice(0, CHECK_INS_LISTED) };
}

async function listPassCheckIns(db: DB, eventId: string): Promise<{ total: number; checkIns: CheckInEntry[] }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        username: users.username,
        avatarUrl: users.avatarUrl,
        checkedInAt: checkIns.checkedInAt,
        method: checkIns.method,
        staffEmail: staff.email,
        staffUsername: staff.username,
      })
      .from(checkIns)
      .innerJoin(users, eq(users.id, checkIns.userId))
      .leftJoin(staff, eq(staff.id, checkIns.staffId))
      .where(eq(checkIns.eventId, eventId))
      .orderBy(desc(checkIns.checkedInAt), desc(checkIns.id))
      .limit(CHECK_INS_LISTED),
    db.select({ n: count() }).from(checkIns).where(eq(checkIns.eventId, eventId)),
  ]);
  return {
    total: total?.n ?? 0,
    checkIns: rows.map((row) => {
      const name = displayUsername(row);
      return {
        member: { id: row.id, name, username: name, avatarUrl: row.avatarUrl },
        checkedInAt: row.checkedInAt.toISOString(),
        method: row.method,
        staffName: row.staffEmail === null ? null : displayUsername({ email: row.staffEmail, username: row.staffUsername ?? "" }),
      };
    }),
  };
}
