import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { ComingSoon } from "../../components/ComingSoon";
import { PageFrame } from "../../components/PageFrame";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/admin/marketing")({ component: AdminMarketing });

const meta = defineMessages({
  title: { id: "meta.admin.marketing.title", defaultMessage: "Admin: Marketing" },
});

function AdminMarketing() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="admin.marketing.title" defaultMessage="Marketing" />}
      intro={<FormattedMessage id="admin.marketing.intro" defaultMessage="Marketing contacts: import, export and subscribers." />}
    >
      <ComingSoon />
    </PageFrame>
  );
}
