import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../components/PageFrame";
import { NotificationsPage } from "../features/notifications/NotificationsPage";
import { notificationsQueryOptions } from "../lib/notifications/queries";
import { requireSignedIn } from "../lib/session/guards";
import { usePageMeta } from "../lib/usePageMeta";

// The member's notification centre (the header's bell's "See all"). A visitor signs in first.
export const Route = createFileRoute("/notifications")({
  beforeLoad: requireSignedIn,
  // Prefetch without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchInfiniteQuery(notificationsQueryOptions()),
  component: Notifications,
});

const meta = defineMessages({
  title: { id: "meta.notifications.title", defaultMessage: "Notifications" },
});

function Notifications() {
  usePageMeta(meta);
  return (
    <PageFrame title={<FormattedMessage id="pages.notifications.title" defaultMessage="Notifications" />}>
      <NotificationsPage />
    </PageFrame>
  );
}
