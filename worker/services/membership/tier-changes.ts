// Moving a paying member between tiers (decision 098). A move up (a higher tier, or the same tier
// monthly to yearly) is made now and the prorated difference charged at once; a move down waits for
// the period's end (access stays until then). The Worker prices both from its own rows; the tier
// itself only changes when the provider's event says so (the local test checkout builds the same
// events), so replays and late deliveries settle it as they settle every subscription change.
import type { DB } from "../../db/client";
import { listSubscriptions, type SubscriptionRow } from "../../db/payments";
import { claimSubscriptionChange, clearPendingChange, releaseSubscriptionChange, setPendingChange } from "../../db/tiers/moves";
import { readTiers } from "../../db/tiers/tiers";
import { readTaxSettings } from "../../db/tax-settings";
import type { AppEnv } from "../../env";
import { conflict, notFound, routeError } from "../../lib/errors";
import { PAYMENT_MESSAGES, type MembershipResponse } from "#contracts/payments.ts";
import { TIER_MOVE_MESSAGES, TIER_PREVIEW_VALID_MS, type TierChangePreviewResponse } from "#contracts/tiers/moves.ts";
import { VIP_TIER_ID } from "#contracts/tiers/tiers.ts";
import { VIP_PLANS, type VipPlan } from "#contracts/vip-plans.ts";
import { PaymentProviderError, type PaymentsService, type SubscriptionChangeInput } from "../payments/types";
import { currentSubscription, statusOf } from "./membership";
import { prorate } from "./proration";
import { tierPrice, type TierPrice } from "./tier-prices";
import { billingPlaceOf, deliverVip, localVipTax, periodStartBefore, type LocalDeps } from "./local-checkout";
import { invoiceObject, periodEndAfter, subscriptionObject, type LocalInvoiceTax, type LocalSubscription } from "./local-events";
import { localEvent } from "../payments/local-events";
import { endRetentionDiscount, takeRetentionPeriod } from "../../db/tiers/retention-offers";
import { jurisdictionOf, type TaxBehavior, type TaxPlace } from "#contracts/tax-model.ts";
import { firstPeriodCents } from "#contracts/tiers/offers-model.ts";

/** A live provider's change method (the local one has none: its flows are below). */
function liveOnly<A extends unknown[], R>(method: ((...args: A) => Promise<R>) | undefined): (...args: A) => Promise<R> {
  if (!method) throw new PaymentProviderError("This payments provider changes subscriptions through its own flows");
  return method;
}

export type ChangeKind = TierChangePreviewResponse["kind"];

/** Up: a higher rank, or the same tier monthly to yearly. Down: a lower rank, or yearly to monthly. */
export function changeKind(from: { rank: number; plan: VipPlan }, to: { rank: number; plan: VipPlan }): ChangeKind | null {
  if (to.rank !== from.rank) return to.rank > from.rank ? "upgrade" : "downgrade";
  if (to.plan === from.plan) return null;
  return to.plan === "yearly" ? "upgrade" : "downgrade";
}

export type PlannedChange = {
  row: SubscriptionRow;
  from: { tierId: string; plan: VipPlan };
  target: TierPrice;
  kind: ChangeKind;
  preview: TierChangePreviewResponse;
  /** The instant the preview was priced at (epoch seconds): the change uses the same one. */
  prorationDate: number;
  /** Local: the tax the upgrade's invoice carries (the preview's), null without a billing place. */
  localTax: LocalInvoiceTax | null;
};

/** The member's active subscription (404 no_membership; 409 when past due or set to cancel). */
export async function changeableSubscription(db: DB, userId: string) {
  const row = currentSubscription(await listSubscriptions(db, userId));
  const status = statusOf(row);
  if (!row || status === "none" || status === "ended") throw notFound(PAYMENT_MESSAGES.noMembership, "no_membership");
  if (status !== "active" || !row.currentPeriodEnd) throw routeError("tier_change_unavailable");
  return row;
}

