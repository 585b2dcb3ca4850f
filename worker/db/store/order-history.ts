// An order's history as the back office shows it, from what is stored: its payment (the order),
// "mark shipped" and each refund asked for here (the audit log: who and what), and each refund the
// provider's event confirmed (the revenue ledger's negative rows, `refund:<refund id>`).
import type { AuditSummary } from "../schema/operations";
import type { OrderHistoryEntry } from "#contracts/store/admin-orders.ts";
import type { AuditAction } from "#contracts/audit-actions.ts";

/** The audit actions the orders' back office writes. */
export const SHIP_ACTION: AuditAction = "store.order.ship";
export const REFUND_ACTION: AuditAction = "store.order.refund";

/**
 * The ledger's key of a refund: its provider id, or, when the provider's event carried no refund
 * list (newer API versions leave it out), the event's id under this prefix.
 */
export const refundRef = (refundId: string) => `refund:${refundId}`;
export const REFUND_BY_EVENT_PREFIX = "refund:event:";

/** A refund asked for here, as its audit row keeps it. */
export type RefundRequest = {
  refundId: string;
  amountCents: number;
  currency: string;
  /** The choice for a redeemed gift code's VIP time, and how much was taken back (ms). */
  giftTime?: "keep" | "revoke";
  giftTimeRevokedMs?: number;
};

type OrderFacts = {
  paidAt: Date;
  totalCents: number;
  refundedCents: number;
  shippedAt: Date | null;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
};
type AuditRow = { action: string; actorEmail: string; summary: AuditSummary; createdAt: Date };
type RefundRow = { ref: string; amountCents: number; occurredAt: Date };

const text = (value: unknown) => (typeof value === "string" ? value : null);

function refundRequestOf(summary: AuditSummary): RefundRequest | null {
  const after = summary.after ?? {};
  const { refundId, amountCents, currency } = after as Record<string, unknown>;
  if (typeof refundId !== "string" || typeof amountCents !== "number") return null;
  return { refundId, amountCents, currency: text(currency) ?? "" };
}

/**
 * The entries, oldest first, and how much of what was asked for here the provider has not
 * confirmed yet. A request is confirmed when a ledger row carries its refund id; when the events
 * carry no refund list (the ledger then keys the refund by its event), by the amounts: what was
 * asked for less what the order says was refunded.
 */
export function orderHistory(order: OrderFacts, audits: AuditRow[], refunds: RefundRow[]): { entries: OrderHistoryEntry[]; pendingCents: number } {
  const entries: OrderHistoryEntry[] = [{ kind: "paid", at: order.paidAt.toISOString(), amountCents: order.totalCents }];
  const confirmedRefs = new Set(refunds.map((r) => r.ref));

  const ships = audits.filter((a) => a.action === SHIP_ACTION);
  for (const a of ships) {
    const after = (a.summary.after ?? {}) as Record<string, unknown>;
    entries.push({
      kind: "shipped",
      at: a.createdAt.toISOString(),
      actorEmail: a.actorEmail,
      carrier: text(after.carrier),
      trackingNumber: text(after.trackingNumber),
      trackingUrl: text(after.trackingUrl),
    });
  }
  // Shipped without this back office (a seed, an import): the order's own columns.
  if (ships.length === 0 && order.shippedAt) {
    const { carrier, trackingNumber, trackingUrl } = order;
    entries.push({ kind: "shipped", at: order.shippedAt.toISOString(), actorEmail: null, carrier, trackingNumber, trackingUrl });
  }

  const requests: (RefundRequest & { audit: AuditRow })[] = [];
  for (const audit of audits.filter((a) => a.action === REFUND_ACTION)) {
    const request = refundRequestOf(audit.summary);
    if (request) requests.push({ ...request, audit });
  }
  const sum = (list: { amountCents: number }[]) => list.reduce((n, r) => n + r.amountCents, 0);
  const unmatchedCents = sum(requests.filter((r) => !confirmedRefs.has(refundRef(r.refundId))));
  const pendingCents = Math.max(0, Math.min(unmatchedCents, sum(requests) - order.refundedCents));

  for (const r of requests) {
    const confirmed = confirmedRefs.has(refundRef(r.refundId)) || pendingCents === 0;
    entries.push({ kind: "refund", at: r.audit.createdAt.toISOString(), actorEmail: r.audit.actorEmail, amountCents: r.amountCents, confirmed });
  }
  // Refunds made at the provider directly: ledger rows that no request here accounts for. A row
  // keyed by its event cannot be matched by id: with requests here, it stands for them.
  const requestedRefs = new Set(requests.map((r) => refundRef(r.refundId)));
  const byProvider = refunds.filter((row) => !requestedRefs.has(row.ref) && (requests.length === 0 || !row.ref.startsWith(REFUND_BY_EVENT_PREFIX)));
  for (const r of byProvider) {
    entries.push({ kind: "refund", at: r.occurredAt.toISOString(), actorEmail: null, amountCents: -r.amountCents, confirmed: true });
  }
  entries.sort((a, b) => a.at.localeCompare(b.at));
  return { entries, pendingCents };
}
