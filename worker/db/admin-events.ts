// The back office's reads and writes of events. Each write and its audit row go in one D1 batch;
// the route then forgets the public pages' memo (EVENTS_MEMO_PREFIX) so the change shows at once.
import { and, desc, eq, type SQL } from "drizzle-orm";
import type { DB } from "./client";
import { events } from "./schema/events";
import { auditInsert, type Actor } from "./audit";
import { amountToCents, centsToAmount, findEvent, type EventRow } from "./events";
import { matchesSearch } from "./admin-search";
import type { AdminEvent, EventSourceFilter, EventStatusFilter, EventValues, ReminderCounts } from "#contracts/admin/events.ts";
import type { OfferCodeCounts } from "#contracts/offer-codes.ts";
import { countOfferCodes, deletePoolStatement } from "./offer-codes";
import { runBatch } from "./d1";
import { reminderCounts } from "./reminders";
import { waitingCounts } from "./notify-me";
import { auditDetail, type AuditEventTextField } from "#contracts/audit-detail.ts";
import { iso } from "../lib/time";
import type { AdminTicketType } from "#contracts/tickets/admin-ticket-types.ts";
import { listTicketTypes, ticketTypesByEvent } from "./tickets/admin-ticket-types";

/** The events table's default: prices are typed in dollars. */

const NO_REMINDERS: ReminderCounts = { active: 0, pending: 0 };

/**
 * `codes`: the unique presale codes' counts, for an event in that mode (presaleCodeCounts);
 * `reminders`: its "Remind me" counts (reminderCounts); `ticketTypes`: what it sells here.
 */
