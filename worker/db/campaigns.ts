// Newsletter campaigns (decision 045): drafts, the audience's SQL, and the sending steps' reads and
// writes. A campaign is sent in two phases, each a run of queue steps:
// 1. snapshot: the audience is written page by page as campaign_recipients rows ('queued'), the
//    page's last contact id kept as the campaign's cursor, so a retried step writes nothing new;
// 2. send: the queued rows, oldest contact id first, are mailed in provider batches and marked.
// A recipient row leaves 'queued' only once, so a retried step never mails anyone twice.
// An administrator's write (create, edit, delete, send, schedule, pause, resume, cancel) and its
// audit row go in one D1 batch; the row is written only when the write changed the campaign.
import { memberTierPassesSql } from "./tiers/gate";
import { FREE_TIER_ID } from "#contracts/tiers/tiers.ts";
import type { DB } from "./client";
import { auditIfChanged, type Actor, type AuditEntry } from "./audit";
import { newId } from "../lib/crypto";
import { DAY_MS, iso } from "../lib/time";
import type { Locale } from "#contracts/locale.ts";
import type { Campaign, CampaignInput, CampaignListItem, CampaignStats } from "#contracts/newsletter.ts";
import { RECIPIENT_STATUSES, type CampaignAudience, type CampaignBlock, type CampaignStatus, type NewsletterTopic } from "#contracts/newsletter-model.ts";

/** Contacts written as recipients per snapshot step: one INSERT … SELECT. */
export const SNAPSHOT_PAGE = 5_000;
/** Marks a finished snapshot in the cursor column. */
export const SNAPSHOT_DONE = "\u{10FFFF}done";
/** A scheduled campaign whose start message is already on the queue (its delay running). */
export const START_QUEUED = "start-queued";

type CampaignRow = {
  id: string;
  name: string;
  topic: NewsletterTopic;
  subject_en: string;
  subject_pt_br: string | null;
  body_en: string;
  body_pt_br: string | null;
  audience: string;
  status: CampaignStatus;
  scheduled_at: number | null;
  time_zone: string | null;
  recipients_total: number;
  cursor: string | null;
  created_at: number;
  updated_at: number;
  started_at: number | null;
  finished_at: number | null;
};

export type StoredCampaign = Omit<Campaign, "stats"> & { cursor: string | null };

function toCampaign(row: CampaignRow): StoredCampaign {
  return {
    id: row.id,
    name: row.name,
    topic: row.topic,
    subjectEn: row.subject_en,
    subjectPtBr: row.subject_pt_br,
    bodyEn: JSON.parse(row.body_en) as CampaignBlock[],
    bodyPtBr: row.body_pt_br === null ? null : (JSON.parse(row.body_pt_br) as CampaignBlock[]),
    audience: JSON.parse(row.audience) as CampaignAudience,
    status: row.status,
    scheduledAt: iso(row.scheduled_at),
    timeZone: row.time_zone,
    recipientsTotal: row.recipients_total,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    cursor: row.cursor,
  };
}

const emptyStats = (): CampaignStats => Object.fromEntries(RECIPIENT_STATUSES.map((s) => [s, 0])) as CampaignStats;

async function statsOf(db: DB, ids: string[]): Promise<Map<string, CampaignStats>> {
  const out = new Map(ids.map((id) => [id, emptyStats()]));
  if (ids.length === 0) return out;
  const { results } = await db.$client
    .prepare(
      `SELECT campaign_id AS id, status, count(*) AS n FROM campaign_recipients
       WHERE campaign_id IN (SELECT value FROM json_each(?)) GROUP BY campaign_id, status`,
    )
    .bind(JSON.stringify(ids))
    .all<{ id: string; status: keyof CampaignStats; n: number }>();
  for (const row of results) out.get(row.id)![row.status] = row.n;
  return out;
}

export async function findCampaign(db: DB, id: string): Promise<StoredCampaign | null> {
  const row = await db.$client.prepare(`SELECT * FROM campaigns WHERE id = ?`).bind(id).first<CampaignRow>();
  return row ? toCampaign(row) : null;
}

export async function campaignWithStats(db: DB, id: string): Promise<Campaign | null> {
  const stored = await findCampaign(db, id);
  if (!stored) return null;
  const { cursor: _cursor, ...campaign } = stored;
  return { ...campaign, stats: (await statsOf(db, [id])).get(id)! };
}

