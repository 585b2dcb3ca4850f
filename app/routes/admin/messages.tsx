import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { ComingSoon } from "../../components/ComingSoon";
import { PageFrame } from "../../components/PageFrame";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/admin/messages")({ component: AdminMessages });

const meta = defineMessages({
  title: { id: "meta.admin.messages.title", defaultMessage: "Admin: Messages" },
});

function AdminMessages() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="admin.messages.title" defaultMessage="Messages" />}
      intro={<FormattedMessage id="admin.messages.intro" defaultMessage="Messages sent through the contact form, and your replies." />}
    >
      <ComingSoon />
    </PageFrame>
  );
}
