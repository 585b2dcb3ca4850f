// Member rights (decision 041): what D1 holds about one member, read for the data export, and the
// one batch that deletes the account. The export is driven by EXPORT_SOURCES, one entry per
// (table, user column); tests/worker/member-data-schema.test.ts compares it with every column of
// the migrated schema that points at a member, so a table added later without an entry here (or
// in NOT_EXPORTED, with its reason) fails that test.
import type { DB } from "./client";
import { notSuspendedText } from "./suspensions";

/** A table's rows about the member: by a user-id column, by their e-mail, or through their playlists. */
export type ExportSource =
  | { kind: string; table: string; column: string; omit?: readonly string[]; orEmailColumn?: string }
  | { kind: string; table: string; emailColumn: string }
  | { kind: string; table: "playlist_tracks"; viaPlaylists: true }
  | { kind: string; table: "marketing_consents"; viaContacts: true; omit: readonly string[] };

/** Secrets never leave D1, not even to their owner: a hash is only useful to an attacker. */
const TOKEN_HASH = ["token_hash"] as const;

/** Each entry becomes `<kind>.json` → `{ [table]: rows }` in the archive. */
export const EXPORT_SOURCES: readonly ExportSource[] = [
  { kind: "account", table: "users", column: "id", omit: ["password_hash"] },
  { kind: "account", table: "admins", column: "user_id" },
  { kind: "account", table: "email_verifications", column: "user_id", omit: TOKEN_HASH },
  { kind: "account", table: "password_resets", column: "user_id", omit: TOKEN_HASH },
  { kind: "account", table: "sign_in_links", column: "user_id", omit: TOKEN_HASH },
  { kind: "profile", table: "profiles", column: "user_id" },
  { kind: "posts", table: "posts", column: "user_id" },
  { kind: "posts", table: "post_images", column: "user_id" },
  { kind: "comments", table: "post_comments", column: "user_id" },
  { kind: "likes", table: "post_likes", column: "user_id" },
  { kind: "reports", table: "post_reports", column: "reporter_id" },
  { kind: "reports", table: "comment_reports", column: "reporter_id" },
  { kind: "favorites", table: "favorites", column: "user_id" },
  { kind: "playlists", table: "playlists", column: "user_id" },
  { kind: "playlists", table: "playlist_tracks", viaPlaylists: true },
  { kind: "plays", table: "track_plays", column: "user_id" },
  { kind: "plays", table: "track_preview_plays", column: "listener" },
  { kind: "payments", table: "subscriptions", column: "user_id" },
  { kind: "payments", table: "checkout_sessions", column: "user_id" },
  { kind: "payments", table: "billing_customers", column: "user_id" },
  { kind: "payments", table: "vip_comps", column: "user_id" },
  { kind: "payments", table: "vip_payments", column: "user_id" },
  { kind: "payments", table: "trial_takes", column: "user_id" },
  { kind: "payments", table: "membership_tier_changes", column: "user_id" },
  { kind: "payments", table: "tier_offers", column: "user_id" },
  { kind: "payments", table: "membership_cancellations", column: "user_id" },
  { kind: "payments", table: "retention_offers", column: "user_id" },
  // The store: what the member bought (as a member or as a guest with their address), their cart,
  // the gift codes they bought and redeemed, and their charges and refunds.
  { kind: "store", table: "orders", column: "user_id", orEmailColumn: "email" },
  { kind: "store", table: "store_checkouts", column: "user_id", orEmailColumn: "email" },
  { kind: "store", table: "entitlements", column: "user_id", orEmailColumn: "email" },
  { kind: "store", table: "gift_codes", column: "buyer_user_id", orEmailColumn: "buyer_email" },
  { kind: "store", table: "gift_codes", column: "redeemed_by" },
  { kind: "store", table: "carts", column: "user_id" },
  { kind: "store", table: "store_claim_links", column: "user_id", omit: TOKEN_HASH },
  { kind: "payments", table: "revenue_entries", column: "user_id" },
  // Disputes and fraud warnings on the member's payments (decision 094). The orders' access log has
  // no member column and is not exported (decision 094 says so); deletion clears its addresses.
  { kind: "payments", table: "payment_disputes", column: "user_id" },
  { kind: "sessions", table: "sessions", column: "user_id", omit: ["id_hash"] },
  { kind: "vip-pass", table: "vip_passes", column: "user_id" },
  { kind: "perks", table: "perk_reveals", column: "user_id" },
  { kind: "offer-codes", table: "offer_codes", column: "claimed_by" },
  { kind: "check-ins", table: "check_ins", column: "user_id" },
  { kind: "tickets", table: "tickets", emailColumn: "customer_email" },
  // Tickets bought here (decision 055): those the member holds and those they bought for others.
  { kind: "tickets", table: "event_tickets", column: "owner_user_id", orEmailColumn: "owner_email" },
  { kind: "tickets", table: "event_tickets", column: "buyer_user_id", orEmailColumn: "buyer_email" },
  // The newsletter contact (status, topics, locale...) is the member's by account or by address,
  // and so is every consent record of it; a pending confirmation's token hash stays in D1.
  { kind: "consents", table: "marketing_contacts", column: "user_id", orEmailColumn: "email" },
  { kind: "consents", table: "marketing_consents", viaContacts: true, omit: TOKEN_HASH },
  // "Remind me" on events: the member's, and those asked for with their address before signing in.
  { kind: "reminders", table: "event_reminders", column: "user_id", orEmailColumn: "email", omit: TOKEN_HASH },
  // "Notify me" on releases and ticket sales: the member's, and those asked for with their address.
  { kind: "notify-me", table: "notify_requests", column: "user_id", orEmailColumn: "email", omit: TOKEN_HASH },
  { kind: "contact", table: "contact_messages", emailColumn: "email" },
  { kind: "notifications", table: "notifications", column: "user_id" },
  { kind: "notifications", table: "notification_actors", column: "user_id" },
  { kind: "notifications", table: "notification_preferences", column: "user_id" },
  { kind: "notifications", table: "notification_settings", column: "user_id" },
  // The browser's encryption secret stays in D1, like every other secret.
  { kind: "notifications", table: "push_subscriptions", column: "user_id", omit: ["auth"] },
  // What the member did that notified others (their like, comment or mention).
  { kind: "notifications", table: "notification_events", column: "actor_id" },
  { kind: "notifications", table: "notification_actors", column: "actor_id" },
  // What the member did as staff: their own acts, so theirs to see.
  { kind: "staff-activity", table: "audit_log", column: "actor_id" },
  { kind: "staff-activity", table: "contact_replies", column: "admin_user_id" },
  { kind: "staff-activity", table: "listening_parties", column: "created_by" },
  { kind: "staff-activity", table: "check_ins", column: "staff_id" },
  { kind: "staff-activity", table: "event_tickets", column: "checked_in_by" },
  { kind: "staff-activity", table: "event_cancellations", column: "requested_by" },
  { kind: "staff-activity", table: "vip_comps", column: "granted_by" },
  { kind: "staff-activity", table: "notification_events", column: "created_by" },
  { kind: "staff-activity", table: "campaigns", column: "created_by" },
  { kind: "staff-activity", table: "catalog_imports", column: "created_by" },
  // Community rooms (decision 106): how far the member read each room and what they are told of
  // it, and the rooms they moderate or named a moderator for. Their messages are in the rooms'
  // objects (rooms.json).
  { kind: "rooms", table: "room_members", column: "user_id" },
  { kind: "rooms", table: "room_moderators", column: "user_id" },
  // The pictures they uploaded for a message, until the hourly job settles each (decision 115).
  { kind: "rooms", table: "room_picture_uploads", column: "user_id" },
  { kind: "staff-activity", table: "room_moderators", column: "named_by" },
  { kind: "reports", table: "room_message_reports", column: "reporter_id" },
  // Live shows (decision 113): the shows the member watched, when and for how long.
  { kind: "live-shows", table: "live_watches", column: "user_id" },
  // Remix contests (decision 184): the member's entries (their audio is in the media bucket) and votes.
  { kind: "contests", table: "contest_entries", column: "user_id" },
  { kind: "contests", table: "contest_votes", column: "user_id" },
  // The stems' ZIPs they downloaded, by day (the daily limit counts them).
  { kind: "contests", table: "contest_stem_downloads", column: "user_id" },
  // The entries they were named a co-author of, and their answer (decision 192).
  { kind: "contests", table: "contest_entry_credits", column: "user_id" },
  // The contest entries they reported, with their reason (decision 196).
  { kind: "reports", table: "contest_entry_reports", column: "reporter_id" },
  // Their remixes released into the catalog (decision 197): the credits naming them, the releases
  // they share, and their share of each sale and what refunds took back.
  { kind: "contests", table: "track_credits", column: "user_id" },
  { kind: "contests", table: "contest_release_payees", column: "user_id" },
  { kind: "contests", table: "remix_shares", column: "user_id" },
  // The waitlist (decision 185): the member's places, the tickets they handed back and the offers made to them.
  { kind: "waitlist", table: "waitlist_places", column: "user_id" },
  { kind: "waitlist", table: "ticket_returns", column: "seller_user_id" },
  { kind: "waitlist", table: "waitlist_offers", column: "user_id" },
];

