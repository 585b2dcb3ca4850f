// What an import did: rows read, imported, skipped and refused, then each skipped and refused
// row with its row number in the file and the reason, in the page's language.
import { useIntl, type IntlShape } from "react-intl";
import type { ImportRowIssue } from "#contracts/tickets/admin.ts";
import type { ImportTotals } from "./import-run";
import { rowCodeMessages, ticketsMessages as m } from "./messages";

/** Rows listed at most per list; a file of thousands of bad rows is summed up, not printed. */
const LISTED = 200;

function rowText(intl: IntlShape, issue: ImportRowIssue) {
  const reason = rowCodeMessages[issue.code] ? intl.formatMessage(rowCodeMessages[issue.code]) : issue.message;
  const value = issue.value ? intl.formatMessage(m.importValue, { value: issue.value }) : "";
  return intl.formatMessage(m.importRow, { row: issue.row, reason, value });
}

function IssueList({ title, issues }: { title: string; issues: ImportRowIssue[] }) {
  const intl = useIntl();
  if (issues.length === 0) return null;
  return (
    <section className="tickets-issues">
      <h3>{title}</h3>
      <ul>
        {issues.slice(0, LISTED).map((issue, i) => (
          <li key={`${issue.row}-${issue.code}-${i}`}>{rowText(intl, issue)}</li>
        ))}
      </ul>
      {issues.length > LISTED && <p className="muted">{intl.formatMessage(m.importMore, { count: issues.length - LISTED })}</p>}
    </section>
  );
}

export function ImportResults({ totals }: { totals: ImportTotals }) {
  const intl = useIntl();
  const figures: [string, number][] = [
    [intl.formatMessage(m.importRows), totals.rows],
    [intl.formatMessage(m.importImported), totals.imported],
    [intl.formatMessage(m.importSkipped), totals.skipped],
    [intl.formatMessage(m.importErrors), totals.failed],
  ];
  return (
    <section className="tickets-results" aria-label={intl.formatMessage(m.importResults)}>
      <h3>{intl.formatMessage(m.importResults)}</h3>
      <dl className="tickets-figures">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{intl.formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
      {totals.errors.length === 0 && <p className="muted">{intl.formatMessage(m.importNoErrors)}</p>}
      <IssueList title={intl.formatMessage(m.importErrorList)} issues={totals.errors} />
      <IssueList title={intl.formatMessage(m.importSkippedList)} issues={totals.skips} />
    </section>
  );
}
