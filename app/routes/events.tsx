import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { EmptyState } from "../components/EmptyState";
import { PageFrame } from "../components/PageFrame";
import { usePageMeta } from "../lib/usePageMeta";

export const Route = createFileRoute("/events")({ component: Events });

const meta = defineMessages({
  title: { id: "meta.events.title", defaultMessage: "Events" },
  description: { id: "meta.events.description", defaultMessage: "Upcoming concerts, meet-and-greets and festival dates, with venues and ticket links." },
});

function Events() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="pages.events.title" defaultMessage="Events" />}
      intro={<FormattedMessage id="pages.events.intro" defaultMessage="Concerts, meet-and-greets and festival dates." />}
    >
      <EmptyState
        icon="calendar"
        title={<FormattedMessage id="home.events.empty" defaultMessage="No events announced yet" />}
        hint={<FormattedMessage id="home.events.emptyHint" defaultMessage="Check back soon, or follow us on social media for the latest news." />}
      />
    </PageFrame>
  );
}
