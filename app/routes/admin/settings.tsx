import { createFileRoute } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { ComingSoon } from "../../components/ComingSoon";
import { PageFrame } from "../../components/PageFrame";

export const Route = createFileRoute("/admin/settings")({ component: AdminSettings });

function AdminSettings() {
  return (
    <PageFrame
      title={<FormattedMessage id="admin.settings.title" defaultMessage="Settings" />}
      intro={<FormattedMessage id="admin.settings.intro" defaultMessage="Site settings and notification preferences." />}
    >
      <ComingSoon />
    </PageFrame>
  );
}
