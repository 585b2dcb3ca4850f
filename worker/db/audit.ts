// The audit log (admin writes). An area's write and its audit row go in one D1 batch, so neither
// is stored without the other: `auditInsert` returns the statement for the batch.
import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import type { DB } from "./client";
import { auditLog, type AuditSummary } from "./schema/operations";
import type { AuditAction } from "#contracts/audit-actions.ts";
import { AUDIT_PAGE_SIZE } from "#contracts/admin/limits.ts";
import type { AuditEntryView, AuditListResponse } from "#contracts/admin/admin.ts";

export type Actor = { id: string; email: string };

export type AuditEntry = {
  actor: Actor;
  action: AuditAction;
  targetType: string;
  targetId?: string | null;
  summary: AuditSummary;
};

/** The insert for one audit row, to run in the same batch as the write it describes. */
export function auditInsert(db: DB, entry: AuditEntry, now = Date.now()) {
  return db.insert(auditLog).values({
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    summary: entry.summary,
    createdAt: new Date(now),
  });
}

/**
 * The audit row of a write that may change nothing (an UPDATE or DELETE whose WHERE names the state
 * it needs), as a raw statement: put right after that write in one batch, it is stored only when
 * the write changed a row (changes() reads the statement before it), so a refused write leaves no
 * audit row and a failed batch leaves neither.
 */
export function auditIfChanged(db: DB, entry: AuditEntry, now = Date.now()): D1PreparedStatement {
  return db.$client
    .prepare(
      `INSERT INTO audit_log (actor_id, actor_email, action, target_type, target_id, summary, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE changes() > 0`,
    )
    .bind(entry.actor.id, entry.actor.email, entry.action, entry.targetType, entry.targetId ?? null, JSON.stringify(entry.summary), now);
}

/** Appends one audit row on its own (for writes that are not a D1 batch, e.g. an R2 upload). */
export async function recordAudit(db: DB, entry: AuditEntry, now = Date.now()) {
  await auditInsert(db, entry, now);
}

export async function listAudit(db: DB, filters: { action?: string; actorId?: string; before?: number }): Promise<AuditListResponse> {
  const conditions: SQL[] = [];
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  if (filters.actorId) conditions.push(eq(auditLog.actorId, filters.actorId));
  if (filters.before) conditions.push(lt(auditLog.id, filters.before));
  const [rows, actions] = await db.batch([
    db
      .select()
      .from(auditLog)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE + 1),
    db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action),
  ]);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  return {
    entries: page.map((row): AuditEntryView => ({
      id: row.id,
      actorId: row.actorId,
      actorEmail: row.actorEmail,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      summary: row.summary,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor: rows.length > AUDIT_PAGE_SIZE ? page[page.length - 1]!.id : null,
    actions: actions.map((a) => a.action),
  };
}
