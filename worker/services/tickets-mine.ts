// The member's tickets as /tickets shows them (decision 055, part "mytickets"): each row turned into
// its answer in the asked language, the QR's signed token only for a valid ticket not used yet,
// grouped by event (upcoming soonest first, then past latest first); and the mail that tells a
// member a ticket was transferred to them.
import { readConfig, type AppEnv } from "../env";
import type { DB } from "../db/client";
import { eventOverAt, localisedNames, ticketLockedBy, type OwnedTicketRow } from "../db/tickets/mine";
import { signTicketToken } from "../lib/ticket-token";
import { livePagePath } from "#contracts/live-limits.ts";
import { isLocale, type Locale } from "#contracts/locale.ts";
import { ticketPath } from "#contracts/tickets/event-tickets-model.ts";
import type { MyTicket, MyTicketEvent, MyTicketGroup, MyTicketResponse, MyTicketsResponse } from "#contracts/tickets/mine-model.ts";
import { createMailService } from "./mail";
import { ticketTransferMail } from "./mail/ticket-transfer";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function eventOf(row: OwnedTicketRow, locale: Locale): MyTicketEvent {
  return {
    id: row.event_id,
    title: localisedNames(row, locale).title,
    startsAt: new Date(row.event_date).toISOString(),
    endsAt: new Date(eventOverAt(row)).toISOString(),
    timeZone: row.time_zone,
    status: row.event_status,
    isOnline: row.is_online === 1,
    venueName: row.venue_name,
    venueAddress: row.venue_address,
    venueCity: row.venue_city,
    venueCountry: row.venue_country,
  };
}

async function ticketOf(env: AppEnv, row: OwnedTicketRow, userId: string, locale: Locale, now: number): Promise<MyTicket> {
  const used = row.status === "valid" && row.checked_in_at !== null;
  const open = ticketLockedBy(row, now) === null;
  return {
    id: row.id,
    code: row.code,
    status: used ? "checked_in" : row.status,
    checkedInAt: iso(row.checked_in_at),
    typeName: localisedNames(row, locale).typeName,
    priceCents: row.price_cents,
    currency: row.currency,
    holderName: row.holder_name,
    // Only what admits: a used, refunded or cancelled ticket shows its code but no QR; an online one opens no door.
    token:
      row.status === "valid" && !used && row.type_kind !== "online"
        ? await signTicketToken(readConfig(env).SESSION_SECRET, { ticketId: row.id, eventId: row.event_id, version: row.token_version })
        : null,
    orderNumber: row.order_number,
    bought: row.buyer_user_id === userId,
    transferredAt: iso(row.transferred_at),
    editable: open,
    transferable: open,
    kind: row.type_kind,
    watchUrl: row.has_show === 1 ? livePagePath(row.event_id) : null,
  };
}

/** One ticket's answer. */
export async function myTicketAnswer(env: AppEnv, row: OwnedTicketRow, userId: string, locale: Locale, now = Date.now()): Promise<MyTicketResponse> {
  return { event: eventOf(row, locale), ticket: await ticketOf(env, row, userId, locale, now) };
}

/** The member's tickets grouped by event: those not over yet soonest first, then the past ones latest first. */
export async function myTicketsAnswer(env: AppEnv, rows: OwnedTicketRow[], userId: string, locale: Locale, now = Date.now()): Promise<MyTicketsResponse> {
  const groups: (MyTicketGroup & { overAt: number })[] = [];
  for (const row of rows) {
    let group = groups.at(-1);
    if (group?.event.id !== row.event_id) {
      group = { event: eventOf(row, locale), tickets: [], overAt: eventOverAt(row) };
      groups.push(group);
    }
    group.tickets.push(await ticketOf(env, row, userId, locale, now));
  }
  const strip = ({ event, tickets }: MyTicketGroup): MyTicketGroup => ({ event, tickets });
  return {
    upcoming: groups.filter((g) => g.overAt > now).map(strip),
    past: groups
      .filter((g) => g.overAt <= now)
      .reverse()
      .map(strip),
  };
}

type Recipient = { email: string; locale: string };

/** Mails the new owner that the ticket is theirs, in their language. A failure is logged: the transfer stands. */
export async function announceTransfer(env: AppEnv, db: DB, row: OwnedTicketRow, newCode: string, sender: string, recipient: Recipient): Promise<void> {
  try {
    const locale = isLocale(recipient.locale) ? recipient.locale : "en";
    const cfg = readConfig(env);
    const { title, typeName } = localisedNames(row, locale);
    const where = row.is_online ? null : [row.venue_name, row.venue_city].filter(Boolean).join(", ") || null;
    await createMailService(env, db).send(
      ticketTransferMail({
        to: recipient.email,
        locale,
        brandName: cfg.BRAND_NAME,
        sender,
        eventTitle: title,
        startsAt: new Date(row.event_date),
        timeZone: row.time_zone,
        where,
        typeName,
        code: newCode,
        link: new URL(ticketPath(row.id), cfg.SITE_URL).href,
      }),
    );
  } catch (err) {
    console.error("ticket transfer mail failed", err);
  }
}
