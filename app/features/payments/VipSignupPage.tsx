// /vip-signup (docs/features.md#payments-and-vip): six benefits, the two plans (the spec's monthly
// price and the admin's yearly one, "2 months free" when it saves that), and Join on each. A
// visitor is sent to sign in and back; a member who is already VIP sees their membership instead
// of a second checkout; an administrator (who has every VIP right) a note and the way to the
// music; anyone else (including a member whose earlier subscription failed or ended) can pay.
// `?tier=` naming a tier above VIP sells that tier instead (TierJoinPage).
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import { useMonthsFree, VipMonthsFree, VipPricePerMonth, VipPricePerYear } from "../../components/VipPrice";
import type { VipPlan } from "#contracts/vip-plans.ts";
import { useSessionUser, useSiteConfig } from "../../lib/session/useSession";
import { visitorCurrency } from "../../lib/tiers/ladder";
import { formMessages } from "../../lib/forms/messages";
import { BenefitCards } from "./BenefitCards";
import { MembershipPanel } from "./MembershipPanel";
import { vipMessages as m } from "./messages";
import { codeOf, statusOf, useStartCheckout } from "./mutations";
import { refreshAfterVipChange } from "./queries";
import "./payments.css";

export const VIP_SIGNUP_PATH = "/vip-signup";

function checkoutErrorMessage(error: unknown) {
  const status = statusOf(error);
  // The address is not verified yet (403 email_unverified): say so here, not "failed".
  if (codeOf(error) === "email_unverified") return formMessages.emailUnverified;
  if (status === 429) return m.rateLimited;
  if (status === 503) return m.unavailable;
  return m.failed;
}

/** Each plan's card: its title, price, terms and Join button. */
const PLAN_CARDS = [
  { plan: "monthly", title: m.priceLabel, price: <VipPricePerMonth />, terms: m.priceTerms, join: m.join },
  { plan: "yearly", title: m.yearlyLabel, price: <VipPricePerYear />, terms: m.yearlyTerms, join: m.joinYearly },
] as const satisfies readonly { plan: VipPlan; title: unknown; price: unknown; terms: unknown; join: unknown }[];

function JoinCards({ signedIn, sessionPending }: { signedIn: boolean; sessionPending: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const checkout = useStartCheckout();
  // Busy until the browser has left for the checkout page; only the plan clicked says Processing.
  const busy = checkout.isPending || checkout.isSuccess;

  const config = useSiteConfig();
  const join = (plan: VipPlan) => {
    if (!signedIn) return void navigate({ to: "/social/login", search: { redirect: VIP_SIGNUP_PATH } });
    const currency = config ? (visitorCurrency(config.vipPrice.currency).toLowerCase() as "usd" | "brl") : undefined;
    checkout.mutate(
      { plan, currency },
      {
        // Became VIP meanwhile (another tab, a late event): show the membership, not an error.
        onError: (error) => {
          if (codeOf(error) === "already_vip") void refreshAfterVipChange(queryClient);
        },
      },
    );
  };

  const showError = checkout.isError && codeOf(checkout.error) !== "already_vip";
  return (
    <div className="vip-join">
      {showError && (
        <p className="error-banner" role="alert">
          <FormattedMessage {...checkoutErrorMessage(checkout.error)} />
        </p>
      )}
      <div className="vip-plans">
        {PLAN_CARDS.map((card) => (
          <article key={card.plan} className={`card vip-join-card vip-plan-${card.plan}`} aria-labelledby={`vip-plan-${card.plan}`}>
            <h2 id={`vip-plan-${card.plan}`}>
              <FormattedMessage {...card.title} />
            </h2>
            <p className="plan-price">{card.price}</p>
            {card.plan === "yearly" && <YearlySaving />}
            <p className="muted">
              <FormattedMessage {...card.terms} />
            </p>
            <button
              type="button"
              className={card.plan === "monthly" ? "btn btn-primary btn-lg" : "btn btn-lg"}
              onClick={() => join(card.plan)}
              disabled={busy || sessionPending}
              aria-busy={busy && checkout.variables?.plan === card.plan}
            >
              <FormattedMessage {...(busy && checkout.variables?.plan === card.plan ? m.processing : card.join)} />
            </button>
          </article>
        ))}
      </div>
      {!signedIn && (
        <p className="muted center">
          <FormattedMessage {...m.signInHint} />
        </p>
      )}
    </div>
  );
}

/** "2 months free" under the yearly price, only when it saves a whole month or more. */
function YearlySaving() {
  if (useMonthsFree() < 1) return null;
  return (
    <p className="badge badge-vip vip-plan-saving">
      <VipMonthsFree />
    </p>
  );
}

function AlreadyVip() {
  return (
    <div className="vip-already">
      <div className="success-banner" role="status">
        <strong>
          <FormattedMessage {...m.alreadyTitle} />
        </strong>{" "}
        <FormattedMessage {...m.alreadyBody} />
      </div>
      <MembershipPanel />
    </div>
  );
}

/** Administrators have every VIP right without a membership: nothing to buy, a way in instead. */
function AdminIncluded() {
  return (
    <div className="vip-already">
      <p className="success-banner" role="status">
        <FormattedMessage {...m.adminIncluded} />
      </p>
      <div className="form-actions">
        <Link to="/music" className="btn btn-primary btn-lg">
          <FormattedMessage {...m.goToMusic} />
        </Link>
      </div>
    </div>
  );
}

function JoinOrAccess() {
  const { user, isPending } = useSessionUser();
  if (user?.isVIP) return <AlreadyVip />;
  if (user?.isAdmin) return <AdminIncluded />;
  return <JoinCards signedIn={Boolean(user)} sessionPending={isPending} />;
}

/** `offer`: a free member's upgrade or win-back offer (decision 101), composed in by the route. */
export function VipSignupPage({ offer }: { offer?: ReactNode }) {
  return (
    <PageFrame title={<FormattedMessage {...m.signupTitle} />} intro={<FormattedMessage {...m.signupIntro} />}>
      {offer}
      <h2 className="sr-only">
        <FormattedMessage {...m.benefitsTitle} />
      </h2>
      <BenefitCards />
      <JoinOrAccess />
    </PageFrame>
  );
}