/**
 * User columns deliberately not exported, each with why. "table.column" → reason. Add here only
 * with a reason a reviewer accepts.
 * @internal
 */
export const NOT_EXPORTED: Readonly<Record<string, string>> = {
  "marketing_consents.actor_id":
    "the administrator who imported a list, on every imported contact's consent record: other people's data; the import itself is in the administrator's audit_log rows (staff-activity)",
  "room_message_reports.author_id":
    "reports other members made on the member's room message: who reported it is theirs; the message itself is in the room's export (rooms.json)",
  "room_hidden_messages.author_id":
    "the moderation queue's copy of the member's room message a moderator hid (decision 115): the message itself, hidden ones too, is in the room's export (rooms.json)",
  "room_hidden_messages.hidden_by":
    "the moderator who hid another member's room message: the act is in their audit_log rows (staff-activity), and the message is the other member's",
  "contest_entries.hidden_by":
    "the administrator who hid another member's contest entry (decision 196): the act and its reason are in their audit_log rows (staff-activity), and the entry is the other member's",
  "contest_votes.voided_by":
    "the administrator who voided another member's contest vote (decision 196): the act and its reason are in their audit_log rows (staff-activity), and the vote is the other member's",
  "dead_letters.handled_by":
    "the administrator who retried or dismissed a failed background job: the act is in their audit_log rows (staff-activity), and the job's body is other members' data",
};

