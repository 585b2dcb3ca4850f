import { createFileRoute } from "@tanstack/react-router";
import { useIntl } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import ModerationMessages from "../../features/admin/moderation/messages?feature";
import { ModerationPage } from "../../features/admin/moderation/ModerationPage";
import { moderationMessages as m } from "../../features/admin/moderation/messages";
import { queueQueryOptions } from "../../features/admin/moderation/queries";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/admin/moderation")({
  // Prefetch the open reports without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(queueQueryOptions("open")),
  component: AdminModeration,
});

/** The page's texts ship with its chunk, so its title is read inside their provider. */
function AdminModeration() {
  return (
    <ModerationMessages>
      <AdminModerationPage />
    </ModerationMessages>
  );
}

function AdminModerationPage() {
  const intl = useIntl();
  usePageMeta({ title: m.metaTitle });
  return (
    <PageFrame title={intl.formatMessage(m.pageTitle)} intro={intl.formatMessage(m.pageIntro)}>
      <ModerationPage />
    </PageFrame>
  );
}
