// The member list's tier filters (decision 100): the tier (the ladder the list's answer carries,
// names in the reader's language), where the membership stands, and months supported at least.
import { useId } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import type { MembershipFilter } from "#contracts/admin/users.ts";
import type { TierBadge } from "#contracts/tiers/badges.ts";
import { MIN_MONTHS_MAX } from "#contracts/admin/users-limits.ts";
import { usersMessages as m } from "./messages";
import { MEMBERSHIP_OPTIONS } from "./queries";
import { tierName } from "../../../components/TierBadge";

const MEMBERSHIP_LABELS: Record<MembershipFilter, MessageDescriptor> = {
  all: m.membershipAll,
  active: m.membershipActive,
  trialing: m.membershipTrialing,
  past_due: m.membershipPastDue,
  cancelling: m.membershipCancelling,
  free: m.membershipFree,
};

type Change = { tier?: string; membership?: MembershipFilter; minMonths?: number };

export function TierFilters(props: { tiers: TierBadge[]; tier: string; membership: MembershipFilter; minMonths: number; onChange: (change: Change) => void }) {
  const intl = useIntl();
  const tierId = useId();
  const membershipId = useId();
  const monthsId = useId();
  return (
    <>
      <div className="field">
        <label htmlFor={tierId} className="sr-only">
          {intl.formatMessage(m.tierLabel)}
        </label>
        <select id={tierId} value={props.tier} onChange={(event) => props.onChange({ tier: event.target.value })}>
          <option value="all">{intl.formatMessage(m.tierAll)}</option>
          {props.tiers.map((tier) => (
            <option key={tier.id} value={tier.id}>
              {tierName(intl.locale, tier)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={membershipId} className="sr-only">
          {intl.formatMessage(m.membershipLabel)}
        </label>
        <select id={membershipId} value={props.membership} onChange={(event) => props.onChange({ membership: event.target.value as MembershipFilter })}>
          {MEMBERSHIP_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {intl.formatMessage(MEMBERSHIP_LABELS[option])}
            </option>
          ))}
        </select>
      </div>
      <div className="field admin-users-months">
        <label htmlFor={monthsId}>{intl.formatMessage(m.minMonthsLabel)}</label>
        <input
          id={monthsId}
          type="number"
          inputMode="numeric"
          min={0}
          max={MIN_MONTHS_MAX}
          step={1}
          value={props.minMonths}
          onChange={(event) => {
            const months = Math.trunc(Number(event.target.value));
            props.onChange({ minMonths: Number.isFinite(months) ? Math.min(MIN_MONTHS_MAX, Math.max(0, months)) : 0 });
          }}
        />
      </div>
    </>
  );
}