/**
 * Column names that hold a member's id without a foreign key saying so (the schema test reads these too).
 * @internal
 */
export const USER_COLUMN_NAMES =
  /^(user_id|author_id|actor_id|owner_id|member_id|reporter_id|claimed_by|created_by|granted_by|staff_id|listener|[a-z_]*_user_id)$/;

type Row = Record<string, unknown>;

/** The member's rows of one source, secrets left out. Table and column names come from EXPORT_SOURCES only. */
async function readSource(db: DB, source: ExportSource, user: { id: string; email: string }): Promise<Row[]> {
  const d1 = db.$client;
  let statement: D1PreparedStatement;
  if ("viaPlaylists" in source) {
    statement = d1.prepare(`SELECT * FROM playlist_tracks WHERE playlist_id IN (SELECT id FROM playlists WHERE user_id = ?)`).bind(user.id);
  } else if ("viaContacts" in source) {
    statement = d1
      .prepare(
        `SELECT * FROM marketing_consents WHERE contact_id IN (SELECT id FROM marketing_contacts WHERE user_id = ?1 OR lower(email) = lower(?2)) ORDER BY created_at`,
      )
      .bind(user.id, user.email);
  } else if ("orEmailColumn" in source && source.orEmailColumn) {
    statement = d1
      .prepare(`SELECT * FROM "${source.table}" WHERE "${source.column}" = ?1 OR lower("${source.orEmailColumn}") = lower(?2)`)
      .bind(user.id, user.email);
  } else if ("emailColumn" in source) {
    statement = d1.prepare(`SELECT * FROM "${source.table}" WHERE lower("${source.emailColumn}") = lower(?)`).bind(user.email);
  } else {
    statement = d1.prepare(`SELECT * FROM "${source.table}" WHERE "${source.column}" = ?`).bind(user.id);
  }
  const { results } = await statement.all<Row>();
  const omit = "omit" in source ? (source.omit ?? []) : [];
  return results.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => !omit.includes(key))));
}

