// Local demo only: two live shows (decision 113) so `npm start` has one of each moment. "Studio
// session" is an online show for ticket holders starting 50 minutes after the seed, with an online
// ticket type and one ticket held by the demo fan (fan@demo.local), its room and two pinned store
// products: the admin can go live on it from /admin/live/<id> and the fan watches. "Members'
// listening night" is a members-only show that ended two hours before the seed, its replay open
// for 48 hours, and kept for Inner Circle after that. The local provider plays the demo source the media step renders
// (scripts/lib/demo-live.mjs).
// Inserted once by fixed ids (INSERT OR IGNORE keeps what the back office changed). Every seed
// moves the ticketed show back to 50 minutes ahead unless it is on air (an ended one starts over,
// so the demo can go live again), and keeps the members' show ended two hours ago. Needs the demo
// accounts, store and rooms' tables (their seeds run first).
import { DEMO_PRODUCTS } from "./demo-store.mjs";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The demo fan who holds the online ticket (scripts/demo-data.json). */
const DEMO_FAN = { id: "00000000-0000-4000-8000-00000000a003", email: "fan@demo.local" };

export const DEMO_LIVE_TICKET_SHOW = {
  eventId: "7c1e0000-0000-4000-8000-0000000000a1",
  title: "Studio session — live online",
  titlePtBr: "Sessão de estúdio — ao vivo online",
  description: "An hour in the studio with the band, streamed live: new songs, old favourites and your questions in the room.",
  descriptionPtBr: "Uma hora no estúdio com a banda, ao vivo: músicas novas, as favoritas de sempre e as suas perguntas na sala.",
  /**
   * Starts this long after the seed, and lasts an hour. Under an hour the page counts down to the
   * second, which the live journey waits to see: 50 minutes leaves it that countdown when the
   * suite, seeded at its start, reaches it 40 minutes later on a loaded host.
   */
  startsInMinutes: 50,
  durationMinutes: 60,
  roomId: "studio-session",
  roomNameEn: "Studio session",
  roomNamePtBr: "Sessão de estúdio",
  roomDescriptionEn: "The live show's room: say hi to the band while they play.",
  roomDescriptionPtBr: "A sala do show ao vivo: mande um oi para a banda enquanto ela toca.",
  ticketType: { id: "7c1e0000-0000-4000-8000-0000000000a2", name: "Online ticket", namePtBr: "Ingresso online", priceCents: 1000, quantity: 1000 },
  ticket: {
    id: "7c1e0000-0000-4000-8000-0000000000a3",
    code: "TKT-WTCH-2345",
    checkoutId: "7c1e0000-0000-4000-8000-0000000000a4",
    orderId: "7c1e0000-0000-4000-8000-0000000000a5",
  },
  /** The shirt and the vinyl bundle, under the player. */
  pinnedProductIds: DEMO_PRODUCTS.filter((p) => p.slug === "tour-shirt-2026" || p.slug === "freestyle-nights-vinyl").map((p) => p.id),
};

export const DEMO_LIVE_REPLAY_SHOW = {
  eventId: "7c1e0000-0000-4000-8000-0000000000b1",
  title: "Members' listening night",
  titlePtBr: "Noite de audição dos membros",
  description: "The band played the new album from start to finish for members, live. The replay is open for two days.",
  descriptionPtBr: "A banda tocou o álbum novo do começo ao fim para os membros, ao vivo. A reprise fica aberta por dois dias.",
  /** Started three hours before the seed, ended an hour later. */
  startedHoursAgo: 3,
  durationMinutes: 60,
  replayHours: 48,
  roomId: "listening-night",
  roomNameEn: "Listening night",
  roomNamePtBr: "Noite de audição",
  roomDescriptionEn: "Talk about the members' listening night and its replay.",
  roomDescriptionPtBr: "Converse sobre a noite de audição dos membros e a reprise.",
};

const sqlValue = (value) =>
  value === null || value === undefined ? "NULL" : typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
