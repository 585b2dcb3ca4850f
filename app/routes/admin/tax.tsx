import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import { TaxReportPage } from "../../features/admin/tax/TaxReportPage";
import { presetRange, todayIn } from "../../features/admin/revenue/periods";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/admin/tax")({ component: AdminTax });

const meta = defineMessages({
  title: { id: "meta.admin.tax.title", defaultMessage: "Admin: Tax" },
});

function AdminTax() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="admin.tax.title" defaultMessage="Tax" />}
      intro={
        <FormattedMessage
          id="admin.tax.intro"
          defaultMessage="Sales tax and VAT collected, per place and period, for filing. Where you collect is set on the settings page."
        />
      }
    >
      <TaxReportPage initial={(tz) => presetRange("90d", todayIn(tz))} />
    </PageFrame>
  );
}
