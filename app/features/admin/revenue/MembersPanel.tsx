// VIP members gained and lost per day (or month), as bars and as a table with where they came from.
import { lazy, useMemo } from "react";
import { useIntl } from "react-intl";
import type { RevenueResponse } from "#contracts/admin/revenue.ts";
import { ChartPanel } from "../components/ChartPanel";
import { formatCount } from "../format";
import { revenueMessages as m } from "./messages";
import { labelled } from "./rows";

const MembersChart = lazy(() => import("./charts").then((module) => ({ default: module.MembersChart })));

export function MembersPanel({ members, monthly }: { members: RevenueResponse["members"]; monthly: boolean }) {
  const intl = useIntl();
  const rows = useMemo(() => (monthly ? labelled(intl, members.months) : labelled(intl, members.days)), [members, monthly, intl]);
  const count = (value: number) => formatCount(intl, value);
  const labels = { gained: intl.formatMessage(m.gainedColumn), lost: intl.formatMessage(m.lostColumn) };
  return (
    <ChartPanel
      title={intl.formatMessage(m.membersTitle)}
      summary={intl.formatMessage(m.membersSummary, { gained: members.totals.gained, lost: members.totals.lost })}
      chart={<MembersChart data={rows.map((r) => ({ label: r.axis, gained: r.gained, lost: r.lost }))} labels={labels} formatCount={count} />}
      table={
        <table className="table">
          <caption>{intl.formatMessage(m.membersNote)}</caption>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(monthly ? m.month : m.date)}</th>
              <th scope="col">{labels.gained}</th>
              <th scope="col">{labels.lost}</th>
              <th scope="col">{intl.formatMessage(m.subscriptionsStarted)}</th>
              <th scope="col">{intl.formatMessage(m.subscriptionsEnded)}</th>
              <th scope="col">{intl.formatMessage(m.compsGranted)}</th>
              <th scope="col">{intl.formatMessage(m.compsEnded)}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">
                  <time dateTime={row.key}>{row.long}</time>
                </th>
                <td>{count(row.gained)}</td>
                <td>{count(row.lost)}</td>
                <td>{count(row.subscriptionsStarted)}</td>
                <td>{count(row.subscriptionsEnded)}</td>
                <td>{count(row.compsGranted)}</td>
                <td>{count(row.compsEnded)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
