// /admin/marketing: the mailing list's figures, its CSV import and export, the last import's
// results, and the contacts newest first.
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useIntl } from "react-intl";
import { QueryState } from "../../../components/QueryState";
import type { ImportResult } from "#contracts/admin/marketing.ts";
import { StatCard } from "../components/StatCard";
import { formatCount } from "../format";
import { commonMessages } from "../messages";
import { ImportExport } from "./ImportExport";
import { ImportResults } from "./ImportResults";
import { marketingMessages as m } from "./messages";
import { summaryQueryOptions } from "./queries";
import { SubscribersTable } from "./SubscribersTable";
import "../admin.css";
import "./marketing.css";

export function MarketingPage() {
  const [result, setResult] = useState<ImportResult | null>(null);
  return (
    <div className="admin-page">
      <Figures />
      <ImportExport onImported={setResult} />
      {result && <ImportResults result={result} />}
      <SubscribersTable />
    </div>
  );
}

function Figures() {
  const intl = useIntl();
  const headingId = useId();
  const summary = useQuery(summaryQueryOptions());
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="sr-only">
        {intl.formatMessage(m.figures)}
      </h2>
      <QueryState
        query={summary}
        loading={intl.formatMessage(m.loadingFigures)}
        failed={intl.formatMessage(m.figuresFailed)}
        retry={intl.formatMessage(commonMessages.retry)}
      >
        {(figures) => (
          <div className="grid admin-stats">
            <StatCard label={intl.formatMessage(m.totalContacts)} value={formatCount(intl, figures.totalContacts)} />
            <StatCard label={intl.formatMessage(m.subscribers)} value={formatCount(intl, figures.subscribers)} />
            <StatCard label={intl.formatMessage(m.last30Days)} value={formatCount(intl, figures.last30Days)} />
          </div>
        )}
      </QueryState>
    </section>
  );
}
