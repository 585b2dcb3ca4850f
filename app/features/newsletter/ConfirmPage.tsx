// /newsletter/confirm?token=…: the link in the double opt-in mail (decision 045). Opening the page
// changes nothing by itself: its script POSTs the token once (a link scanner's GET confirms
// nobody) and says what happened. A used or expired link offers to subscribe again; an address
// the provider reported is explained.
import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { defineMessages, FormattedMessage } from "react-intl";
import { FormBanner, UiText } from "../../components/form/FormField";
import { Loading } from "../../components/Loading";
import { hasCode, serverErrorText } from "../../lib/forms/errorText";
import { confirmSubscription } from "./api";
import { SubscribeAgainForm } from "./SubscribeAgainForm";

const m = defineMessages({
  confirming: { id: "newsletter.confirm.confirming", defaultMessage: "Confirming your subscription..." },
  subscribed: { id: "newsletter.confirm.subscribed", defaultMessage: "You're subscribed. Our news will reach you by e-mail." },
  unsubscribeHint: { id: "newsletter.confirm.unsubscribeHint", defaultMessage: "Every e-mail we send has a link to unsubscribe in one click." },
  home: { id: "newsletter.confirm.home", defaultMessage: "Go to the home page" },
  missing: {
    id: "newsletter.confirm.missing",
    defaultMessage: "This page needs the link from the e-mail we sent you. Open the link again, or subscribe below.",
  },
  failed: { id: "newsletter.confirm.failed", defaultMessage: "Something went wrong. Please try again." },
  retry: { id: "newsletter.confirm.retry", defaultMessage: "Try again" },
});

export function ConfirmPage({ token }: { token?: string }) {
  const confirm = useMutation({ mutationFn: confirmSubscription });
  // A link is spent by its first use: send it once, even when React runs the effect twice (StrictMode).
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  if (!token) {
    return (
      <div className="card newsletter-page">
        <FormBanner kind="error">
          <FormattedMessage {...m.missing} />
        </FormBanner>
        <SubscribeAgainForm />
      </div>
    );
  }
  if (confirm.isSuccess) {
    return (
      <div className="card newsletter-page">
        <FormBanner kind="success">
          <FormattedMessage {...m.subscribed} />
        </FormBanner>
        <p className="muted">
          <FormattedMessage {...m.unsubscribeHint} />
        </p>
        <Link to="/" className="btn btn-primary">
          <FormattedMessage {...m.home} />
        </Link>
      </div>
    );
  }
  if (confirm.isError) {
    const known = serverErrorText(confirm.error);
    return (
      <div className="card newsletter-page">
        <FormBanner kind="error">
          <UiText value={known ?? { message: m.failed }} />
        </FormBanner>
        {hasCode(confirm.error, "invalid_token") && <SubscribeAgainForm />}
        {!known && (
          // A network failure spent nothing: the same link may be sent again.
          <button type="button" className="btn btn-ghost" onClick={() => confirm.mutate(token)}>
            <FormattedMessage {...m.retry} />
          </button>
        )}
      </div>
    );
  }
  return <Loading label={<FormattedMessage {...m.confirming} />} />;
}
