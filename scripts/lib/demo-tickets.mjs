// Local demo only: one custom event selling tickets on this site (decision 055), so `npm start`
// shows "Get tickets" on /events and the local test checkout sells them offline. In USD, at a
// venue with a capacity, on sale from a day before the seed until its start three weeks later, with
// two types: "General" (plenty) and "VIP area" (3 left, so "3 left" shows). Inserted once by fixed
// ids (INSERT OR IGNORE keeps what the back office or a checkout changed since: prices, quantities,
// seats taken). Its times are set once too: tickets sold for 20:00 must not move on a restart, since
// no buyer is told. Only a show already over that nobody holds a ticket for is set up again.
import { zonedTimeToUtc } from "./demo-seed.mjs";

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

export const DEMO_TICKET_EVENT = {
  id: "7c1e0000-0000-4000-8000-000000000001",
  title: "Freestyle Lovers Live — Miami (tickets here)",
  titlePtBr: "Freestyle Lovers ao vivo — Miami (ingressos aqui)",
  description: "The full band and the neon light show. Tickets are sold on this site: each one has its own QR code for the door.",
  descriptionPtBr: "A banda completa e o show de luzes neon. Os ingressos são vendidos neste site: cada um tem seu próprio código QR para a entrada.",
  timeZone: "America/New_York",
  venueName: "Neon Hall",
  venueAddress: "100 Ocean Drive",
  venueCity: "Miami",
  venueState: "FL",
  venueCountry: "USA",
  venuePostalCode: "33139",
  venueCapacity: 300,
  currency: "USD",
  /** The show is this many days after the seed, at this local time in its zone (doors at night). */
  inDays: 21,
  at: "20:00",
  /** The sale opened this long before the seed and ends at the show. */
  saleOpenedDaysAgo: 1,
};

export const DEMO_TICKET_TYPES = [
  {
    id: "7c1e0000-0000-4000-8000-000000000002",
    name: "General",
    namePtBr: "Pista",
    priceCents: 2500,
    quantity: 250,
    remaining: 250,
    perOrderLimit: 10,
    vipOnly: false,
    position: 0,
  },
  {
    id: "7c1e0000-0000-4000-8000-000000000003",
    name: "VIP area",
    namePtBr: "Área VIP",
    priceCents: 6000,
    quantity: 3,
    remaining: 3,
    perOrderLimit: 2,
    vipOnly: false,
    position: 1,
  },
];

const sqlValue = (value) =>
  value === null || value === undefined ? "NULL" : typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
const row = (values) => `(${values.map(sqlValue).join(", ")})`;

/** The local calendar day of `instant` in `timeZone`. */
function zonedDay(instant, timeZone) {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric" }).formatToParts(new Date(instant));
  const get = (type) => Number(parts.find((p) => p.type === type).value);
  return { year: get("year"), month: get("month"), day: get("day") };
}

/** The event's times for a first seed at `now` (epoch ms): the show at `at` local time. */
export function demoTicketEventDates(now) {
  const e = DEMO_TICKET_EVENT;
  const minute = (ms) => Math.floor(ms / MINUTE_MS) * MINUTE_MS;
  const [hour, min] = e.at.split(":").map(Number);
  const eventDate = zonedTimeToUtc({ ...zonedDay(now + e.inDays * DAY_MS, e.timeZone), hour, minute: min }, e.timeZone);
  return { eventDate, ticketSaleStart: minute(now - DEMO_TICKET_EVENT.saleOpenedDaysAgo * DAY_MS), ticketSaleEnd: eventDate };
}

export function demoTicketsSql(now) {
  const e = DEMO_TICKET_EVENT;
  const dates = demoTicketEventDates(now);
  const prices = DEMO_TICKET_TYPES.map((t) => t.priceCents);
  const out = [
    `INSERT OR IGNORE INTO events (id, title, description, title_pt_br, description_pt_br, event_date, time_zone, status, source, venue_name, venue_address, venue_city, venue_state, venue_country, venue_postal_code, venue_capacity, ticket_price_min_cents, ticket_price_max_cents, currency, ticket_sale_start, ticket_sale_end, created_at, updated_at)
     VALUES ${row([e.id, e.title, e.description, e.titlePtBr, e.descriptionPtBr, dates.eventDate, e.timeZone, "published", "custom", e.venueName, e.venueAddress, e.venueCity, e.venueState, e.venueCountry, e.venuePostalCode, e.venueCapacity, Math.min(...prices), Math.max(...prices), e.currency, dates.ticketSaleStart, dates.ticketSaleEnd, now, now])};`,
    // A show already over that no one holds a ticket for starts again three weeks on, so the demo
    // keeps selling; any other keeps the times its buyers were sold.
    `UPDATE events SET event_date = ${dates.eventDate}, ticket_sale_start = ${dates.ticketSaleStart}, ticket_sale_end = ${dates.ticketSaleEnd}, updated_at = ${now}
     WHERE id = ${sqlValue(e.id)} AND event_date <= ${now} AND tickets_taken = 0 AND NOT EXISTS (SELECT 1 FROM event_tickets WHERE event_id = ${sqlValue(e.id)});`,
  ];
  for (const t of DEMO_TICKET_TYPES) {
    out.push(
      `INSERT OR IGNORE INTO ticket_types (id, event_id, name, name_pt_br, price_cents, quantity, remaining, per_order_limit, vip_only, position, created_at, updated_at)
       SELECT ${row([t.id, e.id, t.name, t.namePtBr, t.priceCents, t.quantity, t.remaining, t.perOrderLimit, t.vipOnly ? 1 : 0, t.position, now, now]).slice(1, -1)} WHERE EXISTS (SELECT 1 FROM events WHERE id = ${sqlValue(e.id)});`,
    );
  }
  return out;
}
