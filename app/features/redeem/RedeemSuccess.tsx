// What a redeemed gift gave: its months of its tier, that tier until a date (or no end, for a member whose VIP already had none),
// where the months started when the member already had VIP time, a word about a paid membership
// that still renews, and the way to the VIP perks.
import { Link } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { GiftRedeemResponse } from "#contracts/store/gift-model.ts";
import { redeemMessages as m } from "./messages";
import { VIP_TIER_ID } from "#contracts/tiers/tiers.ts";
import { tierNameIn } from "../../lib/tiers/tierGate";

export function RedeemSuccess({ result, onAnother }: { result: GiftRedeemResponse; onAnother: () => void }) {
  const intl = useIntl();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form is gone: the news takes the focus, and a screen reader reads it.
  useEffect(() => headingRef.current?.focus(), []);
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: "long" });
  // VIP keeps its own sentences; any other tier is named (decision 116).
  const vip = result.tier.id === VIP_TIER_ID;
  const tier = tierNameIn(intl, result.tier);

  return (
    <div className="redeem-success card" role="status">
      <h2 ref={headingRef} tabIndex={-1}>
        <FormattedMessage {...m.successTitle} />
      </h2>
      <p className="redeem-gift">
        <FormattedMessage {...m.successGift} values={{ months: result.months, tier }} />
      </p>
      <p className="redeem-until">
        {vip && result.vipUntil === null && <FormattedMessage {...m.successNoEnd} />}
        {vip && result.vipUntil !== null && <FormattedMessage {...m.successUntil} values={{ date: date(result.vipUntil) }} />}
        {!vip && result.vipUntil === null && <FormattedMessage {...m.successTierNoEnd} values={{ tier }} />}
        {!vip && result.vipUntil !== null && <FormattedMessage {...m.successTierUntil} values={{ tier, date: date(result.vipUntil) }} />}
      </p>
      {result.addedAfter && (
        <p className="muted">
          <FormattedMessage {...m.successAfter} values={{ date: date(result.addedAfter) }} />
        </p>
      )}
      {result.subscriptionRenews && result.addedAfter && (
        <p className="muted">
          <FormattedMessage {...m.successRenews} values={{ date: date(result.addedAfter) }} />{" "}
          <Link to="/vip-signup">
            <FormattedMessage {...m.membershipLink} />
          </Link>
        </p>
      )}
      <div className="redeem-actions">
        <Link to="/perks" className="btn btn-primary">
          <FormattedMessage {...m.perksLink} />
        </Link>
        <button type="button" className="btn btn-ghost" onClick={onAnother}>
          <FormattedMessage {...m.another} />
        </button>
      </div>
    </div>
  );
}
