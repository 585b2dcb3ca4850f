// /vip-checkout/test: the local stand-in for Stripe Checkout (no Stripe account, works offline).
// Pay, Decline and Cancel make the Worker emit signed Stripe-shaped events into the same
// fulfilment as the real webhook; this page itself decides nothing.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { LocalCheckoutAction } from "../../../worker/contracts/payments";
import { Loading } from "../../components/Loading";
import { QueryFailed } from "../../components/QueryState";
import { VipPricePerMonth } from "../../components/VipPrice";
import { useSiteConfig } from "../../lib/session/useSession";
import { payMessage, testModeMessages as m, vipMessages } from "./messages";
import { statusOf, useLocalCheckoutAction } from "./mutations";
import { checkoutStatusQueryOptions } from "./queries";
import { TestModeBanner } from "./TestModeBanner";
import "./payments.css";

function BackToSignup() {
  return (
    <Link to="/vip-signup" className="btn btn-ghost">
      <FormattedMessage {...m.backToSignup} />
    </Link>
  );
}

function Actions({ sessionId }: { sessionId: string }) {
  const intl = useIntl();
  const config = useSiteConfig();
  const price = config ? intl.formatNumber(config.vipPrice.amountCents / 100, { style: "currency", currency: config.vipPrice.currency }) : "";
  const action = useLocalCheckoutAction(sessionId);
  // Busy from the click until the next page has opened.
  const busy = action.isPending || action.isSuccess;
  const label = (which: LocalCheckoutAction, idle: ReactNode) => (busy && action.variables === which ? <FormattedMessage {...vipMessages.processing} /> : idle);

  return (
    <>
      {action.isError && (
        <p className="error-banner" role="alert">
          <FormattedMessage {...(statusOf(action.error) === 409 ? m.finished : m.actionFailed)} />
        </p>
      )}
      <div className="test-checkout-actions">
        <button type="button" className="btn btn-primary btn-lg btn-block" disabled={busy} onClick={() => action.mutate("pay")}>
          {label("pay", <FormattedMessage {...payMessage} values={{ price }} />)}
        </button>
        <p className="field-hint">
          <FormattedMessage {...m.payHint} />
        </p>
        <button type="button" className="btn btn-danger btn-block" disabled={busy} onClick={() => action.mutate("decline")}>
          {label("decline", <FormattedMessage {...m.decline} />)}
        </button>
        <p className="field-hint">
          <FormattedMessage {...m.declineHint} />
        </p>
        <button type="button" className="btn btn-ghost btn-block" disabled={busy} onClick={() => action.mutate("cancel")}>
          {label("cancel", <FormattedMessage {...m.cancel} />)}
        </button>
      </div>
    </>
  );
}

export function TestCheckoutPage({ sessionId }: { sessionId: string | undefined }) {
  const status = useQuery({ ...checkoutStatusQueryOptions(sessionId ?? ""), enabled: Boolean(sessionId) });

  let body: ReactNode;
  if (!sessionId || status.isError) {
    body = (
      <>
        <QueryFailed message={<FormattedMessage {...(statusOf(status.error) === 404 || !sessionId ? m.notFound : m.actionFailed)} />} />
        <BackToSignup />
      </>
    );
  } else if (status.isPending) {
    body = <Loading />;
  } else if (status.data.status !== "pending") {
    body = (
      <>
        <p className="info-banner">
          <FormattedMessage {...m.finished} />
        </p>
        <BackToSignup />
      </>
    );
  } else {
    body = <Actions sessionId={sessionId} />;
  }

  return (
    <section className="page page-narrow test-checkout">
      <TestModeBanner notice={m.checkoutNotice} />
      <div className="card">
        <h1>
          <FormattedMessage {...m.checkoutTitle} />
        </h1>
        <p className="muted">
          <FormattedMessage {...m.item} />
        </p>
        <p className="plan-price">
          <VipPricePerMonth />
        </p>
        {body}
      </div>
    </section>
  );
}
