// The admin's tiers on the signup options (decision 097): one card per tier above VIP, in ladder
// order, with its name, description and benefits in the reader's language, its badge colour, its
// monthly and yearly price in the visitor's currency (reais for a Portuguese reader where the tier
// has a price in reais, else dollars, else whichever it has) and its free trial. The free tier's
// and VIP's cards stay the page's own. Nothing shows while the ladder loads or if it fails: the
// page's two plans are complete without it.
import type { CSSProperties, ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { FormattedMessage, useIntl } from "react-intl";
import { VIP_TIER_RANK, type TierView } from "#contracts/tiers.ts";
import { hadTiersQueryOptions, tiersQueryOptions } from "./queries";
import { useSessionUser } from "../../lib/session/useSession";
import { tiersMessages as m } from "./messages";
import { TiersMessages } from "./TiersMessages";
import "./tiers.css";

type Currency = "USD" | "BRL";
type Priced = { monthly: number | null; yearly: number | null; currency: Currency };

/** The tier's prices in the reader's currency: reais for Portuguese readers where there are some, else dollars, else reais. */
function pricesFor(tier: TierView, locale: string): Priced | null {
  const usd: Priced = { monthly: tier.prices.monthlyUsd, yearly: tier.prices.yearlyUsd, currency: "USD" };
  const brl: Priced = { monthly: tier.prices.monthlyBrl, yearly: tier.prices.yearlyBrl, currency: "BRL" };
  const has = (p: Priced) => p.monthly !== null || p.yearly !== null;
  const order = locale === "pt-BR" ? [brl, usd] : [usd, brl];
  return order.find(has) ?? null;
}

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

function TierCard({ tier, hadTier }: { tier: TierView; hadTier: boolean }) {
  const intl = useIntl();
  const pt = intl.locale === "pt-BR";
  const name = pt ? tier.name.ptBR : tier.name.en;
  const description = pt ? tier.description.ptBR : tier.description.en;
  const benefits = pt ? tier.benefits.ptBR : tier.benefits.en;
  const priced = pricesFor(tier, intl.locale);
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
      {/* The membership page takes the tier to check out (its own route reads ?tier). */}
      <a href={`/vip-signup?tier=${encodeURIComponent(tier.id)}`} className="btn btn-primary btn-block">
        <FormattedMessage {...m.join} values={{ name }} />
      </a>
    </article>
  );
}

/** The tiers above VIP that are offered now, each a card; nothing when there are none. */
export function TierCards() {
  const query = useQuery(tiersQueryOptions());
  const { user } = useSessionUser();
  const had = useQuery({ ...hadTiersQueryOptions(), enabled: Boolean(user) });
  const tiers = query.data?.tiers.filter((tier) => tier.rank > VIP_TIER_RANK && !tier.archived) ?? [];
  if (tiers.length === 0) return null;
  return (
    <TiersMessages>
      {tiers.map((tier) => (
        <TierCard key={tier.id} tier={tier} hadTier={Boolean(user && had.data?.includes(tier.id))} />
      ))}
    </TiersMessages>
  );
}
