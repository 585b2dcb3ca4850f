// /api/admin/waitlist: the waitlist's back office (decision 189), administrators only (the admin
// tree's gate runs first). An unknown event is 404 event_not_found.
//   GET /events/:eventId             per ticket type: open places and the tickets they want, returns
//                                    listed/offered/sold/withdrawn, offers sent/claimed/lapsed/declined,
//                                    money moved (sales in, refunds out, net)
//   GET /events/:eventId/rules       { rules }: returns open, hold minutes, closing minutes (the
//                                    defaults while the admin set none)
//   PUT /events/:eventId/rules       { returnsOpen, holdMinutes, closesBeforeMinutes } → { rules }, audited
//   GET /events/:eventId/places.csv  the open places in line order, audited as an export
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../../types";
import { validate } from "../../lib/validate";
import { routeError } from "../../lib/errors";
import { attachment, CSV_CONTENT_TYPE, toCsv } from "../../lib/csv";
import { actorOf } from "../../middleware/guards";
import { findEvent } from "../../db/events";
import { recordAudit } from "../../db/audit";
import { eventFigures, placesInLine, readRules, saveRules, type TypeFiguresRow } from "../../db/waitlist/admin";
import { waitlistRulesSchema } from "#contracts/waitlist/admin.ts";
import {
  WAITLIST_PLACES_CSV_HEADERS,
  type WaitlistFiguresResponse,
  type WaitlistRulesResponse,
  type WaitlistTypeFigures,
} from "#contracts/waitlist/admin-model.ts";
import { EVENT_ID_PATTERN } from "#contracts/events.ts";
import { ticketCurrencyOf } from "#contracts/tickets/event-tickets-model.ts";

type Ctx = Context<HonoEnv>;

async function storedEventId(c: Ctx): Promise<string> {
  const id = c.req.param("eventId") ?? "";
  const row = EVENT_ID_PATTERN.test(id) ? await findEvent(c.var.db, id) : null;
  if (!row) throw routeError("event_not_found");
  return row.id;
}

const figuresView = (row: TypeFiguresRow): WaitlistTypeFigures => ({
  ticketTypeId: row.id,
  name: row.name,
  namePtBr: row.name_pt_br,
  places: { open: row.open_places, tickets: row.wanted },
  returns: { listed: row.listed, offered: row.offered, sold: row.sold, withdrawn: row.withdrawn },
  offers: { sent: row.sent, claimed: row.claimed, lapsed: row.lapsed, declined: row.declined },
  money: {
    salesInCents: row.sales_in,
    refundsOutCents: row.refunds_out,
    netCents: row.sales_in - row.refunds_out,
    currency: ticketCurrencyOf(row.currency) ?? "usd",
  },
});

export const adminWaitlistRoutes = new Hono<HonoEnv>()
  .get("/events/:eventId", async (c) => {
    const eventId = await storedEventId(c);
    return c.json<WaitlistFiguresResponse>({ eventId, types: (await eventFigures(c.var.db, eventId)).map(figuresView) });
  })

  .get("/events/:eventId/rules", async (c) => c.json<WaitlistRulesResponse>({ rules: await readRules(c.var.db, await storedEventId(c)) }))

  .put("/events/:eventId/rules", validate("json", waitlistRulesSchema), async (c) => {
    const eventId = await storedEventId(c);
    const rules = c.req.valid("json");
    const before = await readRules(c.var.db, eventId);
    await saveRules(c.var.db, { actor: actorOf(c), eventId, before, rules, now: Date.now() });
    return c.json<WaitlistRulesResponse>({ rules });
  })

  .get("/events/:eventId/places.csv", async (c) => {
    const eventId = await storedEventId(c);
    const rows = await placesInLine(c.var.db, eventId);
    const csv = toCsv(
      WAITLIST_PLACES_CSV_HEADERS,
      rows.map((r) => [r.position, r.username, r.email, r.type_name, r.quantity, new Date(r.joined_at).toISOString(), r.lapses, r.declines]),
    );
    // Not a write, but members' names and addresses leaving the site are worth a line in the log.
    await recordAudit(c.var.db, {
      actor: actorOf(c),
      action: "waitlist.places_export",
      targetType: "event",
      targetId: eventId,
      summary: { after: { rows: rows.length } },
    });
    return c.body(csv, 200, {
      "Content-Type": CSV_CONTENT_TYPE,
      "Content-Disposition": attachment(`waitlist-${eventId}.csv`),
      "Cache-Control": "no-store",
    });
  });
