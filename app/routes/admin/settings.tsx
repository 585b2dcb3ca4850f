import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import { SettingsPage } from "../../features/admin/settings/SettingsPage";
import { TaxSettingsSection } from "../../features/admin/tax/TaxSettingsSection";
import { OffersSettingsSection } from "../../features/admin/offers/OffersSettingsSection";
import { RetentionSettingsSection } from "../../features/admin/offers/RetentionSettingsSection";
import { adminSettingsQueryOptions } from "../../features/admin/settings/queries";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/admin/settings")({
  // Prefetch without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(adminSettingsQueryOptions()),
  component: AdminSettings,
});

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
      <SettingsPage />
      {/* Where the artist collects sales tax and VAT (decision 093): its own section, saved on its own. */}
      <div className="settings-page">
        <TaxSettingsSection />
      </div>
      {/* Upgrade and win-back offers (decision 101): their own section, saved on their own. */}
      <div className="settings-page">
        <OffersSettingsSection />
      </div>
      {/* The retention offer at cancel (decision 103): its own section, saved on its own. */}
      <div className="settings-page">
        <RetentionSettingsSection />
      </div>
    </PageFrame>
  );
}
