// /store/thanks: where Stripe Checkout (or the test checkout) returns. Confirming, then the order
// number and what comes next (downloads, shipping, gift codes, tickets, the receipt's address) once the
// server says the order is paid; failed or expired sends the buyer back to the cart. The page
// grants nothing: fulfilment happens on the verified payment event.
import { useQuery } from "@tanstack/react-query";
import { FormattedMessage, type MessageDescriptor } from "react-intl";
import { Icon } from "../../../components/Icon";
import { Loading } from "../../../components/Loading";
import { checkoutMessages as m, orderNumberMessage, receiptSentMessage } from "./messages";
import { checkoutSummaryQueryOptions } from "./queries";
import { OrderSummary } from "./OrderSummary";
import { PathLink } from "./PathLink";
import { useOrderConfirmation } from "./useOrderConfirmation";
import { TICKETS_PATH } from "#contracts/tickets/event-tickets-model.ts";
import "./checkout.css";

function Paid({ sessionId, orderNumber }: { sessionId: string; orderNumber: number | null }) {
  const summary = useQuery(checkoutSummaryQueryOptions(sessionId));
  const kinds = new Set(summary.data?.lines.map((l) => l.kind));
  const tickets = (summary.data?.tickets.length ?? 0) > 0;
  return (
    <>
      <Icon name="sparkle" size={48} className="result-icon" />
      <h1>
        <FormattedMessage {...m.paidTitle} />
      </h1>
      {orderNumber !== null && (
        <p className="store-order-number">
          <FormattedMessage {...orderNumberMessage} values={{ number: String(orderNumber) }} />
        </p>
      )}
      {summary.data && (
        <>
          <p>
            <FormattedMessage {...receiptSentMessage} values={{ email: summary.data.email }} />
          </p>
          <ul className="store-next-steps">
            {kinds.has("digital") && (
              <li>
                <FormattedMessage {...m.nextDownloads} />
              </li>
            )}
            {kinds.has("merch") && (
              <li>
                <FormattedMessage {...m.nextShipping} />
              </li>
            )}
            {kinds.has("gift_vip") && (
              <li>
                <FormattedMessage {...m.nextGift} />
              </li>
            )}
            {tickets && (
              <li>
                <FormattedMessage {...m.nextTickets} />
              </li>
            )}
          </ul>
          <OrderSummary summary={summary.data} />
        </>
      )}
      <div className="form-actions">
        {tickets && (
          <PathLink to={TICKETS_PATH} className="btn btn-primary btn-lg">
            <FormattedMessage {...m.toTickets} />
          </PathLink>
        )}
        {(!tickets || kinds.size > 0) && (
          <PathLink to="/collection" className={tickets ? "btn btn-ghost" : "btn btn-primary btn-lg"}>
            <FormattedMessage {...m.toCollection} />
          </PathLink>
        )}
        <PathLink to="/store" className="btn btn-ghost">
          <FormattedMessage {...m.keepShopping} />
        </PathLink>
      </div>
    </>
  );
}

function Ended({ title, body, to, link }: { title: MessageDescriptor; body: MessageDescriptor; to: `/${string}`; link: MessageDescriptor }) {
  return (
    <>
      <Icon name="alert" size={48} className="result-icon" />
      <h1>
        <FormattedMessage {...title} />
      </h1>
      <p className="muted">
        <FormattedMessage {...body} />
      </p>
      <div className="form-actions">
        <PathLink to={to} className="btn btn-primary">
          <FormattedMessage {...link} />
        </PathLink>
      </div>
    </>
  );
}

export function StoreThanksPage({ sessionId }: { sessionId: string | undefined }) {
  const { phase, orderNumber, checkAgain } = useOrderConfirmation(sessionId);
  return (
    <section className="page page-narrow">
      <div className="card store-result" aria-live="polite">
        {phase === "processing" && (
          <>
            <h1>
              <FormattedMessage {...m.thanksProcessingTitle} />
            </h1>
            <Loading label={<FormattedMessage {...m.thanksProcessingBody} />} />
          </>
        )}
        {phase === "slow" && (
          <>
            <h1>
              <FormattedMessage {...m.thanksSlowTitle} />
            </h1>
            <p className="muted">
              <FormattedMessage {...m.thanksSlowBody} />
            </p>
            <div className="form-actions">
              <button type="button" className="btn btn-primary" onClick={checkAgain}>
                <FormattedMessage {...m.checkAgain} />
              </button>
            </div>
          </>
        )}
        {phase === "paid" && sessionId && <Paid sessionId={sessionId} orderNumber={orderNumber} />}
        {phase === "failed" && <Ended title={m.failedTitle} body={m.failedBody} to="/store/cart" link={m.backToCart} />}
        {phase === "expired" && <Ended title={m.expiredTitle} body={m.expiredBody} to="/store/cart" link={m.backToCart} />}
        {phase === "none" && <Ended title={m.noneTitle} body={m.noneBody} to="/store" link={m.toStore} />}
      </div>
    </section>
  );
}
