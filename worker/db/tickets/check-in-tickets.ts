// Tickets at the door (decision 055): letting a ticket in once, and reading what the door may know
// of it (its type, holder, owner's name, event, who let it in; never its order, price or e-mails).
// The admission is one conditional UPDATE batched with the read that follows it, so two doors
// scanning the same ticket at once get one `valid` and one `already_checked_in`.
import { and, desc, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { DB } from "../client";
import { logOrderAccess } from "../order-access-log";
import { FRAUD_WARNING_CLAIM_PREFIX } from "../refund-claims";
import { eventTickets, ticketTypes } from "../schema/tickets";
import { events } from "../schema/events";
import { users } from "../schema/accounts";
import { displayUsername } from "../auth";
import type { EventTicketStatus } from "#contracts/tickets/event-tickets-model.ts";
import type { CheckInTicket, TicketCheckInEntry } from "#contracts/tickets/vip-pass.ts";

const owner = alias(users, "owner");
const staff = alias(users, "staff");

/** How the door read the ticket: its QR's claims (id and token version) or its typed code. */
export type TicketRead = { by: "token"; ticketId: string; version: number } | { by: "code"; code: string };

/** The stored ticket the door compares the read with, and what it shows of it. */
export type DoorTicket = {
  ticket: CheckInTicket;
  status: EventTicketStatus;
  tokenVersion: number;
  checkedInAt: Date | null;
  /** Its type is for watching online (decision 113): it opens no door. */
  online: boolean;
  /** A fraud warning is refunding its order: refused as refunded. */
  refundPending: boolean;
};

/**
 * SQL: an early fraud warning has claimed the refund of the ticket's order (decision 150). The
 * ticket is still valid until the refund's event revokes it, but it is being refunded: the door
 * refuses it, in the admission's own statement, so a ticket is never both let in and refunded.
 * (The column is named with its table: drizzle writes an UPDATE's columns bare, which the subquery
 * would read as its own.)
 */
const refundClaimedByWarning = sql`EXISTS (SELECT 1 FROM refund_claims rc WHERE rc.order_id = event_tickets.order_id AND rc.key LIKE ${`${FRAUD_WARNING_CLAIM_PREFIX}%`})`;

export type AdmitOutcome = { admitted: true; found: DoorTicket } | { admitted: false; found: DoorTicket | null };

/**
 * The owner's and the staff member's name columns under names of their own: D1 answers a batch's
 * rows as objects keyed by column name, so two `email` columns would overwrite each other.
 */
const people = {
  ownerEmail: sql<string | null>`${owner.email}`.as("owner_email"),
  ownerUsername: sql<string | null>`${owner.username}`.as("owner_username"),
  staffEmail: sql<string | null>`${staff.email}`.as("staff_email"),
  staffUsername: sql<string | null>`${staff.username}`.as("staff_username"),
};

const nameOf = (row: { email: string | null; username: string | null }) =>
  row.email === null ? null : displayUsername({ email: row.email, username: row.username ?? "" });

/**
 * Lets the ticket in at `eventId` when it is valid, of that event, not yet in and (read by its QR)
 * of the current token version: one conditional statement. Then reads the row (in the same batch)
 * so a refusal can say why. `found` is null when no ticket has that id or code.
 */
export async function admitTicket(db: DB, eventId: string, read: TicketRead, staffId: string, now: number): Promise<AdmitOutcome> {
  const which: SQL = read.by === "token" ? eq(eventTickets.id, read.ticketId) : eq(eventTickets.code, read.code);
  const admit =
    read.by === "token"
      ? and(which, eq(eventTickets.tokenVersion, read.version))
      : // A typed code is the current one by construction: a transfer draws a new code.
        which;
  const [updated, [row]] = await db.batch([
    db
      .update(eventTickets)
      .set({ checkedInAt: new Date(now), checkedInBy: staffId })
      .where(
        and(
          admit,
          eq(eventTickets.eventId, eventId),
          eq(eventTickets.status, "valid"),
          sql`${eventTickets.checkedInAt} IS NULL`,
          sql`NOT EXISTS (SELECT 1 FROM ticket_types tt WHERE tt.id = ${eventTickets.ticketTypeId} AND tt.kind = 'online')`,
          sql`NOT ${refundClaimedByWarning}`,
        ),
      )
      .returning({ id: eventTickets.id, orderId: eventTickets.orderId, code: eventTickets.code }),
    db
      .select({
        id: eventTickets.id,
        typeName: eventTickets.typeName,
        typeNamePtBr: ticketTypes.namePtBr,
        holderName: eventTickets.holderName,
        ...people,
        eventId: eventTickets.eventId,
        eventTitle: events.title,
        eventDate: events.eventDate,
        timeZone: events.timeZone,
        status: eventTickets.status,
        tokenVersion: eventTickets.tokenVersion,
        checkedInAt: eventTickets.checkedInAt,
        typeKind: ticketTypes.kind,
        refundPending: sql<number>`${refundClaimedByWarning}`,
      })
      .from(eventTickets)
      .innerJoin(events, eq(events.id, eventTickets.eventId))
      .leftJoin(ticketTypes, eq(ticketTypes.id, eventTickets.ticketTypeId))
      .leftJoin(owner, eq(owner.id, eventTickets.ownerUserId))
      .leftJoin(staff, eq(staff.id, eventTickets.checkedInBy))
      .where(which),
  ]);
  const found: DoorTicket | null = row
    ? {
        ticket: {
          id: row.id,
          typeName: row.typeName,
          typeNamePtBr: row.typeNamePtBr ?? null,
          holderName: row.holderName,
          ownerName: nameOf({ email: row.ownerEmail, username: row.ownerUsername }),
          event: { id: row.eventId, title: row.eventTitle, eventDate: row.eventDate.toISOString(), timeZone: row.timeZone },
          checkedInBy: nameOf({ email: row.staffEmail, username: row.staffUsername }),
        },
        status: row.status,
        tokenVersion: row.tokenVersion,
        checkedInAt: row.checkedInAt,
        online: row.typeKind === "online",
        refundPending: Boolean(row.refundPending),
      }
    : null;
  const admitted = updated[0];
  if (updated.length === 1 && admitted) {
    if (!found) throw new Error("event_tickets: no row after the admission");
    // The order's access log (decision 094): the one admission, for a dispute's evidence.
    if (admitted.orderId)
      await logOrderAccess(db, admitted.orderId, { kind: "check_in", at: now, ip: null, detail: { ticket: admitted.code, event: eventId } });
    return { admitted: true, found };
  }
  return { admitted: false, found };
}

/** SQL: how many tickets of the event (`events.id` of the outer statement) have been let in. */
export const ticketCheckInsSql = sql<number>`(SELECT count(*) FROM event_tickets et WHERE et.event_id = events.id AND et.checked_in_at IS NOT NULL)`;

/** The event's tickets let in, newest first (at most `limit`), and how many there are. */
export async function listTicketCheckIns(db: DB, eventId: string, limit: number): Promise<{ total: number; entries: TicketCheckInEntry[] }> {
  const where = and(eq(eventTickets.eventId, eventId), isNotNull(eventTickets.checkedInAt));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: eventTickets.id,
        typeName: eventTickets.typeName,
        typeNamePtBr: ticketTypes.namePtBr,
        holderName: eventTickets.holderName,
        ...people,
        checkedInAt: eventTickets.checkedInAt,
      })
      .from(eventTickets)
      .leftJoin(ticketTypes, eq(ticketTypes.id, eventTickets.ticketTypeId))
      .leftJoin(owner, eq(owner.id, eventTickets.ownerUserId))
      .leftJoin(staff, eq(staff.id, eventTickets.checkedInBy))
      .where(where)
      .orderBy(desc(eventTickets.checkedInAt), desc(eventTickets.id))
      .limit(limit),
    db
      .select({ n: sql<number>`count(*)` })
      .from(eventTickets)
      .where(where),
  ]);
  return {
    total: total?.n ?? 0,
    entries: rows.map((row) => ({
      ticket: {
        id: row.id,
        typeName: row.typeName,
        typeNamePtBr: row.typeNamePtBr ?? null,
        holderName: row.holderName,
        ownerName: nameOf({ email: row.ownerEmail, username: row.ownerUsername }),
      },
      checkedInAt: row.checkedInAt!.toISOString(),
      staffName: nameOf({ email: row.staffEmail, username: row.staffUsername }),
    })),
  };
}
