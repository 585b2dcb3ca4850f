// Demo seed: password hashing compatible with the Worker, and the SQL for the demo accounts.
// Kept apart from prepare-local.mjs so a test can check the hashes verify in the Worker's code.
import { createHash, webcrypto } from "node:crypto";
import demo from "../demo-data.json" with { type: "json" };
import { allTracks, FEATURED_TRACK_IDS, ICONIC_TRACK_IDS } from "../catalog/catalog.mjs";
import { fnv1a } from "../catalog/hash.mjs";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "../../worker/lib/time.ts";

export const DEMO_ACCOUNTS = demo.accounts;
export const DEMO_POSTS = demo.posts;
export const DEMO_EVENTS = demo.events;
export const DEMO_TICKETS = demo.tickets;
export const DEMO_ALBUM_NOTES = demo.albumNotes;
/** The venues the back office's venue list and event form offer (VENUE_COUNTRIES only). */
const VENUE_COUNTRIES = ["USA", "CAN", "MEX"];
/**
 * Saved venues: each demo event's own venue where the venue list allows its country (the event is
 * linked to it), and the extra ones of demo-data.json. A venue's id is its event's with the "e" of
 * the event marker made an "a".
 */
export const DEMO_VENUES = [
  ...demo.events
    .filter((event) => event.venueName && VENUE_COUNTRIES.includes(event.venueCountry))
    .map((event) => ({
      id: event.id.replace(/-0000000e/, "-0000000a"),
      event: event.id,
      name: event.venueName,
      address: event.venueAddress,
      city: event.venueCity ?? null,
      state: event.venueState ?? null,
      country: event.venueCountry,
      postalCode: event.venuePostalCode ?? null,
      capacity: event.venueCapacity ?? null,
    })),
  ...demo.venues.map((venue) => ({ ...venue, event: null })),
];
const PBKDF2_ITERATIONS = 100_000; // must equal worker/lib/password.ts (tests/node/demo-seed.test.ts checks)

