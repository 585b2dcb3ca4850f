// /verify-email?token=…: the link from a verification mail (a new account's address, or a new
// address for an account). Opening the page changes nothing by itself in the Worker: the page
// POSTs the token once (a link scanner's GET spends nothing) and says what happened; a used,
// unknown or expired link gets its own clear text.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { defineMessages, FormattedMessage } from "react-intl";
import type { VerifyEmailResponse } from "#contracts/email-verification.ts";
import { FormBanner, UiText } from "../../components/form/FormField";
import { Loading } from "../../components/Loading";
import { api } from "../../lib/api";
import { serverErrorText } from "../../lib/forms/errorText";
import { meQueryOptions } from "../../lib/session/queries";

export const VERIFY_EMAIL_API = "/api/auth/verify-email";

const m = defineMessages({
  checking: { id: "verifyEmail.page.checking", defaultMessage: "Confirming your e-mail address..." },
  verified: {
    id: "verifyEmail.page.verified",
    defaultMessage: "Your e-mail address is confirmed. You can now post, comment and use everything your membership includes.",
  },
  changed: { id: "verifyEmail.page.changed", defaultMessage: "Your new e-mail address is confirmed and is now the one on your account." },
  missing: {
    id: "verifyEmail.page.missing",
    defaultMessage: "This page needs the link from the e-mail we sent you. Open the link again, or ask for a new one.",
  },
  failed: { id: "verifyEmail.page.failed", defaultMessage: "Something went wrong. Please try again." },
  retry: { id: "verifyEmail.page.retry", defaultMessage: "Try again" },
  toFeed: { id: "verifyEmail.page.toFeed", defaultMessage: "Go to the community" },
  resendHint: { id: "verifyEmail.page.resendHint", defaultMessage: "Signed in? The banner at the top of the page can send you a new link." },
});

export function VerifyEmailPage({ token }: { token?: string }) {
  const queryClient = useQueryClient();
  const consume = useMutation({
    mutationFn: (value: string) => api<VerifyEmailResponse>(VERIFY_EMAIL_API, { method: "POST", json: { token: value } }),
    // The banner and the session's e-mail follow what the Worker now holds.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey }),
  });
  // A link works once: send it once, even when React runs the effect twice (StrictMode).
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    consume.mutate(token);
  }, [token, consume]);

  if (!token) {
    return (
      <div className="card verify-email">
        <FormBanner kind="error">
          <FormattedMessage {...m.missing} />
        </FormBanner>
        <p className="muted">
          <FormattedMessage {...m.resendHint} />
        </p>
      </div>
    );
  }
  if (consume.isSuccess) {
    return (
      <div className="card verify-email">
        <FormBanner kind="success">
          <FormattedMessage {...(consume.data.outcome === "email_changed" ? m.changed : m.verified)} />
        </FormBanner>
        <Link to="/social" className="btn btn-primary">
          <FormattedMessage {...m.toFeed} />
        </Link>
      </div>
    );
  }
  if (consume.isError) {
    const known = serverErrorText(consume.error);
    return (
      <div className="card verify-email">
        <FormBanner kind="error">
          <UiText value={known ?? { message: m.failed }} />
        </FormBanner>
        {known ? (
          <p className="muted">
            <FormattedMessage {...m.resendHint} />
          </p>
        ) : (
          // A network failure spent nothing: the same link may be sent again.
          <button type="button" className="btn btn-ghost" onClick={() => consume.mutate(token)}>
            <FormattedMessage {...m.retry} />
          </button>
        )}
      </div>
    );
  }
  return <Loading label={<FormattedMessage {...m.checking} />} />;
}
