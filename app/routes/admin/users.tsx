import { createFileRoute } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { ComingSoon } from "../../components/ComingSoon";
import { PageFrame } from "../../components/PageFrame";

export const Route = createFileRoute("/admin/users")({ component: AdminUsers });

function AdminUsers() {
  return (
    <PageFrame
      title={<FormattedMessage id="admin.users.title" defaultMessage="User Management" />}
      intro={<FormattedMessage id="admin.users.intro" defaultMessage="Members, their roles and access." />}
    >
      <ComingSoon />
    </PageFrame>
  );
}