/** Newest first; at most 200 (a list the back office pages through would come later). */
export async function listCampaigns(db: DB): Promise<CampaignListItem[]> {
  const { results } = await db.$client.prepare(`SELECT * FROM campaigns ORDER BY created_at DESC LIMIT 200`).all<CampaignRow>();
  const stats = await statsOf(
    db,
    results.map((r) => r.id),
  );
  return results.map((row) => {
    const { cursor: _cursor, bodyEn: _en, bodyPtBr: _pt, ...item } = toCampaign(row);
    return { ...item, stats: stats.get(row.id)! };
  });
}

const inputColumns = (input: CampaignInput) => [
  input.name,
  input.topic,
  input.subjectEn,
  input.subjectPtBr || null,
  JSON.stringify(input.bodyEn),
  input.bodyPtBr && input.subjectPtBr ? JSON.stringify(input.bodyPtBr) : null,
  JSON.stringify(input.audience),
];

/** An administrator's write as its audit row tells it (the campaign is the row's target). */
export type CampaignAudit = { actor: Actor; action: AuditEntry["action"]; after: Record<string, unknown> };

/** Runs a write on campaign `id` with, in the same batch, its audit row; whether the write changed a row. */
async function writeWithAudit(db: DB, id: string, statement: D1PreparedStatement, audit: CampaignAudit | undefined, now: number): Promise<boolean> {
  const entry = audit && { actor: audit.actor, action: audit.action, targetType: "campaign", targetId: id, summary: { after: audit.after } };
  const [result] = await db.$client.batch(entry ? [statement, auditIfChanged(db, entry, now)] : [statement]);
  return (result?.meta.changes ?? 0) > 0;
}

export async function createCampaign(db: DB, input: CampaignInput, actor: Actor, now = Date.now()): Promise<string> {
  const id = newId();
  const insert = db.$client
    .prepare(
      `INSERT INTO campaigns (id, name, topic, subject_en, subject_pt_br, body_en, body_pt_br, audience, status, created_by, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'draft', ?9, ?10, ?10)`,
    )
    .bind(id, ...inputColumns(input), actor.id, now);
  await writeWithAudit(db, id, insert, { actor, action: "campaign.create", after: { name: input.name } }, now);
  return id;
}

/** Only a draft can be edited; returns false when the campaign is not (or no longer) one. */
export async function updateDraft(db: DB, id: string, input: CampaignInput, actor: Actor, now = Date.now()): Promise<boolean> {
  const update = db.$client
    .prepare(
      `UPDATE campaigns SET name = ?2, topic = ?3, subject_en = ?4, subject_pt_br = ?5, body_en = ?6, body_pt_br = ?7, audience = ?8, updated_at = ?9
       WHERE id = ?1 AND status = 'draft'`,
    )
    .bind(id, ...inputColumns(input), now);
  return writeWithAudit(db, id, update, { actor, action: "campaign.update", after: { name: input.name } }, now);
}

/** Drafts and cancelled campaigns may be deleted; a sent one stays for its figures. */
export async function deleteCampaign(db: DB, id: string, actor: Actor, now = Date.now()): Promise<boolean> {
  const statement = db.$client.prepare(`DELETE FROM campaigns WHERE id = ? AND status IN ('draft', 'cancelled')`).bind(id);
  return writeWithAudit(db, id, statement, { actor, action: "campaign.delete", after: {} }, now);
}

/**
 * Moves a campaign between states when it is in one of `from`; false when it was not (another
 * admin, or the sending itself, changed it first). `extra` sets more columns in the same UPDATE;
 * an administrator's move is audited in its batch (the queue's own moves are not).
 */
export async function moveCampaign(
  db: DB,
  id: string,
  from: CampaignStatus[],
  to: CampaignStatus,
  now = Date.now(),
  extra: { scheduledAt?: number | null; timeZone?: string | null; startedAt?: number; cursor?: string | null } = {},
  audit?: CampaignAudit,
): Promise<boolean> {
  const sets = ["status = ?2", "updated_at = ?3"];
  const params: (string | number | null)[] = [id, to, now];
  for (const [column, value] of [
    ["scheduled_at", extra.scheduledAt],
    ["time_zone", extra.timeZone],
    ["started_at", extra.startedAt],
    ["cursor", extra.cursor],
  ] as const) {
    if (value === undefined) continue;
    params.push(value);
    sets.push(`${column} = ?${params.length}`);
  }
  const placeholders = from.map((status) => `'${status}'`).join(", ");
  const update = db.$client.prepare(`UPDATE campaigns SET ${sets.join(", ")} WHERE id = ?1 AND status IN (${placeholders})`).bind(...params);
  return writeWithAudit(db, id, update, audit, now);
}

