import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { ComingSoon } from "../../components/ComingSoon";
import { PageFrame } from "../../components/PageFrame";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/admin/users")({ component: AdminUsers });

const meta = defineMessages({
  title: { id: "meta.admin.users.title", defaultMessage: "Admin: Users" },
});

function AdminUsers() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="admin.users.title" defaultMessage="User Management" />}
      intro={<FormattedMessage id="admin.users.intro" defaultMessage="Members, their roles and access." />}
    >
      <ComingSoon />
    </PageFrame>
  );
}
