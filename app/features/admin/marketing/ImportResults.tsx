// Import Results: Total Contacts (rows in the file), Imported, Skipped (and why), and the Errors
// list, each line 'Import error: {reason}'.
import { useId } from "react";
import { useIntl, type IntlShape } from "react-intl";
import type { ImportIssue, ImportResult } from "#contracts/admin/marketing.ts";
import { formatCount } from "../format";
import { marketingMessages as m } from "./messages";

function reasonOf(intl: IntlShape, issue: ImportIssue): string {
  switch (issue.code) {
    case "invalid_email":
      return intl.formatMessage(m.invalidEmail, { row: issue.row ?? 0, value: issue.value ?? "" });
    case "invalid_name":
      return intl.formatMessage(m.invalidName, { row: issue.row ?? 0, value: issue.value ?? "" });
    case "invalid_country":
      return intl.formatMessage(m.invalidCountry, { row: issue.row ?? 0, value: issue.value ?? "" });
    case "invalid_tags":
      return intl.formatMessage(m.invalidTags, { row: issue.row ?? 0, value: issue.value ?? "" });
    case "not_saved":
      return intl.formatMessage(m.notSaved, { rows: issue.value ?? "" });
    default:
      return intl.formatMessage(m.unknownError);
  }
}

export function ImportResults({ result }: { result: ImportResult }) {
  const intl = useIntl();
  const headingId = useId();
  const unlisted = result.errorCount - result.errors.length;
  const figures = [
    [m.totalContacts, result.total],
    [m.imported, result.imported],
    [m.skipped, result.skipped],
    [m.errors, result.errorCount],
  ] as const;
  return (
    <section className="card marketing-results" aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-section-title">
        {intl.formatMessage(m.results)}
      </h2>
      <dl className="admin-figures">
        {figures.map(([label, value]) => (
          <div key={label.id}>
            <dt>{intl.formatMessage(label)}</dt>
            <dd>{formatCount(intl, value)}</dd>
          </div>
        ))}
      </dl>
      {result.skipped > 0 && (
        <p className="muted admin-note">
          {intl.formatMessage(m.skippedDetail, {
            blank: result.skippedReasons.blankEmail,
            duplicate: result.skippedReasons.duplicateInFile,
            listed: result.skippedReasons.alreadyListed,
          })}
        </p>
      )}
      <h3 className="marketing-errors-title">{intl.formatMessage(m.errors)}</h3>
      {result.errors.length === 0 ? (
        <p className="muted admin-note">{intl.formatMessage(m.noErrors)}</p>
      ) : (
        <ul className="marketing-errors">
          {result.errors.map((issue, index) => (
            <li key={`${issue.code}-${issue.row ?? issue.value}-${index}`}>{intl.formatMessage(m.importError, { reason: reasonOf(intl, issue) })}</li>
          ))}
          {unlisted > 0 && <li className="muted">{intl.formatMessage(m.moreErrors, { count: unlisted })}</li>}
        </ul>
      )}
    </section>
  );
}