export type MemberDataFiles = Record<string, Record<string, Row[]>>;

/** Every D1 row about the member, grouped by kind then table. */
export async function readMemberData(db: DB, user: { id: string; email: string }): Promise<MemberDataFiles> {
  const rows = await Promise.all(EXPORT_SOURCES.map((source) => readSource(db, source, user)));
  const files: MemberDataFiles = {};
  EXPORT_SOURCES.forEach((source, i) => {
    const file = (files[source.kind] ??= {});
    // A table listed twice in one kind (check_ins by member and by staff) keeps both lists apart.
    const name = "column" in source && file[source.table] ? `${source.table} (${source.column})` : source.table;
    file[name] = rows[i] ?? [];
  });
  return files;
}

/** The member's row as the export and the deletion need it; null when there is no such account. */
export async function findMemberForRights(db: DB, userId: string) {
  return db.$client
    .prepare("SELECT id, email, username, password_hash AS passwordHash, avatar_url AS avatarUrl, locale FROM users WHERE id = ?")
    .bind(userId)
    .first<{ id: string; email: string; username: string; passwordHash: string; avatarUrl: string | null; locale: string }>();
}

/** How many rows and pictures an export will carry: a large account is prepared in the background. */
export async function exportSize(db: DB, userId: string): Promise<{ rows: number; images: number }> {
  const row = await db.$client
    .prepare(
      `SELECT (SELECT count(*) FROM posts WHERE user_id = ?1) + (SELECT count(*) FROM post_comments WHERE user_id = ?1)
         + (SELECT count(*) FROM post_likes WHERE user_id = ?1) + (SELECT count(*) FROM track_plays WHERE user_id = ?1) AS rows,
         (SELECT count(*) FROM post_images WHERE user_id = ?1) AS images`,
    )
    .bind(userId)
    .first<{ rows: number; images: number }>();
  return row ?? { rows: 0, images: 0 };
}