/** What moving the member to `tierId` on `plan` comes to now, from the Worker's own rows (local) or the provider's preview (live). */
export async function planTierChange(
  env: AppEnv,
  db: DB,
  service: PaymentsService,
  userId: string,
  to: { tierId: string; plan: VipPlan },
  now = Date.now(),
): Promise<PlannedChange> {
  const row = await changeableSubscription(db, userId);
  const fromPlan: VipPlan = row.plan ?? "monthly";
  const target = await tierPrice(env, db, to.tierId, to.plan, row.priceCurrency);
  const fromRank = (await readTiers(db)).find((t) => t.id === row.tierId)?.rank ?? 1;
  const kind = changeKind({ rank: fromRank, plan: fromPlan }, { rank: target.tier.rank, plan: to.plan });
  if (!kind) throw conflict(PAYMENT_MESSAGES.planUnchanged, "vip_plan_unchanged");
  const periodEndMs = row.currentPeriodEnd!.getTime();
  const resetsPeriod = fromPlan !== to.plan;
  const prorationDate = Math.floor(now / 1000);
  const base = { row, from: { tierId: row.tierId, plan: fromPlan }, target, kind, prorationDate, localTax: null };
  const storedPlace = billingPlaceOf(row);
  const behavior = await taxBehaviorOf(db, target.amount.currency);
  const preview = (
    now: { amountCents: number; taxCents: number },
    renewalTaxCents: number,
    renewsAtMs: number,
    place: TaxPlace | null,
  ): TierChangePreviewResponse => ({
    kind,
    tierId: target.tier.id,
    plan: to.plan,
    currency: target.amount.currency.toLowerCase(),
    amountNowCents: now.amountCents,
    taxNowCents: now.taxCents,
    totalNowCents: now.amountCents + (behavior === "exclusive" ? now.taxCents : 0),
    tax: (now.taxCents > 0 || renewalTaxCents > 0) && place ? { jurisdiction: jurisdictionOf(place), behavior } : null,
    renewalCents: target.amount.cents,
    renewalTaxCents,
    renewsAt: new Date(renewsAtMs).toISOString(),
    pricedAt: new Date(prorationDate * 1000).toISOString(),
  });
  const renewsAt = kind === "downgrade" || !resetsPeriod ? periodEndMs : periodEndAfter(to.plan, now);
  const nothingNow = { amountCents: 0, taxCents: 0 };
  if (service.mode === "live") {
    // Stripe Tax taxes each invoice at the customer's address; its previews say how much, now and at the renewal.
    const input = await changeInput(db, base, "preview");
    const [due, renewal] = await Promise.all([
      kind === "downgrade" ? null : liveOnly(service.previewSubscriptionChange)(input),
      liveOnly(service.previewRenewalAfterChange)(input),
    ]);
    const taxNow = due ? { amountCents: due.amountDueCents - (behavior === "exclusive" ? due.taxCents : 0), taxCents: due.taxCents } : nothingNow;
    // A member whose invoices named no place yet (joined before places were kept) is taxed where Stripe says.
    return { ...base, preview: preview(taxNow, renewal.taxCents, renewsAt, storedPlace ?? due?.place ?? renewal.place) };
  }
  const renewalTax = await localVipTax(db, target.amount, storedPlace);
  const renewalTaxCents = renewalTax?.status === "collected" ? renewalTax.cents : 0;
  if (kind === "downgrade") return { ...base, preview: preview(nothingNow, renewalTaxCents, renewsAt, storedPlace) };
  const { amountNowCents } = prorate({
    oldCents: row.priceCents ?? target.amount.cents,
    newCents: target.amount.cents,
    periodStartMs: periodStartBefore(fromPlan, periodEndMs),
    periodEndMs,
    nowMs: now,
    resetsPeriod,
  });
  const localTax = await localVipTax(db, { cents: amountNowCents, currency: target.amount.currency }, storedPlace);
  const taxNowCents = localTax?.status === "collected" ? localTax.cents : 0;
  return { ...base, localTax, preview: preview({ amountCents: amountNowCents, taxCents: taxNowCents }, renewalTaxCents, renewsAt, storedPlace) };
}

/**
 * The instant a confirm is priced at: the preview's it sends back (whole seconds, within
 * TIER_PREVIEW_VALID_MS and not ahead of now), so the member is charged what they were shown; now
 * without one. An older or future one is refused, 409 tier_change_preview_expired.
 */
