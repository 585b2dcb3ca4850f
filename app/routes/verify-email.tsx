import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../components/PageFrame";
import { VerifyEmailPage } from "../features/verify-email/VerifyEmailPage";
import { usePageMeta } from "../lib/usePageMeta";

/** Query of the link in a verification mail: /verify-email?token=… (worker/services/email-verification.ts). */
type VerifySearch = { token?: string };

// Open to anyone: the link may be opened in a browser that is not signed in; the token is the proof.
export const Route = createFileRoute("/verify-email")({
  // Always the one key, so a non-string raw value cannot leak through the router's merge.
  validateSearch: (search: Record<string, unknown>): VerifySearch => ({ token: typeof search.token === "string" ? search.token : undefined }),
  component: VerifyEmailRoute,
});

const meta = defineMessages({
  title: { id: "meta.verifyEmail.title", defaultMessage: "Confirm your e-mail" },
});

function VerifyEmailRoute() {
  usePageMeta(meta);
  const { token } = Route.useSearch();
  return (
    <PageFrame title={<FormattedMessage id="verifyEmail.page.title" defaultMessage="Confirm your e-mail address" />}>
      <VerifyEmailPage token={token} />
    </PageFrame>
  );
}
