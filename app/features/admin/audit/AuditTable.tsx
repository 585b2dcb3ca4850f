// The audit entries: when, which admin, what action on which target, and what changed.
import { useIntl } from "react-intl";
import type { AuditEntryView } from "#contracts/admin/admin.ts";
import { formatMoment } from "../format";
import { auditMessages as m } from "./messages";
import { changeLines, MAX_CHANGE_LINES } from "./summary";
import { fieldLabel, noteText, valueText } from "./detail";
import { actionName } from "./actions";

export function AuditTable({ entries }: { entries: AuditEntryView[] }) {
  const intl = useIntl();
  return (
    <div className="table-wrap">
      <table className="table admin-audit-table">
        <caption className="sr-only">{intl.formatMessage(m.caption)}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.when)}</th>
            <th scope="col">{intl.formatMessage(m.adminCol)}</th>
            <th scope="col">{intl.formatMessage(m.actionCol)}</th>
            <th scope="col">{intl.formatMessage(m.target)}</th>
            <th scope="col">{intl.formatMessage(m.change)}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>
                <time dateTime={entry.createdAt}>{formatMoment(intl, entry.createdAt)}</time>
              </td>
              <td>{entry.actorEmail}</td>
              <td>
                <span title={entry.action}>{actionName(intl.locale, entry.action)}</span>
              </td>
              <td>{entry.targetId ? `${entry.targetType} ${entry.targetId}` : entry.targetType}</td>
              <td>
                <ChangeSummary summary={entry.summary} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ChangeSummary({ summary }: { summary: AuditEntryView["summary"] }) {
  const intl = useIntl();
  // Times in the admin's language and time zone (the browser's), as the When column.
  const lines = changeLines(summary, (epochMs) => formatMoment(intl, epochMs));
  const shown = lines.slice(0, MAX_CHANGE_LINES);
  const note = noteText(intl, summary);
  if (lines.length === 0 && !note) return <span className="muted">{intl.formatMessage(m.noDetails)}</span>;
  return (
    <div className="admin-change">
      {note && <p>{note}</p>}
      {shown.length > 0 && (
        <ul>
          {shown.map((line) => {
            const field = fieldLabel(intl, line.field);
            const after = line.after === undefined ? "" : valueText(intl, line.after);
            return (
              <li key={line.field}>
                {line.before === undefined
                  ? `${field}: ${after}`
                  : `${field}: ${valueText(intl, line.before)} → ${line.removed ? intl.formatMessage(m.removed) : after}`}
              </li>
            );
          })}
        </ul>
      )}
      {lines.length > shown.length && <p className="muted">{intl.formatMessage(m.more, { count: lines.length - shown.length })}</p>}
    </div>
  );
}
