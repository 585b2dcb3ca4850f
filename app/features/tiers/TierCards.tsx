// The admin's tiers on the signup options (decision 097): one card per tier above VIP, in ladder
// order, with its name, description and benefits in the reader's language, its badge colour, its
// monthly and yearly price in the visitor's one currency (currency.ts) and its free trial. The free tier's
// and VIP's cards stay the page's own. Nothing shows while the ladder loads or if it fails: the
// page's two plans are complete without it.
import type { CSSProperties, ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { VIP_TIER_RANK, type TierView } from "#contracts/tiers/tiers.ts";
import { hadTiersQueryOptions, tiersQueryOptions } from "./queries";
import { useSessionUser } from "../../lib/session/useSession";
import { tiersMessages as m } from "./messages";
import TiersMessages from "./messages?feature";
import { tierPricesFor, visitorCurrency, type Currency, type Priced } from "../../lib/tiers/ladder";
import { useSiteConfig } from "../../lib/session/useSession";
import "./tiers.css";

/** An amount as the plans show it: whole amounts without cents ("$249"), others with them ("$24.99"). */
function useAmount() {
  const intl = useIntl();
  return (cents: number, currency: Currency) =>
    intl.formatNumber(cents / 100, { style: "currency", currency, minimumFractionDigits: cents % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 });
}

const per = (chunks: ReactNode[]) => <span className="plan-period">{chunks}</span>;

function TierPrice({ priced }: { priced: Priced }) {
  const amount = useAmount();
  const { monthly, yearly, currency } = priced;
  if (monthly !== null)
    return (
      <>
        <p className="plan-price">
          <FormattedMessage {...m.perMonth} values={{ price: amount(monthly, currency), per }} />
        </p>
        {yearly !== null && (
          <p className="plan-yearly">
            <FormattedMessage {...m.orYearly} values={{ price: amount(yearly, currency) }} />
          </p>
        )}
      </>
    );
  return (
    <p className="plan-price">
      <FormattedMessage {...m.perYear} values={{ price: amount(yearly!, currency), per }} />
    </p>
  );
}

function TierCard({ tier, hadTier, currency }: { tier: TierView; hadTier: boolean; currency: Currency }) {
  const intl = useIntl();
  const pt = intl.locale === "pt-BR";
  const name = pt ? tier.name.ptBR : tier.name.en;
  const description = pt ? tier.description.ptBR : tier.description.en;
  const benefits = pt ? tier.benefits.ptBR : tier.benefits.en;
  const priced = tierPricesFor(tier, currency);
  const headingId = `plan-${tier.id}`;
  return (
    <article className="card plan-card tier-card" aria-labelledby={headingId} style={{ "--tier-color": tier.badgeColor } as CSSProperties}>
      <span className="tier-swatch" role="img" aria-label={intl.formatMessage(m.badge, { name })} />
      <h2 id={headingId}>{name}</h2>
      {priced && <TierPrice priced={priced} />}
      {tier.trialDays > 0 && (
        <p className="tier-trial">
          {/* One trial per member per tier: one who had the tier pays from the first day (the Worker decides the same). */}
          <FormattedMessage {...(hadTier ? m.noTrialAgain : m.trial)} values={{ days: tier.trialDays }} />
        </p>
      )}
      {description && <p className="tier-description">{description}</p>}
      {benefits.length > 0 && (
        <ul className="plan-features">
          {benefits.map((benefit, i) => (
            <li key={i} className="plan-feature is-included">
              <span aria-hidden="true">✓ </span>
              <span className="sr-only">
                <FormattedMessage {...m.included} />:{" "}
              </span>
              {benefit}
            </li>
          ))}
        </ul>
      )}
      {/* The tier's own checkout (the route's validated ?tier). */}
      <Link to="/vip-signup" search={{ tier: tier.id }} className="btn btn-primary btn-block">
        <FormattedMessage {...m.join} values={{ name }} />
      </Link>
    </article>
  );
}

/** The tiers above VIP that are offered now, each a card; nothing when there are none. */
export function TierCards() {
  const query = useQuery(tiersQueryOptions());
  const { user } = useSessionUser();
  const had = useQuery({ ...hadTiersQueryOptions(), enabled: Boolean(user) });
  const config = useSiteConfig();
  const tiers = query.data?.tiers.filter((tier) => tier.rank > VIP_TIER_RANK && !tier.archived) ?? [];
  if (tiers.length === 0 || !config) return null;
  const currency = visitorCurrency(config.vipPrice.currency);
  return (
    <TiersMessages>
      {tiers.map((tier) => (
        <TierCard key={tier.id} tier={tier} hadTier={Boolean(user && had.data?.includes(tier.id))} currency={currency} />
      ))}
    </TiersMessages>
  );
}
