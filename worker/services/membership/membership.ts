// The member's membership as it stands at read time: grace periods are judged against `now`,
// not against the last cron run.
import { PAST_DUE_GRACE_MS, type MembershipResponse, type MembershipStatus, type PlanAmount } from "#contracts/payments.ts";
import type { PlanPrices } from "./plans";
import { PAYING_STATUSES, type SubscriptionRow } from "../../db/payments";
import { iso } from "../../lib/time";

const isPaying = (status: string) => (PAYING_STATUSES as readonly string[]).includes(status);

/**
 * The subscription that describes the membership: a live one (paying or past due), the one
 * renewing last first; otherwise the most recently updated one that ever started.
 * `rows` come newest-updated first.
 */
export function currentSubscription(rows: SubscriptionRow[]): SubscriptionRow | null {
  const live = rows.filter((r) => isPaying(r.status) || r.status === "past_due");
  if (live.length) {
    return [...live].sort((a, b) => (b.currentPeriodEnd?.getTime() ?? 0) - (a.currentPeriodEnd?.getTime() ?? 0))[0] ?? null;
  }
  // 'incomplete' never started (the first payment did not go through).
  return rows.find((r) => r.status !== "incomplete") ?? null;
}

export function statusOf(row: SubscriptionRow | null): MembershipStatus {
  if (!row) return "none";
  if (isPaying(row.status)) return row.cancelAtPeriodEnd || row.cancelAt ? "canceling" : "active";
  if (row.status === "past_due") return "past_due";
  return "ended";
}

/**
 * What the next renewal charges: the subscription's own price as its last event told it, else
 * (a row older than the plans, or made before its subscription's event) its plan's price now.
 */
function renewalAmountOf(row: SubscriptionRow, prices: PlanPrices | undefined): PlanAmount | null {
  if (row.priceCents !== null && row.plan)
    return { cents: row.priceCents, currency: (row.priceCurrency ?? prices?.[row.plan].currency ?? "usd").toUpperCase() };
  return row.plan && prices ? prices[row.plan] : null;
}

export function describeMembership(
  rows: SubscriptionRow[],
  { isVIP, hasCustomer }: { isVIP: boolean; hasCustomer: boolean },
  prices?: PlanPrices,
): MembershipResponse {
  const row = currentSubscription(rows);
  const status = statusOf(row);
  const canceling = status === "canceling";
  return {
    status,
    isVIP,
    currentPeriodEnd: status === "ended" || status === "none" ? null : iso(row?.currentPeriodEnd ?? null),
    cancelAtPeriodEnd: canceling,
    cancelsAt: canceling ? iso(row?.cancelAt ?? row?.currentPeriodEnd ?? null) : null,
    graceEndsAt: status === "past_due" && row?.pastDueSince ? new Date(row.pastDueSince.getTime() + PAST_DUE_GRACE_MS).toISOString() : null,
    canManage: hasCustomer || Boolean(row),
    plan: status === "none" ? null : (row?.plan ?? null),
    renewalAmount: status === "active" && row ? renewalAmountOf(row, prices) : null,
    tierId: row && status !== "none" ? row.tierId : null,
    trialEndsAt: row?.status === "trialing" ? iso(row.currentPeriodEnd) : null,
    hadTierIds: [...new Set(rows.map((r) => r.tierId))],
    pendingChange:
      row?.pendingTierId && status === "active"
        ? { tierId: row.pendingTierId, plan: row.pendingPlan ?? "monthly", renewalCents: row.pendingPriceCents, startsAt: iso(row.currentPeriodEnd) }
        : null,
  };
}