export function confirmedPricingInstant(pricedAt: string | undefined, now = Date.now()): number {
  if (pricedAt === undefined) return now;
  const at = Date.parse(pricedAt);
  if (!(at <= now && at >= now - TIER_PREVIEW_VALID_MS)) throw routeError("tier_change_preview_expired");
  return at;
}

/** The tax behaviour of the admin's setting for the currency (decision 093). */
async function taxBehaviorOf(db: DB, currency: string): Promise<TaxBehavior> {
  const tax = await readTaxSettings(db);
  return currency.toLowerCase() === "brl" ? tax.behavior.brl : tax.behavior.usd;
}

async function changeInput(db: DB, change: Omit<PlannedChange, "preview" | "localTax">, step: string): Promise<SubscriptionChangeInput> {
  const { row, target, from, prorationDate } = change;
  return {
    subscriptionId: row.id,
    customerId: row.customerId,
    userId: row.userId,
    tier: target.tier.id === VIP_TIER_ID ? null : { id: target.tier.id, name: target.tier.name.en },
    tierId: target.tier.id,
    plan: target.plan,
    amount: target.amount,
    taxBehavior: await taxBehaviorOf(db, target.amount.currency),
    prorationDate,
    idempotencyKey: `tier-change:${row.id}:${from.tierId}:${from.plan}:${target.tier.id}:${target.plan}:${prorationDate}:${step}`,
  };
}

/**
 * Makes a planned change, once: the subscription is claimed in one conditional statement while it
 * still holds the tier and plan the change was priced from, so of concurrent requests one reaches the
 * provider (one charge) and the others get 409 tier_change_in_progress.
 */
export async function applyTierChange(deps: LocalDeps, change: PlannedChange, now = Date.now()) {
  const { db, service } = deps;
  const { row } = change;
  if (!(await claimSubscriptionChange(db, { id: row.id, tierId: change.from.tierId, plan: change.from.plan }, now))) {
    throw conflict(TIER_MOVE_MESSAGES.changeInProgress, "tier_change_in_progress");
  }
  try {
    if (change.kind === "downgrade") {
      // Live: a schedule's next phase (a former one is released first); local: the row's pending change, applied by the renewal.
      let scheduleId: string | null = null;
      if (service.mode === "live") {
        if (row.pendingScheduleId) await liveOnly(service.cancelScheduledChange)(row.pendingScheduleId);
        scheduleId = (await liveOnly(service.scheduleSubscriptionChange)(await changeInput(db, change, "down"))).scheduleId;
      }
      await setPendingChange(db, row.id, { tierId: change.target.tier.id, plan: change.target.plan, priceCents: change.target.amount.cents, scheduleId });
      return;
    }
    if (row.pendingTierId) {
      if (service.mode === "live" && row.pendingScheduleId) await liveOnly(service.cancelScheduledChange)(row.pendingScheduleId);
      await clearPendingChange(db, row.id);
    }
    if (service.mode === "live") {
      await liveOnly(service.changeSubscriptionNow)(await changeInput(db, change, "up"));
    } else {
      await upgradeLocally(deps, change, now);
    }
    // The retention discount was made for the tier and plan left behind (decision 148); live, the update removed its coupon.
    await endRetentionDiscount(db, row.id);
  } finally {
    await releaseSubscriptionChange(db, row.id);
  }
}

/** The local test checkout's upgrade: the events Stripe sends for an update with always_invoice. */
async function upgradeLocally(deps: LocalDeps, { row, target, preview, localTax }: PlannedChange, now: number) {
  const periodEnd = new Date(preview.renewsAt).getTime();
  const sub: LocalSubscription = {
    id: row.id,
    customerId: row.customerId,
    userId: row.userId,
    status: "active",
    periodStart: periodStartBefore(target.plan, periodEnd),
    periodEnd,
    cancelAtPeriodEnd: false,
    priceCents: target.amount.cents,
    currency: target.amount.currency,
    plan: target.plan,
    tierId: target.tier.id,
  };
  await deliverVip(
    deps,
    [
      localEvent("customer.subscription.updated", subscriptionObject(sub, now), now),
      localEvent("invoice.paid", invoiceObject(sub, { amountPaid: preview.amountNowCents, reason: "subscription_update", tax: localTax }), now),
    ],
    now,
  );
}

