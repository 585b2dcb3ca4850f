// /vip-signup (docs/features.md#payments-and-vip): six benefits, the one configured price, and Join. A visitor is sent to
// sign in and back; a member who is already VIP sees their membership instead of a second
// checkout; an administrator (who has every VIP right) a note and the way to the music; anyone
// else (including a member whose earlier subscription failed or ended) can pay.
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import { VipPricePerMonth } from "../../components/VipPrice";
import { useSessionUser } from "../../lib/session/useSession";
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

function JoinCard({ signedIn, sessionPending }: { signedIn: boolean; sessionPending: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const checkout = useStartCheckout();
  // Busy until the browser has left for the checkout page.
  const busy = checkout.isPending || checkout.isSuccess;

  const join = () => {
    if (!signedIn) return void navigate({ to: "/social/login", search: { redirect: VIP_SIGNUP_PATH } });
    checkout.mutate(undefined, {
      // Became VIP meanwhile (another tab, a late event): show the membership, not an error.
      onError: (error) => {
        if (codeOf(error) === "already_vip") void refreshAfterVipChange(queryClient);
      },
    });
  };

  const showError = checkout.isError && codeOf(checkout.error) !== "already_vip";
  return (
    <div className="card vip-join-card">
      <h2>
        <FormattedMessage {...m.priceLabel} />
      </h2>
      <p className="plan-price">
        <VipPricePerMonth />
      </p>
      <p className="muted">
        <FormattedMessage {...m.priceTerms} />
      </p>
      {showError && (
        <p className="error-banner" role="alert">
          <FormattedMessage {...checkoutErrorMessage(checkout.error)} />
        </p>
      )}
      <button type="button" className="btn btn-primary btn-lg" onClick={join} disabled={busy || sessionPending} aria-busy={busy}>
        <FormattedMessage {...(busy ? m.processing : m.join)} />
      </button>
      {!signedIn && (
        <p className="muted">
          <FormattedMessage {...m.signInHint} />
        </p>
      )}
    </div>
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
  return <JoinCard signedIn={Boolean(user)} sessionPending={isPending} />;
}

export function VipSignupPage() {
  return (
    <PageFrame title={<FormattedMessage {...m.signupTitle} />} intro={<FormattedMessage {...m.signupIntro} />}>
      <h2 className="sr-only">
        <FormattedMessage {...m.benefitsTitle} />
      </h2>
      <BenefitCards />
      <JoinOrAccess />
    </PageFrame>
  );
}