/** R2 keys of the member's post pictures (attached or not). */
export async function memberPostImageKeys(db: DB, userId: string): Promise<string[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT key FROM post_images WHERE user_id = ?1
       UNION SELECT 'posts/' || substr(image_url, length('/uploads/posts/') + 1) FROM posts
         WHERE user_id = ?1 AND image_url LIKE '/uploads/posts/%'`,
    )
    .bind(userId)
    .all<{ key: string }>();
  return results.map((r) => r.key);
}

/** Written into the accounting rows kept after a deletion, in place of the member's address. */
export const DELETED_MEMBER = "deleted-member";

/**
 * Deletes the account in one D1 batch, all or nothing. The users row goes last and its foreign
 * keys take the rest (ON DELETE CASCADE: profile, posts with every comment, like and report on
 * them, comments, likes, reports, favorites, playlists, plays, sessions, subscriptions, passes,
 * reveals, check-ins; SET NULL where a row is the site's: audit rows, offer codes, parties, staff
 * check-ins, comp grants, replies). Before it, in the same batch: other members' post counters
 * lose the member's likes and comments; rows matched by e-mail go (consents, contact messages,
 * sign-in throttles; the newsletter contact also by its user_id, with its consents) or, for tickets (accounting), lose the buyer's address and name; audit rows
 * lose the member's address and name. Every statement carries the guard "this is not the last
 * active administrator", so a refusal changes nothing.
 */
export async function deleteMemberAccount(db: DB, member: { id: string; email: string; username: string }): Promise<"deleted" | "last_admin" | "not_found"> {
  const d1 = db.$client;
  const { id, email, username } = member;
  // ?1 the member, ?2 the address, ?3 the name. The guard reads other members only.
  // "Active" as lib/suspension.ts reads it: a suspension past its end does not count.
  const now = Date.now();
  const guard = `(NOT EXISTS (SELECT 1 FROM users u WHERE u.id = ?1 AND ${notSuspendedText("u", now)}
      AND (u.is_admin = 1 OR EXISTS (SELECT 1 FROM admins a WHERE a.user_id = u.id)))
    OR EXISTS (SELECT 1 FROM users o WHERE o.id <> ?1 AND ${notSuspendedText("o", now)}
      AND (o.is_admin = 1 OR EXISTS (SELECT 1 FROM admins oa WHERE oa.user_id = o.id))))`;
  const run = (sqlText: string) => d1.prepare(sqlText).bind(id, email, username);
  const results = await d1.batch([
    run(`UPDATE posts SET like_count = max(like_count - (SELECT count(*) FROM post_likes l WHERE l.post_id = posts.id AND l.user_id = ?1), 0)
      WHERE user_id <> ?1 AND id IN (SELECT post_id FROM post_likes WHERE user_id = ?1) AND ${guard} AND ?2 = ?2 AND ?3 = ?3`),
    run(`UPDATE posts SET comment_count = max(comment_count - (SELECT count(*) FROM post_comments c WHERE c.post_id = posts.id AND c.user_id = ?1 AND c.hidden_at IS NULL), 0)
      WHERE user_id <> ?1 AND id IN (SELECT post_id FROM post_comments WHERE user_id = ?1) AND ${guard} AND ?2 = ?2 AND ?3 = ?3`),
    run(`UPDATE audit_log SET actor_email = '${DELETED_MEMBER}' WHERE actor_id = ?1 AND ${guard} AND ?2 = ?2 AND ?3 = ?3`),
    run(`UPDATE audit_log SET summary = replace(replace(summary, '"' || ?2 || '"', '"${DELETED_MEMBER}"'), '"' || ?3 || '"', '"${DELETED_MEMBER}"')
      WHERE (instr(summary, '"' || ?2 || '"') > 0 OR instr(summary, '"' || ?3 || '"') > 0) AND ${guard}`),
    run(`UPDATE tickets SET customer_email = '${DELETED_MEMBER}', customer_name = NULL WHERE lower(customer_email) = lower(?2) AND ${guard} AND ?3 = ?3`),
    // Tickets bought here (decision 055) stay for the accounts and the door's counts, without the
    // member's address; the ones they hold lose the name at the door too, and no later account
    // with the same address can claim them (the foreign keys then clear the member's ids).
    run(`UPDATE event_tickets SET owner_email = '${DELETED_MEMBER}', holder_name = NULL
      WHERE (owner_user_id = ?1 OR (owner_user_id IS NULL AND lower(owner_email) = lower(?2))) AND ${guard} AND ?3 = ?3`),
    run(`UPDATE event_tickets SET buyer_email = '${DELETED_MEMBER}'
      WHERE (buyer_user_id = ?1 OR (buyer_user_id IS NULL AND lower(buyer_email) = lower(?2))) AND ${guard} AND ?3 = ?3`),
    // The newsletter contact, by account or by address; its consent records go with it (CASCADE).
    run(`DELETE FROM marketing_contacts WHERE (user_id = ?1 OR lower(email) = lower(?2)) AND ${guard} AND ?3 = ?3`),
    run(`DELETE FROM contact_messages WHERE lower(email) = lower(?2) AND ${guard} AND ?3 = ?3`),
    // "Notify me": the member's rows would go with the account (CASCADE); those asked with the address go too.
    run(`DELETE FROM notify_requests WHERE (user_id = ?1 OR lower(email) = lower(?2)) AND ${guard} AND ?3 = ?3`),
    // The orders' access log (decision 094) stays with the orders for their records, without the
    // member's addresses; the checkouts' too.
    run(`UPDATE order_access_log SET ip = NULL
      WHERE ip IS NOT NULL AND order_id IN (SELECT id FROM orders WHERE user_id = ?1 OR lower(email) = lower(?2)) AND ${guard} AND ?3 = ?3`),
    run(`UPDATE store_checkouts SET buyer_ip = NULL WHERE buyer_ip IS NOT NULL AND (user_id = ?1 OR lower(email) = lower(?2)) AND ${guard} AND ?3 = ?3`),
    run(`DELETE FROM login_throttles WHERE email = lower(?2) AND ${guard} AND ?3 = ?3`),
    run(`DELETE FROM track_preview_plays WHERE listener = ?1 AND ${guard} AND ?2 = ?2 AND ?3 = ?3`),
    run(`DELETE FROM users WHERE id = ?1 AND ${guard} AND ?2 = ?2 AND ?3 = ?3`),
  ]);
  if ((results.at(-1)?.meta.changes ?? 0) > 0) return "deleted";
  return (await findMemberForRights(db, id)) ? "last_admin" : "not_found";
}