// ---- the audience -------------------------------------------------------------------------------

type Where = { sql: string; params: (string | number)[] };

/**
 * The contacts a campaign reaches: subscribed, wanting its topic, narrowed by every filter given.
 * VIP and free members are contacts tied to an account (by user_id, or the account's address).
 * Parameters are numbered from `first` so the caller can put its own before them.
 */
export function audienceWhere(topic: NewsletterTopic, audience: CampaignAudience, now: number, first = 1): Where {
  const params: (string | number)[] = [];
  const p = (value: string | number) => {
    params.push(value);
    return `?${first + params.length - 1}`;
  };
  const parts = [`c.status = 'subscribed'`, `EXISTS (SELECT 1 FROM json_each(c.topics) WHERE value = ${p(topic)})`];
  const member = `SELECT 1 FROM users u WHERE (u.id = c.user_id OR lower(u.email) = lower(c.email)) AND u.status = 'active'`;
  if (audience.kind === "vip") parts.push(`EXISTS (${member} AND u.is_vip = 1)`);
  if (audience.kind === "free") parts.push(`EXISTS (${member} AND u.is_vip = 0)`);
  if (audience.kind === "tiers") parts.push(audience.tiers ? `EXISTS (${member} AND ${memberTierPassesSql("u", audience.tiers, p)})` : "0");
  if (audience.locale) parts.push(`c.locale = ${p(audience.locale)}`);
  if (audience.country) parts.push(`c.country = ${p(audience.country)}`);
  if (audience.tag) parts.push(`EXISTS (SELECT 1 FROM json_each(c.tags) WHERE lower(value) = lower(${p(audience.tag)}))`);
  if (audience.excludeMailedWithinDays) {
    parts.push(`(c.last_mailed_at IS NULL OR c.last_mailed_at < ${p(now - audience.excludeMailedWithinDays * DAY_MS)})`);
  }
  return { sql: parts.join(" AND "), params };
}

export async function countAudience(
  db: DB,
  topic: NewsletterTopic,
  audience: CampaignAudience,
  now = Date.now(),
): Promise<{ count: number; byLocale: Record<Locale, number> }> {
  const where = audienceWhere(topic, audience, now);
  const row = await db.$client
    .prepare(`SELECT count(*) AS n, coalesce(sum(c.locale = 'pt-BR'), 0) AS pt FROM marketing_contacts c WHERE ${where.sql}`)
    .bind(...where.params)
    .first<{ n: number; pt: number }>();
  const count = row?.n ?? 0;
  const pt = row?.pt ?? 0;
  return { count, byLocale: { en: count - pt, "pt-BR": pt } };
}

/**
 * One snapshot step: the next page of the audience after the cursor becomes queued recipient rows,
 * and the cursor moves to the page's last contact in the same batch. Returns whether the snapshot
 * is finished. Run twice with the same cursor, it writes nothing new.
 */
export async function snapshotStep(db: DB, campaign: StoredCampaign, now = Date.now()): Promise<{ done: boolean; written: number }> {
  const after = campaign.cursor ?? "";
  const where = audienceWhere(campaign.topic, campaign.audience, now, 3);
  const page = `SELECT c.id, c.email, c.locale FROM marketing_contacts c WHERE c.id > ?2 AND ${where.sql} ORDER BY c.id LIMIT ${SNAPSHOT_PAGE}`;
  const [inserted, , total] = await db.$client.batch([
    db.$client
      .prepare(
        `INSERT INTO campaign_recipients (campaign_id, contact_id, email, locale) SELECT ?1, id, email, locale FROM (${page}) WHERE true ON CONFLICT DO NOTHING`,
      )
      .bind(campaign.id, after, ...where.params),
    // The page's last id, or the end marker when the page was not full.
    db.$client
      .prepare(
        `UPDATE campaigns SET cursor = (SELECT CASE WHEN count(*) < ${SNAPSHOT_PAGE} THEN '${SNAPSHOT_DONE}' ELSE max(id) END FROM (${page})), updated_at = ?${3 + where.params.length}
         WHERE id = ?1 AND status = 'sending' AND coalesce(cursor, '') = ?2`,
      )
      .bind(campaign.id, after, ...where.params, now),
    db.$client.prepare(`SELECT cursor FROM campaigns WHERE id = ?`).bind(campaign.id),
  ]);
  const cursor = (total?.results[0] as { cursor: string | null } | undefined)?.cursor;
  return { done: cursor === SNAPSHOT_DONE, written: inserted?.meta.changes ?? 0 };
}

