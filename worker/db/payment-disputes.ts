// The payments core's disputes and early fraud warnings (decision 094): one row per dispute or
// warning, written by the event's batch. Every write is conditional, so a replayed, a late or an
// out-of-order event changes nothing: the row moves only while it is open (closed_at IS NULL) and
// only to an event at least as recent as the last applied (last_event_at: the event's second in
// ms plus its stage, so a `closed` of the same second wins over an `updated`). A fraud warning's
// row is written once.
import { sql, type SQL } from "drizzle-orm";
import type { DB } from "./client";
import type { Statement } from "./d1";

export type DisputeRowInput = {
  id: string;
  type: "dispute" | "fraud_warning";
  paymentIntentId: string;
  chargeId: string | null;
  kind: string;
  targetId: string;
  userId: string | null;
  status: string;
  reason: string | null;
  amountCents: number;
  currency: string;
  evidenceDueAt: number | null;
  outcome: "won" | "lost" | null;
  closed: boolean;
  lastEventAt: number;
};

const raw = (db: DB, query: SQL): Statement => db.run(query).getQuery();

export function upsertDispute(db: DB, d: DisputeRowInput, now: number): Statement {
  const closedAt = d.closed ? now : null;
  return raw(
    db,
    sql`INSERT INTO payment_disputes (id, type, payment_intent_id, charge_id, kind, target_id, user_id, status, reason, amount_cents, currency,
          evidence_due_at, outcome, closed_at, last_event_at, created_at, updated_at)
        VALUES (${d.id}, ${d.type}, ${d.paymentIntentId}, ${d.chargeId}, ${d.kind}, ${d.targetId}, ${d.userId}, ${d.status}, ${d.reason},
          ${d.amountCents}, ${d.currency}, ${d.evidenceDueAt}, ${d.outcome}, ${closedAt}, ${d.lastEventAt}, ${now}, ${now})
        ON CONFLICT (id) DO UPDATE SET status = excluded.status, reason = coalesce(excluded.reason, payment_disputes.reason),
          amount_cents = excluded.amount_cents, evidence_due_at = coalesce(excluded.evidence_due_at, payment_disputes.evidence_due_at),
          charge_id = coalesce(excluded.charge_id, payment_disputes.charge_id),
          outcome = excluded.outcome, closed_at = excluded.closed_at, last_event_at = excluded.last_event_at, updated_at = excluded.updated_at
        WHERE payment_disputes.type = 'dispute' AND payment_disputes.closed_at IS NULL AND excluded.last_event_at >= payment_disputes.last_event_at`,
  );
}

/** Lost and not yet revoked: true in the one batch that then marks it revoked. */
export const lostNow = (id: string): SQL => sql`EXISTS (SELECT 1 FROM payment_disputes d WHERE d.id = ${id} AND d.outcome = 'lost' AND d.revoked_at IS NULL)`;

/** A warning no batch has acted on yet (fraud_action is set by the kind's statements). */
export const warningNew = (id: string): SQL =>
  sql`EXISTS (SELECT 1 FROM payment_disputes d WHERE d.id = ${id} AND d.type = 'fraud_warning' AND d.fraud_action IS NULL)`;

/** After the kind's statements: the lost dispute's revocation ran, once. */
export const markRevoked = (db: DB, id: string, now: number): Statement =>
  raw(db, sql`UPDATE payment_disputes SET revoked_at = ${now}, updated_at = ${now} WHERE id = ${id} AND outcome = 'lost' AND revoked_at IS NULL`);

export type DisputeRow = {
  id: string;
  type: "dispute" | "fraud_warning";
  paymentIntentId: string;
  chargeId: string | null;
  kind: string;
  targetId: string;
  userId: string | null;
  status: string;
  reason: string | null;
  amountCents: number;
  currency: string;
  evidenceDueAt: number | null;
  outcome: "won" | "lost" | null;
  fraudAction: "refunded" | "flagged" | null;
  note: string | null;
  submittedAt: number | null;
  revokedAt: number | null;
  closedAt: number | null;
  createdAt: number;
  updatedAt: number;
};

const COLUMNS = `id, type, payment_intent_id AS paymentIntentId, charge_id AS chargeId, kind, target_id AS targetId, user_id AS userId, status, reason,
  amount_cents AS amountCents, currency, evidence_due_at AS evidenceDueAt, outcome, fraud_action AS fraudAction, note, submitted_at AS submittedAt,
  revoked_at AS revokedAt, closed_at AS closedAt, created_at AS createdAt, updated_at AS updatedAt`;

export const findDispute = (db: DB, id: string) => db.$client.prepare(`SELECT ${COLUMNS} FROM payment_disputes WHERE id = ?1`).bind(id).first<DisputeRow>();

/** Open ones first, by deadline; then the closed, newest first. */
export async function listDisputes(db: DB, limit: number): Promise<DisputeRow[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT ${COLUMNS} FROM payment_disputes
       ORDER BY closed_at IS NOT NULL, CASE WHEN closed_at IS NULL THEN coalesce(evidence_due_at, created_at) END, created_at DESC, id LIMIT ?1`,
    )
    .bind(limit)
    .all<DisputeRow>();
  return results;
}

/** The disputes of one purchase, newest first (the order's page shows it disputed). */
export async function disputesOf(db: DB, kind: string, targetId: string): Promise<DisputeRow[]> {
  const { results } = await db.$client
    .prepare(`SELECT ${COLUMNS} FROM payment_disputes WHERE kind = ?1 AND target_id = ?2 ORDER BY created_at DESC, id`)
    .bind(kind, targetId)
    .all<DisputeRow>();
  return results;
}

/** The admin's note, kept while the dispute is open; false when it is closed or unknown. */
export async function saveDisputeNote(db: DB, id: string, note: string | null, now: number): Promise<boolean> {
  const r = await db.$client
    .prepare(`UPDATE payment_disputes SET note = ?2, updated_at = ?3 WHERE id = ?1 AND type = 'dispute' AND closed_at IS NULL`)
    .bind(id, note, now)
    .run();
  return r.meta.changes > 0;
}

/** Claims the submission (once): false when it was submitted already, is closed or is not a dispute. */
export async function claimSubmission(db: DB, id: string, now: number): Promise<boolean> {
  const r = await db.$client
    .prepare(`UPDATE payment_disputes SET submitted_at = ?2, updated_at = ?2 WHERE id = ?1 AND type = 'dispute' AND closed_at IS NULL AND submitted_at IS NULL`)
    .bind(id, now)
    .run();
  return r.meta.changes > 0;
}

/** The provider refused the evidence: the admin may submit again. */
export async function releaseSubmission(db: DB, id: string, at: number): Promise<void> {
  await db.$client.prepare(`UPDATE payment_disputes SET submitted_at = NULL WHERE id = ?1 AND submitted_at = ?2`).bind(id, at).run();
}

/** A warning's automatic refund was refused: it is flagged for the admin instead. */
export async function flagWarning(db: DB, id: string, now: number): Promise<void> {
  await db.$client
    .prepare(
      `UPDATE payment_disputes SET fraud_action = 'flagged', status = 'flagged', updated_at = ?2 WHERE id = ?1 AND type = 'fraud_warning' AND fraud_action = 'refunded'`,
    )
    .bind(id, now)
    .run();
}
