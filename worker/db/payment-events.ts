// The payments core's event log (docs/design.md#5-outside-services-live-and-local): each verified
// provider event's id, kept in the same batch as its effects, so a repeated delivery changes nothing.
import { eq } from "drizzle-orm";
import type { Statement } from "./d1";
import type { DB } from "./client";
import { paymentEvents } from "./schema/vip";

export async function isEventRecorded(db: DB, eventId: string) {
  const row = await db.select({ eventId: paymentEvents.eventId }).from(paymentEvents).where(eq(paymentEvents.eventId, eventId)).limit(1).get();
  return Boolean(row);
}

/** Plain INSERT: a second delivery of the same event fails here and rolls back its whole batch. */
export const recordEvent = (db: DB, event: { id: string; type: string }, now: number): Statement =>
  db
    .insert(paymentEvents)
    .values({ eventId: event.id, type: event.type, receivedAt: new Date(now) })
    .toSQL();

/** A verified event with no usable envelope: kept once, for the record, with no effect. */
export const recordMalformedEvent = (db: DB, event: { id: string; type: string }, now: number) =>
  db
    .insert(paymentEvents)
    .values({ eventId: event.id, type: event.type, receivedAt: new Date(now) })
    .onConflictDoNothing();
