// The prompt an unverified member sees at the top of every page (migrations/0035): their address
// must be confirmed before they may post, comment, use the VIP chat or check out, and the Worker
// refuses those with 403 email_unverified. "Resend" asks for a new link (one a minute, five a
// day: a 429 is shown in words). Hidden for visitors, verified members and on /verify-email.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { defineMessage, defineMessages, FormattedMessage } from "react-intl";
import type { VerificationSentResponse } from "#contracts/email-verification.ts";
import { api } from "../lib/api";
import { serverErrorText } from "../lib/forms/errorText";
import { meQueryOptions } from "../lib/session/queries";
import { useSessionUser } from "../lib/session/useSession";
import { UiText } from "./form/FormField";

export const RESEND_VERIFICATION_API = "/api/auth/verify-email/resend";

const m = defineMessages({
  resend: { id: "verifyEmail.banner.resend", defaultMessage: "Resend the link" },
  sending: { id: "verifyEmail.banner.sending", defaultMessage: "Sending..." },
  failed: { id: "verifyEmail.banner.failed", defaultMessage: "The link could not be sent. Please try again." },
});

// Messages with values, typed so a missing value fails the type check.
const bannerText = defineMessage<{ email: string }>({
  id: "verifyEmail.banner.text",
  defaultMessage:
    "Please confirm your e-mail address: we sent a link to {email}. Until then you can read and edit your profile, but not post, comment, use the VIP chat or subscribe.",
});
const sentText = defineMessage<{ email: string }>({ id: "verifyEmail.banner.sent", defaultMessage: "A new link is on its way to {email}." });

export function EmailVerificationBanner() {
  const { user } = useSessionUser();
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: () => api<VerificationSentResponse>(RESEND_VERIFICATION_API, { method: "POST" }),
    // Already verified elsewhere (another tab used the link): fetch who we are again.
    onError: () => void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey }),
  });
  if (!user || user.emailVerified !== false) return null;
  const failure = resend.isError ? (serverErrorText(resend.error) ?? { message: m.failed }) : null;
  return (
    <div className="info-banner email-verification-banner" role="region" aria-labelledby="email-verification-text">
      <p id="email-verification-text">
        <FormattedMessage {...bannerText} values={{ email: user.email }} />
      </p>
      <button type="button" className="btn btn-ghost btn-sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
        <FormattedMessage {...(resend.isPending ? m.sending : m.resend)} />
      </button>
      {resend.isSuccess && (
        <p role="status">
          <FormattedMessage {...sentText} values={{ email: resend.data.sentTo }} />
        </p>
      )}
      {failure && (
        <p role="alert">
          <UiText value={failure} />
        </p>
      )}
    </div>
  );
}
