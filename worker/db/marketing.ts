// The mailing list as the back office sees it: the figures, a page of contacts, the import's
// writes and the export's read.
//
// An import writes in D1 batches of [one INSERT, its audit row, the new contacts' consent rows]. The INSERT takes its rows from a
// single JSON parameter (json_each), so a statement carries thousands of contacts while binding one
// parameter, far inside D1's 100 bound parameters and 100 KB of SQL per statement, and a large
// list needs tens of statements rather than thousands (D1 allows 1,000 per invocation). An address
// already on the list, in any case, is left as it is (ON CONFLICT DO NOTHING against the unique
// index on lower(email)): its names, consent and subscription stay, so an unsubscribed person stays
// unsubscribed. Each batch's audit row counts what that INSERT really added (changes()), read
// inside the same batch, so the log and the list cannot disagree. The consent rows (decision 045:
// source 'import', the basis the admin declared, the admin as actor) are selected by joining the
// same JSON on the ids generated for this chunk, so only contacts this INSERT really added get one:
// an address already listed keeps its own history and status.
import { count, desc, eq, gt, gte, sql } from "drizzle-orm";
import type { DB } from "./client";
import { auditLog } from "./schema/operations";
import { marketingConsents, marketingContacts } from "./schema/mail";
import type { Actor, AuditEntry } from "./audit";
import type { ParsedContact } from "../lib/contacts-csv";
import { CONTACTS_PAGE_SIZE, RECENT_DAYS, type MarketingContactsResponse, type MarketingSummary } from "#contracts/admin/marketing.ts";
import { runBatch } from "./d1";
import { DAY_MS } from "../lib/time";
import { auditNoteOf, type AuditDetail } from "#contracts/audit-detail.ts";
import type { ImportBasis } from "#contracts/newsletter-model.ts";

/** Contacts in one INSERT: bounded by count and by the size of the JSON text. */
export const IMPORT_ROWS_PER_STATEMENT = 5_000;
/** D1 caps a value at 2,000,000 bytes; a UTF-16 unit is at most 3 bytes of UTF-8, so 1.8 MB at worst. */
export const IMPORT_JSON_MAX_CHARS = 600_000;
/** Rows per read of the export: each answer stays a few hundred kilobytes. */
const EXPORT_PAGE_ROWS = 10_000;

export async function marketingSummary(db: DB, now = Date.now()): Promise<MarketingSummary> {
  const [[total], [subscribed], [recent]] = await db.batch([
    db.select({ n: count() }).from(marketingContacts),
    db.select({ n: count() }).from(marketingContacts).where(eq(marketingContacts.status, "subscribed")),
    db
      .select({ n: count() })
      .from(marketingContacts)
      .where(gte(marketingContacts.createdAt, new Date(now - RECENT_DAYS * DAY_MS))),
  ]);
  return {
    totalContacts: total?.n ?? 0,
    subscribers: subscribed?.n ?? 0,
    last30Days: recent?.n ?? 0,
  };
}

