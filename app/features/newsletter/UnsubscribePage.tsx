// /newsletter/unsubscribe?t=…: the unsubscribe link of every campaign mail (decision 045). The
// page's script POSTs the one-click unsubscribe once on load (the same request a mail client
// sends for RFC 8058, so a link scanner that only GETs the page unsubscribes nobody), then says so
// and shows the preference form, where the person can subscribe again.
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { defineMessages, FormattedMessage } from "react-intl";
import { FormBanner, UiText } from "../../components/form/FormField";
import { Loading } from "../../components/Loading";
import { serverErrorText } from "../../lib/forms/errorText";
import { formMessages } from "../../lib/forms/messages";
import { unsubscribe } from "./api";
import { isSuppressed, LinkPreferencesForm } from "./LinkPreferencesForm";

const m = defineMessages({
  working: { id: "newsletter.unsubscribe.working", defaultMessage: "Unsubscribing..." },
  done: { id: "newsletter.unsubscribe.done", defaultMessage: "You're unsubscribed. We will send you no more news." },
  changedMind: { id: "newsletter.unsubscribe.changedMind", defaultMessage: "Changed your mind, or want only some of our news? Choose below." },
  failed: { id: "newsletter.unsubscribe.failed", defaultMessage: "Something went wrong. Please try again." },
  retry: { id: "newsletter.unsubscribe.retry", defaultMessage: "Try again" },
});

export function UnsubscribePage({ t }: { t?: string }) {
  const leave = useMutation({ mutationFn: unsubscribe });
  // Once per visit, even when React runs the effect twice (StrictMode).
  const sent = useRef(false);
  useEffect(() => {
    if (!t || sent.current) return;
    sent.current = true;
    leave.mutate(t);
  }, [t, leave]);

  if (!t) {
    return (
      <div className="card newsletter-page">
        <FormBanner kind="error">
          <FormattedMessage {...formMessages.newsletterInvalidLink} />
        </FormBanner>
      </div>
    );
  }
  if (leave.isSuccess) {
    return (
      <div className="card newsletter-page">
        {isSuppressed(leave.data.status) ? null : (
          <>
            <FormBanner kind="success">
              <FormattedMessage {...m.done} />
            </FormBanner>
            <p className="muted">
              <FormattedMessage {...m.changedMind} />
            </p>
          </>
        )}
        <LinkPreferencesForm t={t} initial={leave.data} />
      </div>
    );
  }
  if (leave.isError) {
    const known = serverErrorText(leave.error);
    return (
      <div className="card newsletter-page">
        <FormBanner kind="error">
          <UiText value={known ?? { message: m.failed }} />
        </FormBanner>
        {!known && (
          <button type="button" className="btn btn-ghost" onClick={() => leave.mutate(t)}>
            <FormattedMessage {...m.retry} />
          </button>
        )}
      </div>
    );
  }
  return <Loading label={<FormattedMessage {...m.working} />} />;
}
