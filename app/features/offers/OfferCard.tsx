// A free member's upgrade or win-back offer (decision 101) on the membership page: the percent off
// the first period, what the first month and year cost with it and after it (the Worker's figures),
// the last day to claim it, and a claim button per plan. Nothing for visitors, paying members and
// administrators, or a member with no offer open.
import { useQuery } from "@tanstack/react-query";
import { useIntl, type IntlShape, type MessageDescriptor } from "react-intl";
import type { OfferView } from "#contracts/tiers/offers-model.ts";
import type { VipPlan } from "#contracts/vip-plans.ts";
import { ApiRequestError } from "../../lib/api";
import { useSessionUser } from "../../lib/session/useSession";
import OfferMessages from "./messages?feature";
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

const money = (intl: IntlShape, cents: number, currency: string) => intl.formatNumber(cents / 100, { style: "currency", currency });

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
  // Plain descriptors: their values are given here.
  const plans: readonly { plan: VipPlan; terms: MessageDescriptor; button: MessageDescriptor }[] = [
    { plan: "monthly", terms: m.monthly, button: m.claimMonthly },
    { plan: "yearly", terms: m.yearly, button: m.claimYearly },
  ];
  const titleMessage: MessageDescriptor = offer.kind === "win_back" ? m.winBackTitle : m.upgradeTitle;
  const bodyMessage: MessageDescriptor = m.body;
  const title = intl.formatMessage(titleMessage, { tier, percent: offer.percentOff });
  const date = intl.formatDate(offer.expiresAt, { dateStyle: "long" });
  return (
    <section className="card vip-offer" aria-labelledby={`offer-${offer.id}`}>
      <h2 id={`offer-${offer.id}`}>{title}</h2>
      <p>{intl.formatMessage(bodyMessage, { tier, percent: offer.percentOff, date })}</p>
      {claim.isError && (
        <p className="error-banner" role="alert">
          {intl.formatMessage(errorText(claim.error))}
        </p>
      )}
      <ul className="vip-offer-plans">
        {plans.map(({ plan, terms, button }) => {
          const price = offer.prices[plan];
          // A tier sold on one plan only offers that one.
          if (!price) return null;
          const first = money(intl, price.firstPeriodCents, price.currency);
          const full = money(intl, price.fullCents, price.currency);
          return (
            <li key={plan}>
              {intl.formatMessage(terms, { first, full })}{" "}
              <button
                type="button"
                className={plan === "monthly" ? "btn btn-primary" : "btn"}
                onClick={() => claim.mutate(plan)}
                disabled={busy}
                aria-busy={busy && claim.variables === plan}
              >
                {busy && claim.variables === plan ? intl.formatMessage(m.processing) : intl.formatMessage(button)}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
