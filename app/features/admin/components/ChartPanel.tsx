// A chart with its figures as a table behind it: the table is always there for screen readers
// and can be shown to everyone, so the chart is never the only way to read the data. The chart
// itself is one labelled image (nothing inside it takes focus) and loads after the rest of the page.
import { Suspense, useId, useState, type ReactNode } from "react";
import { useIntl } from "react-intl";
import { commonMessages } from "../messages";

export function ChartPanel({ title, summary, chart, table }: { title: ReactNode; summary: string; chart: ReactNode; table: ReactNode }) {
  const intl = useIntl();
  const headingId = useId();
  const tableId = useId();
  const [showTable, setShowTable] = useState(false);
  return (
    <section className="card admin-chart" aria-labelledby={headingId}>
      <div className="admin-section-head">
        <h2 id={headingId}>{title}</h2>
        <button type="button" className="btn btn-ghost btn-sm" aria-pressed={showTable} aria-controls={tableId} onClick={() => setShowTable(!showTable)}>
          {intl.formatMessage(commonMessages.showTable)}
        </button>
      </div>
      <div className="admin-chart-canvas" role="img" aria-label={summary}>
        <Suspense fallback={<p className="muted admin-chart-pending">{intl.formatMessage(commonMessages.loadingChart)}</p>}>{chart}</Suspense>
      </div>
      <div id={tableId} className={showTable ? "table-wrap admin-chart-table" : "sr-only"}>
        {table}
      </div>
    </section>
  );
}
