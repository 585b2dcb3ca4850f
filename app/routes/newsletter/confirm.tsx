import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import NewsletterMessages from "../../features/newsletter/messages?feature";
import { ConfirmPage } from "../../features/newsletter/ConfirmPage";
import { usePageMeta } from "../../lib/usePageMeta";

/** Query of the link in the subscription confirmation mail: /newsletter/confirm?token=… (worker/services/newsletter/subscription.ts). */
type Search = { token?: string };

// Open to anyone, signed in or not: the token is the proof.
export const Route = createFileRoute("/newsletter/confirm")({
  // Always the one key, so a non-string raw value cannot leak through the router's merge.
  validateSearch: (search: Record<string, unknown>): Search => ({ token: typeof search.token === "string" ? search.token : undefined }),
  component: NewsletterConfirmRoute,
});

const meta = defineMessages({
  title: { id: "meta.newsletterConfirm.title", defaultMessage: "Confirm your subscription" },
});

function NewsletterConfirmRoute() {
  usePageMeta(meta);
  const { token } = Route.useSearch();
  return (
    <PageFrame title={<FormattedMessage {...meta.title} />}>
      <NewsletterMessages>
        <ConfirmPage token={token} />
      </NewsletterMessages>
    </PageFrame>
  );
}
