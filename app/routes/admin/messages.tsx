import { createFileRoute } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { ComingSoon } from "../../components/ComingSoon";
import { PageFrame } from "../../components/PageFrame";

export const Route = createFileRoute("/admin/messages")({ component: AdminMessages });

function AdminMessages() {
  return (
    <PageFrame
      title={<FormattedMessage id="admin.messages.title" defaultMessage="Messages" />}
      intro={<FormattedMessage id="admin.messages.intro" defaultMessage="Messages sent through the contact form, and your replies." />}
    >
      <ComingSoon />
    </PageFrame>
  );
}
