import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import NewsletterMessages from "../../features/newsletter/messages?feature";
import { UnsubscribePage } from "../../features/newsletter/UnsubscribePage";
import { usePageMeta } from "../../lib/usePageMeta";

/** Query of the unsubscribe link in every campaign mail: /newsletter/unsubscribe?t=<signed link>. */
type Search = { t?: string };

// Open to anyone, signed in or not: the signed link is the proof. The Worker serves these pages' shell with noindex.
export const Route = createFileRoute("/newsletter/unsubscribe")({
  // Always the one key, so a non-string raw value cannot leak through the router's merge.
  validateSearch: (search: Record<string, unknown>): Search => ({ t: typeof search.t === "string" ? search.t : undefined }),
  component: NewsletterUnsubscribeRoute,
});

const meta = defineMessages({
  title: { id: "meta.newsletterUnsubscribe.title", defaultMessage: "Unsubscribe" },
});

function NewsletterUnsubscribeRoute() {
  usePageMeta(meta);
  const { t } = Route.useSearch();
  return (
    <PageFrame title={<FormattedMessage {...meta.title} />}>
      <NewsletterMessages>
        <UnsubscribePage t={t} />
      </NewsletterMessages>
    </PageFrame>
  );
}
