// The contests' table, latest opening first: each one's title in the admin's language, its track,
// phase, submitted entries and its opening and voting close in the admin's locale and time zone,
// with Edit and a link to its entries and results.
import { Link } from "@tanstack/react-router";
import { useIntl } from "react-intl";
import type { AdminContest } from "#contracts/contests/contests.ts";
import { formatCount, formatMoment } from "../format";
import { contestsAdminMessages as m } from "./messages";
import { contestTitleIn, phaseText } from "./phase";
import { ColumnsTable } from "./ColumnsTable";

type Props = { contests: AdminContest[]; onEdit: (contest: AdminContest) => void };

export function ContestTable({ contests, onEdit }: Props) {
  const intl = useIntl();
  return (
    <ColumnsTable
      className="admin-contests-table"
      caption={intl.formatMessage(m.caption)}
      columns={[m.colContest, m.colTrack, m.colPhase, m.colEntries, m.colDates, m.colActions].map((c) => intl.formatMessage(c))}
    >
      {contests.map((contest) => {
        const name = contestTitleIn(intl.locale, contest);
        return (
          <tr key={contest.id}>
            <th scope="row">{name}</th>
            <td>{contest.trackTitle}</td>
            <td>
              <span className="badge" data-phase={contest.resultsAt ? "results" : contest.phase}>
                {intl.formatMessage(phaseText(contest))}
              </span>
            </td>
            <td>{formatCount(intl, contest.entries)}</td>
            <td>{intl.formatMessage(m.dates, { opens: formatMoment(intl, contest.opensAt), closes: formatMoment(intl, contest.votingClosesAt) })}</td>
            <td>
              <div className="admin-contests-actions">
                <button type="button" className="btn btn-ghost btn-sm" aria-label={intl.formatMessage(m.editNamed, { name })} onClick={() => onEdit(contest)}>
                  {intl.formatMessage(m.edit)}
                </button>
                <Link
                  to="/admin/contests/$contestId"
                  params={{ contestId: contest.id }}
                  className="btn btn-ghost btn-sm"
                  aria-label={intl.formatMessage(m.entriesNamed, { name })}
                >
                  {intl.formatMessage(m.entriesLink)}
                </Link>
              </div>
            </td>
          </tr>
        );
      })}
    </ColumnsTable>
  );
}
