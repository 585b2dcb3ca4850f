import { createFileRoute } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { ComingSoon } from "../../components/ComingSoon";
import { PageFrame } from "../../components/PageFrame";

export const Route = createFileRoute("/admin/marketing")({ component: AdminMarketing });

function AdminMarketing() {
  return (
    <PageFrame
      title={<FormattedMessage id="admin.marketing.title" defaultMessage="Marketing" />}
      intro={<FormattedMessage id="admin.marketing.intro" defaultMessage="Marketing contacts: import, export and subscribers." />}
    >
      <ComingSoon />
    </PageFrame>
  );
}
