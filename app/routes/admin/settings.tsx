import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { ComingSoon } from "../../components/ComingSoon";
import { PageFrame } from "../../components/PageFrame";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/admin/settings")({ component: AdminSettings });

const meta = defineMessages({
  title: { id: "meta.admin.settings.title", defaultMessage: "Admin: Settings" },
});

function AdminSettings() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="admin.settings.title" defaultMessage="Settings" />}
      intro={<FormattedMessage id="admin.settings.intro" defaultMessage="Site settings and notification preferences." />}
    >
      <ComingSoon />
    </PageFrame>
  );
}
