// The cart's last step: a guest's e-mail for the receipt (a member's is their account's), then
// "Checkout", which asks the Worker to price the cart again, hold its stock and say where to pay
// (Stripe's page, or the local test checkout), and sends the browser there. A cart the Worker
// priced at 0 says so: the Worker makes its order at once and answers the thanks page.
import { Link } from "@tanstack/react-router";
import { useId, useState } from "react";
import { FormattedMessage } from "react-intl";
import type { QuoteBody } from "#contracts/store/cart.ts";
import { useStartCheckout } from "../queries";
import { cartMessages as m } from "./messages";
import { RefusalText } from "./CartTotals";
import { BotCheck, useBotCheck } from "../../../components/bot-check/BotCheck";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** free: the Worker's quote is 0 (the Worker decides again at checkout; this only words the button). */
type Props = { body: QuoteBody; signedIn: boolean; ready: boolean; free?: boolean };

export function Checkout({ body, signedIn, ready, free = false }: Props) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [tried, setTried] = useState(false);
  const botCheck = useBotCheck("guest_checkout");
  const start = useStartCheckout(signedIn ? null : botCheck);
  const emailOk = signedIn || EMAIL.test(email.trim());

  return (
    <form
      className="cart-checkout"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!emailOk || !ready) return;
        // A new attempt per press: a retried request of the same press reuses the same session.
        start.mutate(
          { ...body, ...(signedIn ? {} : { email: email.trim() }), attemptId: crypto.randomUUID() },
          { onSuccess: ({ url }) => window.location.assign(url) },
        );
      }}
    >
      {!signedIn && (
        <>
          <div className="cart-field">
            <label htmlFor={id}>
              <FormattedMessage {...m.email} />
            </label>
            <input
              id={id}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={tried && !emailOk}
              aria-describedby={`${id}-hint${tried && !emailOk ? ` ${id}-error` : ""}`}
            />
            <p id={`${id}-hint`} className="muted">
              <FormattedMessage {...m.emailHint} />
            </p>
            {tried && !emailOk && (
              <p id={`${id}-error`} className="field-error" role="alert">
                <FormattedMessage {...m.emailInvalid} />
              </p>
            )}
          </div>
          <p className="muted">
            <FormattedMessage {...m.signIn} />{" "}
            <Link to="/social/login" search={{ redirect: "/store/cart" }}>
              <FormattedMessage {...m.signInLink} />
            </Link>
          </p>
        </>
      )}
      {!signedIn && <BotCheck check={botCheck} />}
      {start.isError && <RefusalText error={start.error} fallback={<FormattedMessage {...m.checkoutFailed} />} />}
      {free && (
        <p className="muted">
          <FormattedMessage {...m.checkoutFreeHint} />
        </p>
      )}
      {/* The refund policy shown before paying: the order's access log records it (decision 094). */}
      <p className="muted cart-refund-policy">
        <FormattedMessage {...m.refundPolicy} values={{ terms: (text) => <Link to="/terms">{text}</Link> }} />
      </p>
      <button type="submit" className="btn btn-primary cart-checkout-button" disabled={!ready || start.isPending || start.isSuccess}>
        <FormattedMessage {...(start.isPending || start.isSuccess ? m.checkingOut : free ? m.checkoutFree : m.checkout)} />
      </button>
    </form>
  );
}