export const toAdminEvent = (
  row: EventRow,
  codes: OfferCodeCounts | null = null,
  reminders: ReminderCounts = NO_REMINDERS,
  ticketTypes: AdminTicketType[] = [],
  notifyWaiting = 0,
): AdminEvent => ({
  id: row.id,
  title: row.title,
  description: row.description,
  titlePtBR: row.titlePtBr,
  descriptionPtBR: row.descriptionPtBr,
  soldOut: row.soldOut,
  eventDate: row.eventDate.toISOString(),
  timeZone: row.timeZone,
  status: row.status,
  source: row.source,
  eventbriteId: row.eventbriteId,
  externalTicketUrl: row.externalTicketUrl,
  online: row.isOnline,
  joinUrl: row.joinUrl,
  venueId: row.venueId,
  venueName: row.venueName,
  venueAddress: row.venueAddress,
  venueCity: row.venueCity,
  venueState: row.venueState,
  venueCountry: row.venueCountry,
  venuePostalCode: row.venuePostalCode,
  venueCapacity: row.venueCapacity,
  ticketPriceMin: centsToAmount(row.ticketPriceMinCents),
  ticketPriceMax: centsToAmount(row.ticketPriceMaxCents),
  currency: row.currency,
  ticketSaleStart: iso(row.ticketSaleStart),
  ticketSaleEnd: iso(row.ticketSaleEnd),
  presaleCodeMode: row.presaleCodeMode,
  presaleStartsAt: iso(row.presaleStartsAt),
  presaleEndsAt: iso(row.presaleEndsAt),
  generalSaleAt: iso(row.generalSaleAt),
  presaleSharedCode: row.presaleSharedCode,
  presaleMinTierId: row.presaleMinTierId,
  vipMinTierId: row.vipMinTierId,
  presaleCodes: row.presaleCodeMode === "unique" ? (codes ?? { total: 0, claimed: 0, left: 0 }) : null,
  reminderOffsets: row.reminderOffsets,
  reminders: { ...reminders },
  notifyWaiting,
  ticketTypes,
  ticketsTaken: row.ticketsTaken,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export type EventFilters = { search?: string; status: EventStatusFilter; source: EventSourceFilter };

/**
 * Events of a status and source, latest date first, whose title, venue name or venue city contains
 * the search in any case. The search runs here rather than in SQL: SQLite's LIKE and lower() fold
 * ASCII letters only, and 'SÃO PAULO' must find 'São Paulo'. A fan site has hundreds of events.
 */
export async function listAdminEvents(db: DB, filters: EventFilters): Promise<AdminEvent[]> {
  const conditions: SQL[] = [];
  if (filters.status !== "all") conditions.push(eq(events.status, filters.status));
  if (filters.source !== "all") conditions.push(eq(events.source, filters.source));
  const rows = await db
    .select()
    .from(events)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(events.eventDate), desc(events.id));
  const shown = rows.filter((row) => matchesSearch(filters.search, [row.title, row.venueName, row.venueCity]));
  const ids = shown.map((row) => row.id);
  const [counts, reminders, types, waiting] = await Promise.all([
    presaleCodeCounts(db, shown),
    reminderCounts(db, ids),
    ticketTypesByEvent(db, ids),
    waitingCounts(db, "event", ids),
  ]);
  return shown.map((row) => toAdminEvent(row, counts.get(row.id), reminders.get(row.id), types.get(row.id), waiting.get(row.id)));
}

/** One event as the back office sees it, with its codes' and reminders' counts and its ticket types. */
export async function adminEventOf(db: DB, row: EventRow): Promise<AdminEvent> {
  const [counts, reminders, types, waiting] = await Promise.all([
    presaleCodeCounts(db, [row]),
    reminderCounts(db, [row.id]),
    listTicketTypes(db, row.id),
    waitingCounts(db, "event", [row.id]),
  ]);
  return toAdminEvent(row, counts.get(row.id), reminders.get(row.id), types, waiting.get(row.id));
}

/** The unique presale codes' counts of the events in that mode (one query for a whole list). */
export async function presaleCodeCounts(db: DB, rows: EventRow[]): Promise<Map<string, OfferCodeCounts>> {
  const ids = rows.filter((row) => row.presaleCodeMode === "unique").map((row) => row.id);
  return ids.length ? countOfferCodes(db, "presale", ids) : new Map();
}

/** The columns the form sets; the rest (end date, picture) keep what they had. */
type FormColumns = Omit<EventRow, "id" | "endDate" | "imageKey" | "createdAt" | "updatedAt" | "ticketsTaken">;

function columnsOf(values: EventValues): FormColumns {
  const date = (ms: number | null) => (ms === null ? null : new Date(ms));
  return {
    title: values.title,
    description: values.description,
    titlePtBr: values.titlePtBR,
    descriptionPtBr: values.descriptionPtBR,
    soldOut: values.soldOut,
    eventDate: new Date(values.eventDate),
    timeZone: values.timeZone,
    status: values.status,
    source: values.source,
    eventbriteId: values.eventbriteId,
    externalTicketUrl: values.externalTicketUrl,
    isOnline: values.online,
    joinUrl: values.joinUrl,
    venueId: values.venueId,
    venueName: values.venueName,
    venueAddress: values.venueAddress,
    venueCity: values.venueCity,
    venueState: values.venueState,
    venueCountry: values.venueCountry,
    venuePostalCode: values.venuePostalCode,
    venueCapacity: values.venueCapacity,
    ticketPriceMinCents: amountToCents(values.ticketPriceMin),
    ticketPriceMaxCents: amountToCents(values.ticketPriceMax),
    currency: values.currency,
    ticketSaleStart: date(values.ticketSaleStart),
    ticketSaleEnd: date(values.ticketSaleEnd),
    presaleCodeMode: values.presaleCodeMode,
    presaleStartsAt: date(values.presaleStartsAt),
    presaleEndsAt: date(values.presaleEndsAt),
    generalSaleAt: date(values.generalSaleAt),
    presaleSharedCode: values.presaleSharedCode,
    presaleMinTierId: values.presaleMinTierId,
    // Eventbrite events have neither a join link nor a door here.
    vipMinTierId: values.source === "eventbrite" ? null : values.vipMinTierId,
    reminderOffsets: values.reminderOffsets,
  };
}

/**
 * What the audit row shows of an event. The description (long), the join link (for VIP members
 * only) and the shared presale code (for VIP members only) are left out; a change to one is noted
 * instead. The code and reminder counts, the ticket types (audited by their own writes) and the
 * seats taken are not the form's.
 */
function auditView(event: AdminEvent): Record<string, unknown> {
  const {
    id: _id,
    description: _description,
    descriptionPtBR: _descriptionPt,
    joinUrl: _joinUrl,
    presaleSharedCode: _code,
    presaleCodes: _counts,
    reminders: _reminders,
    notifyWaiting: _waiting,
    ticketTypes: _types,
    ticketsTaken: _taken,
    createdAt: _created,
    updatedAt: _updated,
    ...shown
  } = event;
  return shown;
}

function changes(before: AdminEvent, after: AdminEvent) {
  const was = auditView(before);
  const now = auditView(after);
  const keys = Object.keys(now).filter((key) => JSON.stringify(was[key]) !== JSON.stringify(now[key]));
  const fields = [
    before.description !== after.description ? "description" : null,
    before.descriptionPtBR !== after.descriptionPtBR ? "descriptionPtBR" : null,
    before.joinUrl !== after.joinUrl ? "joinUrl" : null,
    before.presaleSharedCode !== after.presaleSharedCode ? "presaleCode" : null,
  ].filter((field): field is AuditEventTextField => field !== null);
  return {
    before: Object.fromEntries(keys.map((key) => [key, was[key]])),
    after: Object.fromEntries(keys.map((key) => [key, now[key]])),
    ...(fields.length ? auditDetail({ kind: "event_texts_changed", fields }) : {}),
  };
}

export async function createEvent(db: DB, actor: Actor, values: EventValues, now = Date.now()): Promise<AdminEvent> {
  const id = crypto.randomUUID();
  const row: EventRow = {
    ...columnsOf(values),
    id,
    endDate: null,
    imageKey: null,
    ticketsTaken: 0,
    createdAt: new Date(now),
    updatedAt: new Date(now),
  };
  await db.batch([
    db.insert(events).values(row),
    auditInsert(db, { actor, action: "event.create", targetType: "event", targetId: id, summary: { after: auditView(toAdminEvent(row)) } }, now),
  ]);
  return adminEventOf(db, (await findEvent(db, id))!);
}

/** Every form field replaced; null when the event went away meanwhile. */
export async function updateEvent(db: DB, actor: Actor, before: EventRow, values: EventValues, now = Date.now()): Promise<AdminEvent | null> {
  const set = { ...columnsOf(values), updatedAt: new Date(now) };
  const after = { ...before, ...set };
  await db.batch([
    db.update(events).set(set).where(eq(events.id, before.id)),
    auditInsert(
      db,
      { actor, action: "event.update", targetType: "event", targetId: before.id, summary: changes(toAdminEvent(before), toAdminEvent(after)) },
      now,
    ),
  ]);
  const row = await findEvent(db, before.id);
  return row ? adminEventOf(db, row) : null;
}

/** Deletes the event with its presale codes (claimed ones too) and the audit row, in one batch. */
export async function deleteEvent(db: DB, actor: Actor, before: EventRow, now = Date.now()): Promise<void> {
  await runBatch(db, [
    db.delete(events).where(eq(events.id, before.id)).toSQL(),
    deletePoolStatement({ kind: "presale", id: before.id }),
    auditInsert(
      db,
      { actor, action: "event.delete", targetType: "event", targetId: before.id, summary: { before: auditView(toAdminEvent(before)), after: null } },
      now,
    ).toSQL(),
  ]);
}