const list = (values) => values.map(sqlValue).join(", ");
const minute = (ms) => Math.floor(ms / MINUTE_MS) * MINUTE_MS;

/** The two shows' times for a seed at `now` (epoch ms). */
export function demoLiveShowDates(now) {
  const ticketStart = minute(now + DEMO_LIVE_TICKET_SHOW.startsInMinutes * MINUTE_MS);
  const replayStart = minute(now - DEMO_LIVE_REPLAY_SHOW.startedHoursAgo * HOUR_MS);
  return {
    ticket: { start: ticketStart, end: ticketStart + DEMO_LIVE_TICKET_SHOW.durationMinutes * MINUTE_MS },
    replay: { start: replayStart, end: replayStart + DEMO_LIVE_REPLAY_SHOW.durationMinutes * MINUTE_MS },
  };
}

function eventSql(show, dates, now, { priceCents = null } = {}) {
  return `INSERT OR IGNORE INTO events (id, title, description, title_pt_br, description_pt_br, event_date, end_date, time_zone, status, source, is_online, ticket_price_min_cents, ticket_price_max_cents, currency, ticket_sale_start, ticket_sale_end, created_at, updated_at)
     VALUES (${list([show.eventId, show.title, show.description, show.titlePtBr, show.descriptionPtBr, dates.start, dates.end, "America/New_York", "published", "custom", 1, priceCents, priceCents, "USD", priceCents === null ? null : minute(now - DAY_MS), priceCents === null ? null : dates.end, now, now])});`;
}

function roomSql(show, access, position, now) {
  const eventId = access === "ticket" ? show.eventId : null;
  return `INSERT OR IGNORE INTO rooms (id, name_en, name_pt_br, description_en, description_pt_br, read_access, read_event_id, write_access, write_event_id, position, created_at, updated_at)
     SELECT ${list([show.roomId, show.roomNameEn, show.roomNamePtBr, show.roomDescriptionEn, show.roomDescriptionPtBr, access, eventId, access, eventId, position, now, now])}
     WHERE EXISTS (SELECT 1 FROM events WHERE id = ${sqlValue(show.eventId)});`;
}

