import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../components/PageFrame";
import { PerksPage } from "../features/perks/PerksPage";
import { perksQueryOptions } from "../features/perks/queries";
import { usePageMeta } from "../lib/usePageMeta";

// Open to everyone: visitors and members who are not VIP see teasers; the Worker decides who may reveal.
export const Route = createFileRoute("/perks")({
  // Prefetch without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(perksQueryOptions(context.locale?.() ?? "en")),
  component: Perks,
});

const meta = defineMessages({
  title: { id: "meta.perks.title", defaultMessage: "Perks" },
  description: { id: "meta.perks.description", defaultMessage: "Members-only merchandise, limited editions and surprises." },
});

function Perks() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="pages.perks.title" defaultMessage="Special Perks" />}
      intro={<FormattedMessage id="pages.perks.intro" defaultMessage="Members-only merchandise, limited editions and surprises." />}
    >
      <PerksPage />
    </PageFrame>
  );
}
