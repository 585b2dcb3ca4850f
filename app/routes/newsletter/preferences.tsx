import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import NewsletterMessages from "../../features/newsletter/messages?feature";
import { PreferencesPage } from "../../features/newsletter/PreferencesPage";
import { usePageMeta } from "../../lib/usePageMeta";

/** Query of the preference link in every campaign mail: /newsletter/preferences?t=<signed link>. */
type Search = { t?: string };

// Open to anyone, signed in or not: the signed link is the proof. The Worker serves these pages' shell with noindex.
export const Route = createFileRoute("/newsletter/preferences")({
  // Always the one key, so a non-string raw value cannot leak through the router's merge.
  validateSearch: (search: Record<string, unknown>): Search => ({ t: typeof search.t === "string" ? search.t : undefined }),
  component: NewsletterPreferencesRoute,
});

const meta = defineMessages({
  title: { id: "meta.newsletterPreferences.title", defaultMessage: "Newsletter preferences" },
});

function NewsletterPreferencesRoute() {
  usePageMeta(meta);
  const { t } = Route.useSearch();
  return (
    <PageFrame title={<FormattedMessage {...meta.title} />}>
      <NewsletterMessages>
        <PreferencesPage t={t} />
      </NewsletterMessages>
    </PageFrame>
  );
}
