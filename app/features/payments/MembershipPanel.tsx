// The owner's VIP membership on their profile: status (active, cancels on DATE, past due,
// ended), the plan (monthly or yearly), the next renewal date and amount, and Manage membership
// (Stripe's Customer Portal, where plans are switched too, or the local test-mode page). Only the owner sees it: the membership endpoint answers for the caller.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { FormattedDate, FormattedMessage, useIntl } from "react-intl";
import type { MembershipResponse } from "#contracts/payments.ts";
import { QueryState } from "../../components/QueryState";
import { PlanAmount } from "../../components/VipPrice";
import { VIP_TIER_ID } from "#contracts/tiers/tiers.ts";
import { useTierName } from "../../lib/tiers/ladder";
import { cancelsOnMessage, membershipMessages as m, pastDueHelpMessage, tierTitleMessage, trialUntilMessage, vipMessages } from "./messages";
import { useOpenPortal } from "./mutations";
import { membershipQueryOptions } from "./queries";
import { TierMoves } from "./TierMoves";
import "./payments.css";

function StatusText({ membership }: { membership: MembershipResponse }) {
  const intl = useIntl();
  switch (membership.status) {
    case "active":
      return <FormattedMessage {...m.active} />;
    case "canceling":
      return (
        <FormattedMessage {...cancelsOnMessage} values={{ date: membership.cancelsAt ? intl.formatDate(membership.cancelsAt, { dateStyle: "long" }) : "" }} />
      );
    case "past_due":
      return <FormattedMessage {...m.pastDue} />;
    default:
      return <FormattedMessage {...m.ended} />;
  }
}

function HelpText({ membership }: { membership: MembershipResponse }) {
  const intl = useIntl();
  if (membership.status === "canceling") return <FormattedMessage {...m.cancelingHelp} />;
  if (membership.status === "ended") return <FormattedMessage {...m.endedHelp} />;
  if (membership.status === "past_due") {
    if (!membership.isVIP || !membership.graceEndsAt) return <FormattedMessage {...m.pastDueLapsed} />;
    return <FormattedMessage {...pastDueHelpMessage} values={{ date: intl.formatDate(membership.graceEndsAt, { dateStyle: "long" }) }} />;
  }
  return null;
}

/** "Free trial until July 15, 2031, then $24.99": the trial's end is its first charge. */
function TrialUntil({ at, amount }: { at: string; amount: { cents: number; currency: string } }) {
  const intl = useIntl();
  const whole = amount.cents % 100 === 0;
  const price = intl.formatNumber(amount.cents / 100, {
    style: "currency",
    currency: amount.currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  });
  return <FormattedMessage {...trialUntilMessage} values={{ date: intl.formatDate(at, { dateStyle: "long" }), amount: price }} />;
}

/** Status and dates, shared by the profile panel and the local manage page. */
export function MembershipSummary({ membership }: { membership: MembershipResponse }) {
  const help = <HelpText membership={membership} />;
  return (
    <>
      <dl className="membership-facts">
        <dt>
          <FormattedMessage {...m.statusLabel} />
        </dt>
        <dd className={`membership-status-${membership.status}`} data-testid="membership-status">
          <StatusText membership={membership} />
        </dd>
        {membership.plan && (
          <>
            <dt>
              <FormattedMessage {...m.planLabel} />
            </dt>
            <dd data-testid="membership-plan">
              <FormattedMessage {...(membership.plan === "yearly" ? m.planYearly : m.planMonthly)} />
            </dd>
          </>
        )}
        {membership.status === "active" && membership.trialEndsAt && membership.renewalAmount && (
          <>
            <dt>
              <FormattedMessage {...m.trialLabel} />
            </dt>
            <dd data-testid="membership-trial">
              <TrialUntil at={membership.trialEndsAt} amount={membership.renewalAmount} />
            </dd>
          </>
        )}
        {membership.status === "active" && !membership.trialEndsAt && membership.currentPeriodEnd && (
          <>
            <dt>
              <FormattedMessage {...m.renewalLabel} />
            </dt>
            <dd>
              <FormattedDate value={membership.currentPeriodEnd} dateStyle="long" />
            </dd>
          </>
        )}
        {membership.status === "active" && !membership.trialEndsAt && membership.renewalAmount && (
          <>
            <dt>
              <FormattedMessage {...m.renewalAmountLabel} />
            </dt>
            <dd data-testid="membership-renewal-amount">
              <PlanAmount cents={membership.renewalAmount.cents} currency={membership.renewalAmount.currency} />
            </dd>
          </>
        )}
      </dl>
      {membership.status !== "active" && <p className="muted">{help}</p>}
    </>
  );
}

function ManageButton() {
  const portal = useOpenPortal();
  // Stays busy after success: the browser is on its way to the portal.
  const busy = portal.isPending || portal.isSuccess;
  return (
    <>
      {portal.isError && (
        <p className="error-banner" role="alert">
          <FormattedMessage {...m.manageFailed} />
        </p>
      )}
      <button type="button" className="btn" disabled={busy} aria-busy={busy} onClick={() => portal.mutate()}>
        <FormattedMessage {...(busy ? vipMessages.processing : m.manage)} />
      </button>
    </>
  );
}

/** Renders nothing for a member who never subscribed (the profile offers Become VIP instead). */
export function MembershipPanel() {
  const query = useQuery(membershipQueryOptions());
  return (
    <QueryState query={query} failed={<FormattedMessage {...m.loadFailed} />}>
      {(membership) => <MembershipCard membership={membership} />}
    </QueryState>
  );
}

/** "VIP Membership", or the held tier's own name above VIP ("Inner Circle Membership"). */
function MembershipTitle({ tierId }: { tierId: string | null | undefined }) {
  const name = useTierName(tierId && tierId !== VIP_TIER_ID ? tierId : null);
  return <h2 id="membership-panel-title">{name ? <FormattedMessage {...tierTitleMessage} values={{ tier: name }} /> : <FormattedMessage {...m.title} />}</h2>;
}

function MembershipCard({ membership }: { membership: MembershipResponse }) {
  if (membership.status === "none") return null;
  return (
    <section className="card membership-panel" aria-labelledby="membership-panel-title">
      <MembershipTitle tierId={membership.tierId} />
      <MembershipSummary membership={membership} />
      <TierMoves membership={membership} />
      <div className="form-actions">
        {membership.canManage && <ManageButton />}
        {membership.status === "ended" && (
          <Link to="/vip-signup" className="btn btn-primary">
            <FormattedMessage {...m.joinAgain} />
          </Link>
        )}
      </div>
    </section>
  );
}
