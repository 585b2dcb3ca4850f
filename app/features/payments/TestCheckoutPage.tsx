// /vip-checkout/test: the local stand-in for Stripe Checkout (no Stripe account, works offline).
// Pay, Decline and Cancel make the Worker emit signed Stripe-shaped events into the same
// fulfilment as the real webhook; this page itself decides nothing.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { CheckoutStatusResponse, LocalCheckoutAction } from "#contracts/payments.ts";
import { Loading } from "../../components/Loading";
import { QueryFailed } from "../../components/QueryState";
import { PlanAmount } from "../../components/VipPrice";
import { checkoutItemMessages, offerFirstPeriodMessages, payMessage, testModeMessages as m, tierJoinMessages, vipMessages } from "./messages";
import { statusOf, useLocalCheckoutAction } from "./mutations";
import { checkoutStatusQueryOptions } from "./queries";
import { TestModeBanner } from "./TestModeBanner";
import { tierNameIn } from "../../lib/tiers/tierGate";
import { useVipTax, vipBillingOf, VipTaxFields, type VipPlace } from "./TestCheckoutTax";
import "./payments.css";

const perMonth = { id: "common.vipPrice.perMonth", defaultMessage: "{price}/month" };
const perYear = { id: "common.vipPrice.perYear", defaultMessage: "{price}/year" };

function BackToSignup() {
  return (
    <Link to="/vip-signup" className="btn btn-ghost">
      <FormattedMessage {...m.backToSignup} />
    </Link>
  );
}

function Actions({ sessionId, checkout }: { sessionId: string; checkout: CheckoutStatusResponse }) {
  const intl = useIntl();
  // What Pay charges today: the price this checkout was opened with (nothing during a free trial,
  // an offer's first period with its percent off), as a Stripe session shows its own; with a
  // place, the Worker's total with tax.
  const [place, setPlace] = useState<VipPlace>({ country: "", state: "" });
  const tax = useVipTax(sessionId, place);
  const { amount } = checkout;
  const today = checkout.trialDays ? 0 : (checkout.firstPeriodCents ?? amount.cents);
  const price = intl.formatNumber((tax.data?.totalCents ?? today) / 100, { style: "currency", currency: amount.currency });
  const action = useLocalCheckoutAction(sessionId);
  // Busy from the click until the next page has opened.
  const busy = action.isPending || action.isSuccess;
  const clicked = typeof action.variables === "string" ? action.variables : action.variables?.action;
  const label = (which: LocalCheckoutAction, idle: ReactNode) => (busy && clicked === which ? <FormattedMessage {...vipMessages.processing} /> : idle);

  return (
    <>
      {action.isError && (
        <p className="error-banner" role="alert">
          <FormattedMessage {...(statusOf(action.error) === 409 ? m.finished : m.actionFailed)} />
        </p>
      )}
      <VipTaxFields value={place} onChange={setPlace} tax={tax} currency={amount.currency} disabled={busy} />
      <div className="test-checkout-actions">
        <button
          type="button"
          className="btn btn-primary btn-lg btn-block"
          disabled={busy}
          onClick={() => action.mutate({ action: "pay", billing: vipBillingOf(place) })}
        >
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
  const intl = useIntl();
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
    body = <Actions sessionId={sessionId} checkout={status.data} />;
  }
  const checkout = status.data;

  return (
    <section className="page page-narrow test-checkout">
      <TestModeBanner notice={m.checkoutNotice} />
      <div className="card">
        <h1>
          <FormattedMessage {...m.checkoutTitle} />
        </h1>
        {checkout && (
          <>
            <p className="muted">
              <FormattedMessage {...checkoutItemMessages[checkout.plan]} values={{ tier: tierNameIn(intl, checkout.tier) }} />
            </p>
            <p className="plan-price">
              <FormattedMessage
                {...(checkout.plan === "yearly" ? perYear : perMonth)}
                values={{ price: <PlanAmount cents={checkout.amount.cents} currency={checkout.amount.currency} /> }}
              />
            </p>
            {checkout.trialDays !== undefined && (
              <p className="plan-price" data-testid="checkout-trial">
                <FormattedMessage {...tierJoinMessages.trial} values={{ days: checkout.trialDays }} />
              </p>
            )}
            {checkout.firstPeriodCents !== undefined && (
              <p className="plan-price" data-testid="offer-first-period">
                <FormattedMessage
                  {...offerFirstPeriodMessages[checkout.plan]}
                  values={{ price: <PlanAmount cents={checkout.firstPeriodCents} currency={checkout.amount.currency} /> }}
                />
              </p>
            )}
          </>
        )}
        {body}
      </div>
    </section>
  );
}
