// A free member's upgrade or win-back offer (decision 101) on the membership page: the percent off
// the first period, what the first month and year cost with it and after it (the Worker's figures),
// the last day to claim it, and a claim button per plan. Nothing for visitors, paying members and
// administrators, or a member with no offer open.
import { useQuery } from "@tanstack/react-query";
import { FormattedDate, FormattedMessage, FormattedNumber, useIntl } from "react-intl";
import type { OfferView } from "#contracts/tier-offers-model.ts";
import type { VipPlan } from "#contracts/vip-plans.ts";
import { ApiRequestError } from "../../lib/api";
import { useSessionUser } from "../../lib/session/useSession";
import { OfferMessages } from "./OfferMessages";
import { offerCardMessages as m } from "./messages";
import { offersQueryOptions, useClaimOffer } from "./queries";

export function OfferCard() {
  const { user } = useSessionUser();
  const free = Boolean(user && !user.isVIP && !user.isAdmin);
  const { data } = useQuery({ ...offersQueryOptions(), enabled: free });
  const offer = free ? data?.offers[0] : undefined;
  if (!offer) return null;
  return (
    <OfferMessages>
      <Offer offer={offer} />
    </OfferMessages>
  );
}

const money = (cents: number, currency: string) => <FormattedNumber value={cents / 100} style="currency" currency={currency} />;

function errorText(error: unknown) {
  const code = error instanceof ApiRequestError ? error.code : null;
  if (code === "offer_expired") return m.expired;
  if (code === "offer_claimed") return m.claimed;
  return m.failed;
}

function Offer({ offer }: { offer: OfferView }) {
  const intl = useIntl();
  const claim = useClaimOffer(offer.id);
  const busy = claim.isPending || claim.isSuccess;
  const tier = intl.locale === "pt-BR" ? offer.tier.name.ptBR : offer.tier.name.en;
  const plans = [
    { plan: "monthly", terms: m.monthly, button: m.claimMonthly },
    { plan: "yearly", terms: m.yearly, button: m.claimYearly },
  ] as const satisfies readonly { plan: VipPlan; terms: unknown; button: unknown }[];
  return (
    <section className="card vip-offer" aria-labelledby={`offer-${offer.id}`}>
      <h2 id={`offer-${offer.id}`}>
        <FormattedMessage {...(offer.kind === "win_back" ? m.winBackTitle : m.upgradeTitle)} values={{ tier, percent: offer.percentOff }} />
      </h2>
      <p>
        <FormattedMessage {...m.body} values={{ tier, percent: offer.percentOff, date: <FormattedDate value={offer.expiresAt} dateStyle="long" /> }} />
      </p>
      {claim.isError && (
        <p className="error-banner" role="alert">
          <FormattedMessage {...errorText(claim.error)} />
        </p>
      )}
      <ul className="vip-offer-plans">
        {plans.map(({ plan, terms, button }) => {
          const price = offer.prices[plan];
          return (
            <li key={plan}>
              <FormattedMessage {...terms} values={{ first: money(price.firstPeriodCents, price.currency), full: money(price.fullCents, price.currency) }} />{" "}
              <button
                type="button"
                className={plan === "monthly" ? "btn btn-primary" : "btn"}
                onClick={() => claim.mutate(plan)}
                disabled={busy}
                aria-busy={busy && claim.variables === plan}
              >
                <FormattedMessage {...(busy && claim.variables === plan ? m.processing : button)} />
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