/** Drops the member's scheduled downgrade (404 no_pending_change when none). */
export async function cancelPendingChange(db: DB, service: PaymentsService, userId: string) {
  const row = currentSubscription(await listSubscriptions(db, userId));
  if (!row?.pendingTierId) throw notFound(TIER_MOVE_MESSAGES.noPendingChange, "no_pending_change");
  if (service.mode === "live" && row.pendingScheduleId) await liveOnly(service.cancelScheduledChange)(row.pendingScheduleId);
  await clearPendingChange(db, row.id);
}

/**
 * The local test clock's renewal: the period ends now, as Stripe's invoice at the period's end
 * would; a pending downgrade starts with the new period, a membership set to cancel ends.
 */
export async function renewLocalSubscription(deps: LocalDeps, row: SubscriptionRow, now = Date.now()) {
  const plan: VipPlan = row.pendingTierId ? (row.pendingPlan ?? "monthly") : (row.plan ?? "monthly");
  const start = row.currentPeriodEnd?.getTime() ?? now;
  const sub: LocalSubscription = {
    id: row.id,
    customerId: row.customerId,
    userId: row.userId,
    status: "active",
    periodStart: start,
    periodEnd: periodEndAfter(plan, start),
    cancelAtPeriodEnd: false,
    priceCents: (row.pendingTierId ? row.pendingPriceCents : row.priceCents) ?? deps.prices[plan].cents,
    currency: row.priceCurrency ?? deps.prices[plan].currency,
    plan,
    tierId: row.pendingTierId ?? row.tierId,
  };
  if (row.cancelAtPeriodEnd) {
    const ended = { ...sub, status: "canceled", tierId: row.tierId, periodStart: periodStartBefore(row.plan ?? "monthly", start), periodEnd: start };
    await deliverVip(deps, [localEvent("customer.subscription.deleted", subscriptionObject(ended, now), now)], now);
    return;
  }
  // An accepted retention offer (decision 103) discounts this renewal as Stripe's coupon would, when
  // it renews the tier and plan the offer was made for (decision 148).
  const percentOff = await takeRetentionPeriod(deps.db, row.id, { tierId: sub.tierId, plan });
  const amountPaid = percentOff === null ? sub.priceCents : firstPeriodCents(sub.priceCents, percentOff);
  // Taxed for the member's billing place (decision 147); a trial's end is this renewal too.
  const tax = await localVipTax(deps.db, { cents: amountPaid, currency: sub.currency }, billingPlaceOf(row));
  await deliverVip(
    deps,
    [
      localEvent("customer.subscription.updated", subscriptionObject(sub, now), now),
      localEvent("invoice.paid", invoiceObject(sub, { amountPaid, reason: "subscription_cycle", tax }), now),
    ],
    now,
  );
}

/**
 * The active membership's tier as the page shows it, and the moves it may make: every other sold
 * tier and plan in the subscription's currency, except the free tier and archived ones.
 */
export async function tierMovesOf(env: AppEnv, db: DB, row: SubscriptionRow | null, active: boolean): Promise<Pick<MembershipResponse, "tier" | "moves">> {
  if (!row) return {};
  const tiers = await readTiers(db);
  const current = tiers.find((t) => t.id === row.tierId);
  const tier = current ? { id: current.id, name: current.name, benefits: current.benefits } : null;
  if (!active || !current) return { tier, moves: [] };
  const fromPlan: VipPlan = row.plan ?? "monthly";
  const moves: NonNullable<MembershipResponse["moves"]> = [];
  for (const t of tiers) {
    for (const plan of VIP_PLANS) {
      const kind = changeKind({ rank: current.rank, plan: fromPlan }, { rank: t.rank, plan });
      if (!kind) continue;
      const sold = await tierPrice(env, db, t.id, plan, row.priceCurrency).then(
        () => true,
        () => false,
      );
      if (sold) moves.push({ id: t.id, name: t.name, plan, kind });
    }
  }
  return { tier, moves };
}