/** Minimal dotenv reader: KEY=value lines, optional quotes, # comments. */
export function parseDotenv(text) {
  const vars = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match) continue;
    let value = match[2];
    if (/^(["']).*\1$/.test(value)) value = value.slice(1, -1);
    vars[match[1]] = value;
  }
  return vars;
}

/** Same algorithm and format as worker/lib/password.ts, so the Worker verifies these hashes. */
export async function hashPassword(password, pepperSecret) {
  const { subtle } = webcrypto;
  const enc = new TextEncoder();
  const hmacKey = await subtle.importKey("raw", enc.encode(pepperSecret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const peppered = await subtle.sign("HMAC", hmacKey, enc.encode(password));
  const material = await subtle.importKey("raw", peppered, "PBKDF2", false, ["deriveBits"]);
  const salt = webcrypto.getRandomValues(new Uint8Array(16));
  const bits = await subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations: PBKDF2_ITERATIONS }, material, 256);
  const b64url = (bytes) => Buffer.from(bytes).toString("base64url");
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${b64url(salt)}$${b64url(new Uint8Array(bits))}`;
}

const sqlText = (value) => (value == null ? "NULL" : `'${String(value).replaceAll("'", "''")}'`);

/**
 * Avatar object name in the shape the upload route gives avatars (worker/contracts/profiles.ts
 * AVATAR_FILENAME_PATTERN: `<user id>-<32 hex>.<ext>`), so the Worker serves it and deletes it
 * when the member uploads a new picture. Derived from the id, so reruns overwrite, not pile up.
 */
export const demoAvatarFile = (account) => `${account.id}-${createHash("sha256").update(`demo-avatar:${account.id}`).digest("hex").slice(0, 32)}.png`;

/** Builds one SQL file: users, roles, profiles. INSERT OR IGNORE keeps anything a person edited. */
export async function buildSeedSql(pepper, now = Date.now()) {
  const statements = [];
  // Spread the "joined" dates so the demo profiles do not all look created in the same second.
  const joinedBase = Date.UTC(2024, 0, 15);
  for (const [index, account] of DEMO_ACCOUNTS.entries()) {
    const id = sqlText(account.id);
    const hash = sqlText(await hashPassword(account.password, pepper));
    const isVip = account.role === "vip" ? 1 : 0;
    const joined = joinedBase + index * 37 * DAY_MS;
    const avatarUrl = sqlText(`/uploads/avatars/${demoAvatarFile(account)}`);
    const ownPrefix = `/uploads/avatars/${account.id}-`;
    statements.push(
      // locale (migrations/0032): one demo member reads the site, and gets its mails, in Portuguese.
      `INSERT OR IGNORE INTO users (id, email, username, password_hash, is_admin, is_vip, status, avatar_url, locale, created_at, updated_at)
       VALUES (${id}, ${sqlText(account.email.toLowerCase())}, ${sqlText(account.username)}, ${hash}, 0, ${isVip}, 'active', ${avatarUrl}, ${sqlText(account.locale ?? "en")}, ${joined}, ${joined});`,
      // The documented demo credentials and roles must always work, even after a password reset.
      // A complimentary VIP an admin granted in the back office, or a redeemed gift still running, survives a re-seed.
      `UPDATE users SET password_hash = ${hash}, is_vip = CASE WHEN ${isVip} = 1 OR EXISTS (SELECT 1 FROM vip_comps WHERE user_id = ${id} AND (ends_at IS NULL OR ends_at > unixepoch('subsec') * 1000)) THEN 1 ELSE 0 END, status = 'active' WHERE id = ${id};`,
      // The tier beside the flag (decision 096): a demo VIP is in the VIP tier unless a paid source says more.
      `UPDATE users SET tier_id = CASE WHEN is_vip = 1 THEN coalesce(tier_id, 'vip') ELSE NULL END WHERE id = ${id};`,
      // Demo accounts have verified addresses (migrations/0035), whenever they were created.
      `UPDATE users SET email_verified_at = ${joined} WHERE id = ${id} AND email_verified_at IS NULL;`,
      // Restore the demo avatar unless the member has uploaded one of their own. (substr, not
      // LIKE: D1 refuses LIKE patterns longer than 50 bytes.)
      `UPDATE users SET avatar_url = ${avatarUrl} WHERE id = ${id} AND (avatar_url IS NULL OR substr(avatar_url, 1, ${ownPrefix.length}) <> ${sqlText(ownPrefix)});`,
      `INSERT OR IGNORE INTO profiles (user_id, bio, website, location, updated_at)
       VALUES (${id}, ${sqlText(account.bio)}, ${sqlText(account.website)}, ${sqlText(account.location)}, ${joined});`,
    );
    if (account.role === "admin") {
      statements.push(`INSERT OR IGNORE INTO admins (id, user_id) VALUES (${sqlText(account.id.replace(/-8000-/, "-a000-"))}, ${id});`);
    }
    if (account.role === "vip") statements.push(...demoSubscriptionSql(account, now));
    // Door staff (decision 027): checks VIP passes in at /check-in, and is otherwise a member.
    if (account.role === "door") statements.push(`UPDATE users SET is_door_staff = 1 WHERE id = ${id};`);
  }
  statements.push(
    ...demoPlayCountsSql(),
    ...demoPostsSql(now),
    ...demoEventsSql(now),
    ...demoPresalesSql(now),
    ...demoVenuesSql(now),
    ...demoTicketsSql(now),
    ...demoAlbumNotesSql(),
  );
  return statements.join("\n") + "\n";
}

/**
 * Notes in both languages for a few built-in albums, so album pages show them in the visitor's
 * language. Local demo text only (the deployed catalog migration has none); an album whose notes
 * the back office wrote keeps them.
 */
export function demoAlbumNotesSql() {
  return DEMO_ALBUM_NOTES.map(
    (note) =>
      `UPDATE albums SET notes = ${sqlText(note.en)}, notes_pt_br = ${sqlText(note.ptBR)} WHERE id = ${sqlText(note.album)} AND notes IS NULL AND notes_pt_br IS NULL;`,
  );
}

/** The R2 filename of a demo post's picture (stable, so re-seeding reuses it). */
export const demoPostImageFile = (post) => `${createHash("sha256").update(`demo-post-image:${post.id}`).digest("hex").slice(0, 32)}.png`;
export const DEMO_POST_IMAGE_SIZE = 400;

/**
 * Local demo only: a lively feed. Posts are inserted once (INSERT OR IGNORE by fixed ids, so a
 * member's deletion of one is kept until they delete the whole local state); their likes and
 * comments come with them and the counters are set from those rows.
 */
export function demoPostsSql(now) {
  const idOf = (key) => DEMO_ACCOUNTS.find((a) => a.key === key).id;
  const out = [];
  for (const post of DEMO_POSTS) {
    const at = now - post.hoursAgo * 3600_000;
    const image = post.image ? `/uploads/posts/${demoPostImageFile(post)}` : null;
    const size = image ? DEMO_POST_IMAGE_SIZE : null;
    out.push(
      `INSERT OR IGNORE INTO posts (id, user_id, content, image_url, image_width, image_height, created_at)
       VALUES (${sqlText(post.id)}, ${sqlText(idOf(post.author))}, ${sqlText(post.content)}, ${sqlText(image)}, ${size ?? "NULL"}, ${size ?? "NULL"}, ${at});`,
    );
    for (const key of post.likes) {
      out.push(
        `INSERT OR IGNORE INTO post_likes (post_id, user_id, created_at) SELECT ${sqlText(post.id)}, ${sqlText(idOf(key))}, ${at + 60_000} WHERE EXISTS (SELECT 1 FROM posts WHERE id = ${sqlText(post.id)});`,
      );
    }
    post.comments.forEach(([key, text], i) => {
      const commentId = post.id.replace("-9000-", `-9${String(i + 1).padStart(3, "0")}-`);
      out.push(
        `INSERT OR IGNORE INTO post_comments (id, post_id, user_id, content, created_at) SELECT ${sqlText(commentId)}, ${sqlText(post.id)}, ${sqlText(idOf(key))}, ${sqlText(text)}, ${at + (i + 1) * 300_000} WHERE EXISTS (SELECT 1 FROM posts WHERE id = ${sqlText(post.id)});`,
      );
    });
    out.push(
      `UPDATE posts SET like_count = (SELECT count(*) FROM post_likes WHERE post_id = posts.id), comment_count = (SELECT count(*) FROM post_comments WHERE post_id = posts.id) WHERE id = ${sqlText(post.id)};`,
    );
  }
  return out;
}

/**
 * Local demo only: play counters that make the Popular table and the plays counter look like a
 * site people use (the iconic hits and featured tracks most played). Never lowers a counter
 * that real local plays have already raised.
 */
export function demoPlayCountsSql() {
  return allTracks().map((track) => {
    const base = fnv1a(`demo-plays:${track.id}`) % 900;
    const boost = ICONIC_TRACK_IDS.includes(track.id) ? 4000 : FEATURED_TRACK_IDS.includes(track.id) ? 1500 : 0;
    const plays = base + boost;
    return `UPDATE tracks SET plays = ${plays} WHERE id = ${sqlText(track.id)} AND plays < ${plays};`;
  });
}

const DEMO_PERIOD_MS = 30 * DAY_MS;

/**
 * The demo VIP is VIP the way every member is: through an active subscription (a local one, so
 * Manage membership works offline). Each seed restores it to active with a month left, like the
 * demo passwords and roles; ids carry the local test checkout's prefixes (sub_local_, cus_local_).
 */
export function demoSubscriptionSql(account, now) {
  const id = sqlText(account.id);
  const key = account.key.replace(/[^a-z0-9]/gi, "_");
  const customer = sqlText(`cus_local_demo_${key}`);
  const subscription = sqlText(`sub_local_demo_${key}`);
  const periodEnd = now + DEMO_PERIOD_MS;
  return [
    `INSERT OR IGNORE INTO billing_customers (user_id, customer_id, created_at) VALUES (${id}, ${customer}, ${now});`,
    `INSERT OR IGNORE INTO subscriptions (id, user_id, customer_id, status, current_period_end, cancel_at_period_end, last_event_at, created_at, updated_at, plan)
       VALUES (${subscription}, ${id}, ${customer}, 'active', ${periodEnd}, 0, ${now}, ${now}, ${now}, 'monthly');`,
    // Monthly again on every seed (a switch tried in the local portal is undone), at the configured price.
    `UPDATE subscriptions SET status = 'active', current_period_end = ${periodEnd}, cancel_at_period_end = 0, cancel_at = NULL,
       past_due_since = NULL, last_event_at = ${now}, updated_at = ${now}, plan = 'monthly', price_cents = NULL, price_currency = NULL
       WHERE id = ${subscription};`,
  ];
}

/** The wall-clock fields of `instant` in an IANA zone. */
function zonedParts(instant, timeZone) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const get = (type) => Number(parts.find((p) => p.type === type).value);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour"), minute: get("minute"), second: get("second") };
}

/** The zone's offset from UTC at `instant`, in ms (east positive). */
function zoneOffsetMs(instant, timeZone) {
  const p = zonedParts(instant, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

/** The instant at which the clocks of `timeZone` show this date and time (two passes: DST-safe). */
export function zonedTimeToUtc({ year, month, day, hour, minute }, timeZone) {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const first = wall - zoneOffsetMs(wall, timeZone);
  return wall - zoneOffsetMs(first, timeZone);
}

/**
 * When a demo event starts, relative to `now`: `inHours` from now (rounded up to 5 minutes), or
 * the local time `at` ("20:00") in the event's zone on the day `inDays` from now.
 */
export function demoEventStart(event, now) {
  if (event.inHours != null) return Math.ceil((now + event.inHours * HOUR_MS) / (5 * MINUTE_MS)) * 5 * MINUTE_MS;
  const { year, month, day } = zonedParts(now + event.inDays * DAY_MS, event.timeZone);
  const [hour, minute] = event.at.split(":").map(Number);
  return zonedTimeToUtc({ year, month, day, hour, minute }, event.timeZone);
}

const sqlNumber = (value) => (value == null ? "NULL" : String(value));
const cents = (amount) => (amount == null ? null : Math.round(amount * 100));

/** An event's dates for a seed run at `now`: start, end, ticket sale window. */
export function demoEventDates(event, now) {
  const start = demoEventStart(event, now);
  return {
    eventDate: start,
    endDate: event.durationMinutes ? start + event.durationMinutes * MINUTE_MS : null,
    ticketSaleStart: event.saleOpensDaysBefore != null ? start - event.saleOpensDaysBefore * DAY_MS : null,
    ticketSaleEnd: event.saleOpensDaysBefore != null ? start : null,
  };
}

/**
 * Local demo only: upcoming, past, online, draft and cancelled events. Inserted once by fixed ids
 * (INSERT OR IGNORE keeps what someone edited in the back office), then every seed moves their
 * dates so they stay relative to now: the next show is always three weeks away, a virtual meet
 * always about to open. An in-person event's capacity is filled in where a database seeded earlier
 * has none: the event form requires one (a venue's seats bound the tickets sold here, decision
 * 055), so a demo event without it could not be saved unchanged.
 */
export function demoEventsSql(now) {
  const out = [];
  for (const event of DEMO_EVENTS) {
    const id = sqlText(event.id);
    const dates = demoEventDates(event, now);
    const online = event.online ? 1 : 0;
    out.push(
      `INSERT OR IGNORE INTO events (id, title, description, title_pt_br, description_pt_br, event_date, end_date, time_zone, status, source, external_ticket_url, venue_name, venue_address, venue_city, venue_state, venue_country, venue_postal_code, venue_capacity, ticket_price_min_cents, ticket_price_max_cents, currency, ticket_sale_start, ticket_sale_end, is_online, join_url, image_key, created_at, updated_at)
       VALUES (${id}, ${sqlText(event.title)}, ${sqlText(event.description)}, ${sqlText(event.titlePtBR)}, ${sqlText(event.descriptionPtBR)}, ${dates.eventDate}, ${sqlNumber(dates.endDate)}, ${sqlText(event.timeZone)}, ${sqlText(event.status)}, 'custom', ${sqlText(event.externalTicketUrl)}, ${sqlText(event.venueName)}, ${sqlText(event.venueAddress)}, ${sqlText(event.venueCity)}, ${sqlText(event.venueState)}, ${sqlText(event.venueCountry)}, ${sqlText(event.venuePostalCode)}, ${sqlNumber(event.venueCapacity)}, ${sqlNumber(cents(event.ticketPriceMin))}, ${sqlNumber(cents(event.ticketPriceMax))}, ${sqlText(event.currency ?? "USD")}, ${sqlNumber(dates.ticketSaleStart)}, ${sqlNumber(dates.ticketSaleEnd)}, ${online}, ${sqlText(event.joinUrl)}, ${sqlText(event.imageKey)}, ${now}, ${now});`,
      `UPDATE events SET event_date = ${dates.eventDate}, end_date = ${sqlNumber(dates.endDate)}, ticket_sale_start = ${sqlNumber(dates.ticketSaleStart)}, ticket_sale_end = ${sqlNumber(dates.ticketSaleEnd)}, title_pt_br = coalesce(title_pt_br, ${sqlText(event.titlePtBR)}), description_pt_br = coalesce(description_pt_br, ${sqlText(event.descriptionPtBR)}), venue_capacity = coalesce(venue_capacity, ${sqlNumber(event.venueCapacity)}), updated_at = ${now} WHERE id = ${id};`,
    );
  }
  return out;
}

/**
 * Local demo only: a VIP presale open now (decision 029) on the demo events that have one, with a
 * shared code, so `npm start` shows it to the demo VIP and, as dates and states, to everyone else.
 * Every seed moves it back to now and turns it on again (the back office may have changed it).
 */
export function demoPresalesSql(now) {
  return DEMO_EVENTS.filter((event) => event.presale).map((event) => {
    const { startedHoursAgo, endsInDays, generalSaleInDays, sharedCode } = event.presale;
    const at = (ms) => Math.floor(ms / MINUTE_MS) * MINUTE_MS;
    return `UPDATE events SET presale_code_mode = 'shared', presale_shared_code = ${sqlText(sharedCode)}, presale_starts_at = ${at(now - startedHoursAgo * HOUR_MS)}, presale_ends_at = ${at(now + endsInDays * DAY_MS)}, general_sale_at = ${at(now + generalSaleInDays * DAY_MS)} WHERE id = ${sqlText(event.id)};`;
  });
}

/**
 * Local demo only: the saved venues, inserted once by fixed ids (INSERT OR IGNORE keeps what the
 * back office edited), each event linked to its venue unless it already names one.
 */
export function demoVenuesSql(now) {
  const out = [];
  for (const venue of DEMO_VENUES) {
    const id = sqlText(venue.id);
    out.push(
      `INSERT OR IGNORE INTO venues (id, name, address, city, state, country, postal_code, capacity, created_at, updated_at)
       VALUES (${id}, ${sqlText(venue.name)}, ${sqlText(venue.address)}, ${sqlText(venue.city)}, ${sqlText(venue.state)}, ${sqlText(venue.country)}, ${sqlText(venue.postalCode)}, ${sqlNumber(venue.capacity)}, ${now}, ${now});`,
    );
    if (venue.event)
      out.push(
        `UPDATE events SET venue_id = ${id} WHERE id = ${sqlText(venue.event)} AND venue_id IS NULL AND EXISTS (SELECT 1 FROM venues WHERE id = ${id});`,
      );
  }
  return out;
}

/**
 * Local demo only: ticket orders for the demo events with tickets on sale (upcoming, past and the
 * cancelled show's refunds), varied statuses, bought from hours to months ago. Inserted once by
 * fixed ids (INSERT OR IGNORE keeps what an import or an edit did), with the event's title and
 * currency read from its row, only while the event exists; every seed then moves the order dates
 * to stay relative to now, like the events', so Today and the last 7 and 30 days always have sales.
 */
export function demoTicketsSql(now) {
  const out = [];
  for (const ticket of DEMO_TICKETS) {
    const id = sqlText(ticket.id);
    const at = Math.round((now - ticket.hoursAgo * HOUR_MS) / MINUTE_MS) * MINUTE_MS;
    out.push(
      `INSERT OR IGNORE INTO tickets (id, order_id, event_id, event_title, customer_email, customer_name, status, price_paid_cents, currency, created_at)
       SELECT ${id}, ${sqlText(ticket.orderId)}, id, title, ${sqlText(ticket.email)}, ${sqlText(ticket.name)}, ${sqlText(ticket.status)}, ${cents(ticket.price)}, currency, ${at} FROM events WHERE id = ${sqlText(ticket.event)};`,
      `UPDATE tickets SET created_at = ${at} WHERE id = ${id};`,
    );
  }
  return out;
}
