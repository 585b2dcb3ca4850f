// /vip-signup?tier=<id> for a tier above VIP (docs/features.md#membership-tiers): the tier's own
// checkout page, as its card on the signup options promised. Its name, description, benefits, its
// two plans' prices in the visitor's currency and its free trial; Join sends only the tier's id,
// the plan and the currency, the Worker prices them from its own data. A visitor is sent to sign
// in (or sign up) and back to this same tier.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, linkOptions, useNavigate } from "@tanstack/react-router";
import { appHref } from "../../lib/appHref";
import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { FREE_TIER_ID, VIP_TIER_RANK, type TierView } from "#contracts/tiers/tiers.ts";
import type { VipPlan } from "#contracts/vip-plans.ts";
import { PageFrame } from "../../components/PageFrame";
import { useSessionUser, useSiteConfig } from "../../lib/session/useSession";
import { formMessages } from "../../lib/forms/messages";
import { tierPricesFor, tiersQueryOptions, visitorCurrency, type Priced } from "../../lib/tiers/ladder";
import { tierJoinMessages as m, vipMessages } from "./messages";
import { codeOf, statusOf, useStartCheckout } from "./mutations";
import { membershipQueryOptions, refreshAfterVipChange } from "./queries";
import "./payments.css";

/** Where a visitor comes back to after signing in or up: this tier's checkout, on the plan chosen. */
export const tierJoinPath = (tierId: string, plan?: VipPlan) => appHref(linkOptions({ to: "/vip-signup", search: { tier: tierId, plan } }));

function errorMessage(error: unknown) {
  const code = codeOf(error);
  if (code === "email_unverified") return formMessages.emailUnverified;
  if (code === "subscription_exists" || code === "already_vip") return m.alreadyMember;
  if (code === "tier_not_for_sale" || code === "tier_not_found") return m.notOffered;
  if (statusOf(error) === 429) return vipMessages.rateLimited;
  if (statusOf(error) === 503) return vipMessages.unavailable;
  return vipMessages.failed;
}

const PLANS = [
  { plan: "monthly", title: m.monthly, price: m.perMonth },
  { plan: "yearly", title: m.yearly, price: m.perYear },
] as const;

const per = (chunks: ReactNode[]) => <span className="plan-period">{chunks}</span>;

function PlanCards({ tier, name, priced, chosen }: { tier: TierView; name: string; priced: Priced; chosen?: VipPlan }) {
  const intl = useIntl();
  // As the plans show amounts: whole ones without cents ("$249"), others with them ("$24.99").
  const amount = (cents: number, currency: string) =>
    intl.formatNumber(cents / 100, { style: "currency", currency, minimumFractionDigits: cents % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, isPending } = useSessionUser();
  const checkout = useStartCheckout();
  const busy = checkout.isPending || checkout.isSuccess;
  const join = (plan: VipPlan) => {
    if (!user) return void navigate({ to: "/social/login", search: { redirect: tierJoinPath(tier.id, plan) } });
    checkout.mutate(
      { plan, tierId: tier.id, currency: priced.currency === "BRL" ? "brl" : "usd" },
      { onError: (error) => void (codeOf(error) === "already_vip" && refreshAfterVipChange(queryClient)) },
    );
  };
  const offered = PLANS.filter(({ plan }) => priced[plan] !== null);
  return (
    <div className="vip-join">
      {checkout.isError && (
        <p className="error-banner" role="alert">
          <FormattedMessage {...errorMessage(checkout.error)} />
        </p>
      )}
      <div className="vip-plans">
        {offered.map(({ plan, title, price }) => (
          <article key={plan} className={`card vip-join-card vip-plan-${plan}`} aria-labelledby={`tier-plan-${plan}`} data-testid={`tier-plan-${plan}`}>
            <h2 id={`tier-plan-${plan}`}>
              <FormattedMessage {...title} />
            </h2>
            <p className="plan-price" data-testid={`tier-price-${plan}`}>
              <FormattedMessage {...price} values={{ price: amount(priced[plan]!, priced.currency), per }} />
            </p>
            <button
              type="button"
              className={plan === (chosen ?? offered[0]?.plan) ? "btn btn-primary btn-lg" : "btn btn-lg"}
              onClick={() => join(plan)}
              disabled={busy || isPending}
              aria-busy={busy && checkout.variables?.plan === plan}
            >
              {busy && checkout.variables?.plan === plan ? (
                <FormattedMessage {...vipMessages.processing} />
              ) : (
                <FormattedMessage {...m.joinPlan} values={{ name, plan }} />
              )}
            </button>
          </article>
        ))}
      </div>
      {!user && (
        <p className="muted center">
          <FormattedMessage {...vipMessages.signInHint} />
        </p>
      )}
    </div>
  );
}

function NotOffered() {
  return (
    <PageFrame title={<FormattedMessage {...m.notOfferedTitle} />}>
      <p>
        <FormattedMessage {...m.notOffered} />
      </p>
      <Link to="/signup-options" className="btn btn-primary">
        <FormattedMessage {...m.seeLadder} />
      </Link>
    </PageFrame>
  );
}

function TierJoin({ tierId, plan }: { tierId: string; plan?: VipPlan }) {
  const intl = useIntl();
  const config = useSiteConfig();
  const { user } = useSessionUser();
  const tiers = useQuery(tiersQueryOptions());
  const membership = useQuery({ ...membershipQueryOptions(), enabled: Boolean(user) });
  if (tiers.isPending || !config) return null;
  const tier = tiers.data?.tiers.find((t) => t.id === tierId);
  const priced = tier && tierPricesFor(tier, visitorCurrency(config.vipPrice.currency));
  if (!tier || tier.id === FREE_TIER_ID || tier.rank <= VIP_TIER_RANK || tier.archived || !priced) return <NotOffered />;
  const pt = intl.locale === "pt-BR";
  const name = pt ? tier.name.ptBR : tier.name.en;
  const description = pt ? tier.description.ptBR : tier.description.en;
  const benefits = pt ? tier.benefits.ptBR : tier.benefits.en;
  const hadTier = Boolean(user && membership.data?.hadTierIds?.includes(tier.id));
  return (
    <PageFrame title={<FormattedMessage {...m.joinTitle} values={{ name }} />} intro={description || undefined}>
      {tier.trialDays > 0 && (
        <p className="tier-trial" data-testid="tier-trial">
          <FormattedMessage {...(hadTier ? m.noTrialAgain : m.trial)} values={{ days: tier.trialDays }} />
        </p>
      )}
      {benefits.length > 0 && (
        <ul className="plan-features">
          {benefits.map((benefit, i) => (
            <li key={i} className="plan-feature is-included">
              {benefit}
            </li>
          ))}
        </ul>
      )}
      <PlanCards tier={tier} name={name} priced={priced} chosen={plan} />
    </PageFrame>
  );
}

export const TierJoinPage = TierJoin;