/** `tierId`: the recipient's member's tier as it is now (the free tier's id when free), null without an account in good standing. */
export type QueuedRecipient = { contactId: string; email: string; locale: Locale; tierId: string | null };

/** The next queued recipients, by contact id: a retried step finds the same ones still unsent. */
export async function queuedRecipients(db: DB, campaignId: string, limit: number): Promise<QueuedRecipient[]> {
  const { results } = await db.$client
    // The status index holds the primary key's contact_id after (campaign, status), so it yields
    // the queued rows already in order; without INDEXED BY, SQLite walks the campaign's primary
    // key and reads every row sent so far on each step.
    .prepare(
      `SELECT r.contact_id AS contactId, r.email, r.locale,
         (SELECT coalesce(u.tier_id, '${FREE_TIER_ID}') FROM marketing_contacts c JOIN users u ON (u.id = c.user_id OR lower(u.email) = lower(c.email))
          WHERE c.id = r.contact_id AND u.status = 'active' ORDER BY u.id = c.user_id DESC LIMIT 1) AS tierId
       FROM campaign_recipients AS r INDEXED BY campaign_recipients_status_idx
       WHERE r.campaign_id = ? AND r.status = 'queued' ORDER BY r.contact_id LIMIT ?`,
    )
    .bind(campaignId, limit)
    .all<QueuedRecipient>();
  return results;
}

/**
 * Marks a batch's outcome in one D1 batch: sent rows and their contacts' last-mailed time, failed
 * rows with the reason. Only rows still queued change.
 */
export async function markSent(db: DB, campaignId: string, sent: string[], failed: { contactId: string; error: string }[], now = Date.now()) {
  const statements = [];
  if (sent.length) {
    const ids = JSON.stringify(sent);
    statements.push(
      db.$client
        .prepare(
          `UPDATE campaign_recipients SET status = 'sent', sent_at = ?3 WHERE campaign_id = ?1 AND status = 'queued' AND contact_id IN (SELECT value FROM json_each(?2))`,
        )
        .bind(campaignId, ids, now),
      db.$client.prepare(`UPDATE marketing_contacts SET last_mailed_at = ?2 WHERE id IN (SELECT value FROM json_each(?1))`).bind(ids, now),
    );
  }
  if (failed.length) {
    statements.push(
      db.$client
        .prepare(
          `UPDATE campaign_recipients SET status = 'failed', error = json_extract(f.value, '$.error')
           FROM json_each(?2) f WHERE campaign_id = ?1 AND status = 'queued' AND contact_id = json_extract(f.value, '$.contactId')`,
        )
        .bind(campaignId, JSON.stringify(failed)),
    );
  }
  if (statements.length) await db.$client.batch(statements);
}

/** The last step: nothing is queued any more. Counts the recipients and closes the campaign. */
export async function finishCampaign(db: DB, campaignId: string, now = Date.now()): Promise<boolean> {
  const result = await db.$client
    .prepare(
      `UPDATE campaigns SET status = 'sent', finished_at = ?2, updated_at = ?2,
         recipients_total = (SELECT count(*) FROM campaign_recipients WHERE campaign_id = ?1)
       WHERE id = ?1 AND status = 'sending'`,
    )
    .bind(campaignId, now)
    .run();
  return result.meta.changes > 0;
}

/** Keeps the list's recipient figure current while the snapshot runs: adds what a step really wrote. */
export async function addToRecipientTotal(db: DB, campaignId: string, written: number) {
  if (written === 0) return;
  await db.$client.prepare(`UPDATE campaigns SET recipients_total = recipients_total + ?2 WHERE id = ?1`).bind(campaignId, written).run();
}

/**
 * Scheduled campaigns starting within `horizonMs` whose start is not on the queue yet: claimed (the
 * cursor marks them) so two cron runs never queue one twice.
 */
export async function claimDueScheduled(db: DB, now: number, horizonMs: number): Promise<{ id: string; scheduledAt: number }[]> {
  const { results } = await db.$client
    .prepare(
      `UPDATE campaigns SET cursor = '${START_QUEUED}', updated_at = ?1
       WHERE status = 'scheduled' AND cursor IS NULL AND scheduled_at <= ?2
       RETURNING id, scheduled_at AS scheduledAt`,
    )
    .bind(now, now + horizonMs)
    .all<{ id: string; scheduledAt: number }>();
  return results;
}