export function demoLiveShowsSql(now) {
  const dates = demoLiveShowDates(now);
  const t = DEMO_LIVE_TICKET_SHOW;
  const r = DEMO_LIVE_REPLAY_SHOW;
  const type = t.ticketType;
  const ticket = t.ticket;
  const fanExists = `EXISTS (SELECT 1 FROM users WHERE id = ${sqlValue(DEMO_FAN.id)})`;
  return [
    // The ticketed show: its event, online ticket type, room and show.
    eventSql(t, dates.ticket, now, { priceCents: type.priceCents }),
    `INSERT OR IGNORE INTO ticket_types (id, event_id, name, name_pt_br, price_cents, quantity, remaining, per_order_limit, vip_only, position, kind, created_at, updated_at)
     SELECT ${list([type.id, t.eventId, type.name, type.namePtBr, type.priceCents, type.quantity, type.quantity, 4, 0, 0, "online", now, now])}
     WHERE EXISTS (SELECT 1 FROM events WHERE id = ${sqlValue(t.eventId)});`,
    roomSql(t, "ticket", 20, now),
    `INSERT OR IGNORE INTO live_shows (event_id, access, state, provider, replay_hours, pinned_product_ids, room_id, updated_at)
     SELECT ${list([t.eventId, "ticket", "scheduled", "local", 48, JSON.stringify(t.pinnedProductIds), t.roomId, now])}
     WHERE EXISTS (SELECT 1 FROM events WHERE id = ${sqlValue(t.eventId)});`,
    // The demo fan's ticket: a paid local order as the checkout leaves one, the seat counted.
    `INSERT OR IGNORE INTO store_checkouts (id, mode, user_id, email, locale, currency, subtotal_cents, total_cents, status, expires_at, created_at, updated_at)
     SELECT ${list([ticket.checkoutId, "local", DEMO_FAN.id, DEMO_FAN.email, "en", "usd", type.priceCents, type.priceCents, "paid", now, now, now])} WHERE ${fanExists};`,
    `INSERT OR IGNORE INTO orders (id, number, checkout_id, user_id, email, locale, currency, subtotal_cents, total_cents, status, paid_at, created_at, updated_at)
     SELECT ${sqlValue(ticket.orderId)}, COALESCE((SELECT MAX(number) FROM orders), 1000) + 1, id, user_id, email, locale, currency, subtotal_cents, total_cents, 'paid', ${now}, ${now}, ${now}
     FROM store_checkouts WHERE id = ${sqlValue(ticket.checkoutId)};`,
    `INSERT OR IGNORE INTO event_tickets (id, code, token_version, order_id, event_id, ticket_type_id, type_name, price_cents, currency, buyer_user_id, buyer_email, owner_user_id, owner_email, status, created_at)
     SELECT ${list([ticket.id, ticket.code, 1, ticket.orderId, t.eventId, type.id, type.name, type.priceCents, "usd", DEMO_FAN.id, DEMO_FAN.email, DEMO_FAN.id, DEMO_FAN.email, "valid", now])}
     WHERE EXISTS (SELECT 1 FROM orders WHERE id = ${sqlValue(ticket.orderId)}) AND EXISTS (SELECT 1 FROM ticket_types WHERE id = ${sqlValue(type.id)});`,
    `UPDATE ticket_types SET remaining = quantity - (SELECT count(*) FROM event_tickets WHERE ticket_type_id = ${sqlValue(type.id)} AND status = 'valid') WHERE id = ${sqlValue(type.id)};`,
    `UPDATE events SET tickets_taken = (SELECT count(*) FROM event_tickets WHERE event_id = ${sqlValue(t.eventId)} AND status = 'valid') WHERE id = ${sqlValue(t.eventId)};`,
    // Off the air: an ended show starts over, and the start moves back to 50 minutes ahead.
    `UPDATE live_shows SET state = 'scheduled', started_at = NULL, ended_at = NULL, stream_video_uid = NULL, live_notified_at = NULL, updated_at = ${now} WHERE event_id = ${sqlValue(t.eventId)} AND state = 'ended';`,
    `UPDATE events SET event_date = ${dates.ticket.start}, end_date = ${dates.ticket.end}, ticket_sale_end = ${dates.ticket.end}, updated_at = ${now}
     WHERE id = ${sqlValue(t.eventId)} AND NOT EXISTS (SELECT 1 FROM live_shows WHERE event_id = ${sqlValue(t.eventId)} AND state = 'live');`,

    // The members' show, ended with its replay open.
    eventSql(r, dates.replay, now),
    roomSql(r, "members", 21, now),
    // After its window the replay stays for Inner Circle (a benefit of that demo tier), when the tiers' seed made it.
    `INSERT OR IGNORE INTO live_shows (event_id, access, state, provider, started_at, ended_at, replay_hours, replay_keep_tier_id, pinned_product_ids, room_id, updated_at)
     SELECT ${list([r.eventId, "members", "ended", "local", dates.replay.start, dates.replay.end, r.replayHours])},
            (SELECT id FROM membership_tiers WHERE id = 'inner-circle'), ${list(["[]", r.roomId, now])}
     WHERE EXISTS (SELECT 1 FROM events WHERE id = ${sqlValue(r.eventId)});`,
    `UPDATE events SET event_date = ${dates.replay.start}, end_date = ${dates.replay.end}, updated_at = ${now} WHERE id = ${sqlValue(r.eventId)};`,
    `UPDATE live_shows SET state = 'ended', started_at = ${dates.replay.start}, ended_at = ${dates.replay.end}, updated_at = ${now} WHERE event_id = ${sqlValue(r.eventId)};`,
  ];
}