/** Newest first; rowid keeps the file's order among contacts imported in the same millisecond. */
export async function listContacts(db: DB, page: number): Promise<MarketingContactsResponse> {
  const [[total], rows] = await db.batch([
    db.select({ n: count() }).from(marketingContacts),
    db
      .select()
      .from(marketingContacts)
      .orderBy(desc(marketingContacts.createdAt), sql`rowid`)
      .limit(CONTACTS_PAGE_SIZE)
      .offset((page - 1) * CONTACTS_PAGE_SIZE),
  ]);
  return {
    contacts: rows.map((r) => ({
      id: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      subscribed: r.status === "subscribed",
      status: r.status,
      createdAt: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page,
    pageSize: CONTACTS_PAGE_SIZE,
  };
}

/** Splits the contacts into the INSERTs' JSON parameters. */
export function importChunks(contacts: ParsedContact[]): { contacts: ParsedContact[]; json: string }[] {
  const chunks: { contacts: ParsedContact[]; json: string }[] = [];
  let current: ParsedContact[] = [];
  let parts: string[] = [];
  let chars = 2;
  const flush = () => {
    if (current.length === 0) return;
    chunks.push({ contacts: current, json: `[${parts.join(",")}]` });
    current = [];
    parts = [];
    chars = 2;
  };
  for (const contact of contacts) {
    // [contact id, email, first, last, tags, country, locale or null for en]: json_extract gives the
    // tags back as JSON text. Kept short: the chunk's size bounds how many rows a statement takes.
    const part = JSON.stringify([
      crypto.randomUUID(),
      contact.email,
      contact.firstName,
      contact.lastName,
      contact.tags,
      contact.country,
      contact.locale === "en" ? null : contact.locale,
    ]);
    if (current.length >= IMPORT_ROWS_PER_STATEMENT || chars + part.length + 1 > IMPORT_JSON_MAX_CHARS) flush();
    current.push(contact);
    parts.push(part);
    chars += part.length + 1;
  }
  flush();
  return chunks;
}

export type ChunkOutcome = { imported: number; submitted: number };

/** A version 4 UUID made by SQLite, one per row selected. */
const RANDOM_UUID_SQL = sql.raw(
  `lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' ||
    substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))`,
);

/** The words of an import's consent record: what the admin declared, in the record's language (en). */
export const importConsentText = (basis: ImportBasis) =>
  `Imported from a CSV file by an administrator, who declared that this list's consent rests on: ${basis}.`;

/**
 * Writes one chunk, its audit row and the new contacts' consent rows in one batch. `part` and
 * `parts` only label the audit row. Returns how many contacts were added (the rest were already
 * on the list).
 */
export async function importChunk(
  db: DB,
  actor: Actor,
  basis: ImportBasis,
  chunk: { contacts: ParsedContact[]; json: string },
  part: number,
  parts: number,
  now = Date.now(),
): Promise<ChunkOutcome> {
  const first = chunk.contacts[0]!.row;
  const last = chunk.contacts[chunk.contacts.length - 1]!.row;
  const insert = sql`
    INSERT INTO ${marketingContacts} (id, email, first_name, last_name, status, consent_at, source, tags, country, locale, status_changed_at, created_at, updated_at)
    SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]'), 'subscribed', NULL, 'import',
      json_extract(value, '$[4]'), json_extract(value, '$[5]'), coalesce(json_extract(value, '$[6]'), 'en'), ${now}, ${now}, ${now}
    FROM json_each(${chunk.json}) WHERE true
    ON CONFLICT DO NOTHING`;
  // Joined on this chunk's fresh contact ids: a row skipped by ON CONFLICT has no contact with its
  // id. The consent's id is a random UUID made here rather than carried in the JSON (size above).
  const consents = sql`
    INSERT INTO ${marketingConsents} (id, contact_id, source, consent_text, locale, basis, actor_id, created_at, confirmed_at)
    SELECT ${RANDOM_UUID_SQL}, c.id, 'import', ${importConsentText(basis)}, 'en', ${basis}, ${actor.id}, ${now}, ${now}
    FROM json_each(${chunk.json}) AS j JOIN ${marketingContacts} AS c ON c.id = json_extract(j.value, '$[0]')`;
  const detail: AuditDetail = { kind: "contacts_csv_import", part, parts };
  const audit = db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: "contacts.import" satisfies AuditEntry["action"],
    targetType: "marketing_contacts",
    targetId: null,
    summary: sql`json_object('after', json_object('imported', changes(), 'submitted', ${chunk.contacts.length}, 'rows', ${`${first}-${last}`}), 'note', ${auditNoteOf(detail)}, 'detail', json(${JSON.stringify(detail)}))`,
    createdAt: new Date(now),
  });
  // Through D1's own batch: drizzle's batch cannot take a parameterised `sql` statement.
  // The audit row's changes() reads the contacts INSERT, so it comes straight after it.
  const [inserted] = await runBatch(db, [db.run(insert).getQuery(), audit.toSQL(), db.run(consents).getQuery()]);
  return { imported: inserted?.meta.changes ?? 0, submitted: chunk.contacts.length };
}

export type ExportRow = { firstName: string | null; lastName: string | null; email: string };

/**
 * Every contact, by address: the same list exports to the same file, whatever order it was added
 * in. Read in pages along the unique index on lower(email).
 */
export async function exportContacts(db: DB): Promise<ExportRow[]> {
  const out: ExportRow[] = [];
  const key = sql<string>`lower(${marketingContacts.email})`;
  let after: string | null = null;
  for (;;) {
    const page: (ExportRow & { key: string })[] = await db
      .select({ firstName: marketingContacts.firstName, lastName: marketingContacts.lastName, email: marketingContacts.email, key })
      .from(marketingContacts)
      .where(after === null ? undefined : gt(key, after))
      .orderBy(key)
      .limit(EXPORT_PAGE_ROWS);
    for (const { firstName, lastName, email } of page) out.push({ firstName, lastName, email });
    if (page.length < EXPORT_PAGE_ROWS) return out;
    after = page[page.length - 1]!.key;
  }
}
