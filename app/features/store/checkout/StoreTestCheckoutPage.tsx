// /store/checkout/test: the local stand-in for Stripe Checkout for a cart (TEST MODE, no Stripe
// account, offline). It shows the Worker's own lines and totals; Pay, Decline and Abandon make the
// Worker sign the events Stripe would send and fulfil them through the webhook's code. The page
// itself decides nothing.
import { useQuery } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { formatMoney } from "#contracts/store/model.ts";
import type { CheckoutSummaryResponse, LocalOrderAction } from "#contracts/store/checkout.ts";
import { QueryFailed } from "../../../components/QueryState";
import { Loading } from "../../../components/Loading";
import { checkoutMessages as m, expiresMessage, payMessage } from "./messages";
import { statusOf, useLocalOrderAction } from "./mutations";
import { checkoutSummaryQueryOptions } from "./queries";
import { OrderSummary } from "./OrderSummary";
import { PathLink } from "./PathLink";
import { isComplete, sampleAddress, TestAddressFields, type TestAddress } from "./TestAddressFields";
import { billingOf, emptyPlace, TaxLines, TaxPlaceFields, useLocalTax, type TaxPlaceValue } from "./TaxPlace";
import "./checkout.css";

function BackToCart() {
  return (
    <PathLink to="/store/cart" className="btn btn-ghost">
      <FormattedMessage {...m.backToCart} />
    </PathLink>
  );
}

function Actions({ summary }: { summary: CheckoutSummaryResponse }) {
  const intl = useIntl();
  const action = useLocalOrderAction(summary.id);
  const [address, setAddress] = useState<TestAddress>(() => sampleAddress(summary.shippingCountry ?? "US"));
  const [place, setPlace] = useState<TaxPlaceValue>(emptyPlace);
  const [incomplete, setIncomplete] = useState(false);
  // Busy from the click until the next page has opened.
  const busy = action.isPending || action.isSuccess;
  const label = (which: LocalOrderAction, idle: ReactNode) => (busy && action.variables?.action === which ? <FormattedMessage {...m.processing} /> : idle);
  // Tax is worked out where a physical cart ships, else where the buyer says they are (as Stripe Tax does).
  const billing = summary.needsShipping
    ? billingOf({ country: address.address.country, state: address.address.state ?? "", postalCode: address.address.postalCode, taxId: "" })
    : billingOf(place);
  const tax = useLocalTax(summary.id, billing);
  const total = formatMoney(tax.data?.totalCents ?? summary.totalCents, summary.currency, intl.locale);

  const pay = () => {
    // Without a place the Worker collects nothing ("not collected"), as for a place it is not registered in.
    if (summary.needsShipping && !isComplete(address)) return setIncomplete(true);
    setIncomplete(false);
    const shipTo = { ...address.address, line2: address.address.line2?.trim() || null, state: address.address.state?.trim() || null };
    action.mutate({ action: "pay", body: summary.needsShipping ? { name: address.name.trim(), address: shipTo } : { billing: billing ?? undefined } });
  };

  return (
    <>
      {summary.needsShipping && <TestAddressFields value={address} onChange={setAddress} disabled={busy} />}
      {!summary.needsShipping && <TaxPlaceFields value={place} onChange={setPlace} disabled={busy} />}
      <TaxLines summary={summary} tax={tax} placeKnown={billing !== null} />
      {incomplete && (
        <p className="error-banner" role="alert">
          <FormattedMessage {...m.addressIncomplete} />
        </p>
      )}
      {action.isError && (
        <p className="error-banner" role="alert">
          <FormattedMessage {...(statusOf(action.error) === 409 ? m.finished : m.actionFailed)} />
        </p>
      )}
      <div className="store-test-actions">
        <button type="button" className="btn btn-primary btn-lg btn-block" disabled={busy} onClick={pay}>
          {label("pay", <FormattedMessage {...payMessage} values={{ total }} />)}
        </button>
        <p className="field-hint">
          <FormattedMessage {...m.payHint} />
        </p>
        <button type="button" className="btn btn-danger btn-block" disabled={busy} onClick={() => action.mutate({ action: "decline" })}>
          {label("decline", <FormattedMessage {...m.decline} />)}
        </button>
        <p className="field-hint">
          <FormattedMessage {...m.declineHint} />
        </p>
        <button type="button" className="btn btn-ghost btn-block" disabled={busy} onClick={() => action.mutate({ action: "abandon" })}>
          {label("abandon", <FormattedMessage {...m.abandon} />)}
        </button>
        <p className="field-hint">
          <FormattedMessage {...m.abandonHint} />
        </p>
      </div>
    </>
  );
}

function Body({ sessionId }: { sessionId: string | undefined }) {
  const intl = useIntl();
  const summary = useQuery({ ...checkoutSummaryQueryOptions(sessionId ?? ""), enabled: Boolean(sessionId) });
  if (!sessionId || summary.isError) {
    const notFound = !sessionId || statusOf(summary.error) === 404;
    return (
      <>
        <QueryFailed
          message={<FormattedMessage {...(notFound ? m.notFound : m.loadFailed)} />}
          retryLabel={notFound ? undefined : <FormattedMessage {...m.retry} />}
          onRetry={notFound ? undefined : () => void summary.refetch()}
        />
        <BackToCart />
      </>
    );
  }
  if (summary.isPending) return <Loading label={<FormattedMessage {...m.loading} />} />;
  const data = summary.data;
  return (
    <>
      <OrderSummary summary={data} />
      {/* Past its expiry but not yet swept, the Worker answers the buttons 409: "already finished". */}
      {data.status !== "open" ? (
        <>
          <p className="info-banner">
            <FormattedMessage {...m.finished} />
          </p>
          <BackToCart />
        </>
      ) : (
        <>
          <p className="muted">
            <FormattedMessage {...expiresMessage} values={{ time: intl.formatTime(data.expiresAt, { hour: "numeric", minute: "2-digit" }) }} />
          </p>
          <Actions summary={data} />
        </>
      )}
    </>
  );
}

export function StoreTestCheckoutPage({ sessionId }: { sessionId: string | undefined }) {
  return (
    <section className="page page-narrow store-test-checkout">
      <div className="store-test-banner" role="note">
        <strong className="store-test-badge">
          <FormattedMessage {...m.testBadge} />
        </strong>
        <p>
          <FormattedMessage {...m.testNotice} />
        </p>
      </div>
      <div className="card">
        <h1>
          <FormattedMessage {...m.testTitle} />
        </h1>
        <Body sessionId={sessionId} />
      </div>
    </section>
  );
}
