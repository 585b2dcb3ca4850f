// A contest's results once voting is over: each entry's place, remixer, the fans' votes and share,
// the jury's share and the weighted score, with a bar for the score. Asking for them after voting
// closes stores them if the five-minute job has not yet.
import { useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { QueryState } from "../../../components/QueryState";
import { ColumnsTable } from "./ColumnsTable";
import type { AdminContest } from "#contracts/contests/contests.ts";
import { formatCount, formatPercent } from "../format";
import { contestsAdminMessages as m } from "./messages";
import { contestResultsQueryOptions } from "./queries";

export function ResultsPanel({ contest }: { contest: AdminContest }) {
  const intl = useIntl();
  const over = contest.resultsAt !== null || contest.phase === "ended";
  const query = useQuery({ ...contestResultsQueryOptions(contest.id), enabled: over });
  return (
    <section className="admin-contests-results" aria-labelledby="contest-results-title">
      <h2 id="contest-results-title">{intl.formatMessage(m.resultsTitle)}</h2>
      {!over ? (
        <p className="muted">{intl.formatMessage(m.resultsNotOut)}</p>
      ) : (
        <QueryState
          query={query}
          loading={intl.formatMessage(m.resultsLoading)}
          failed={intl.formatMessage(m.resultsLoadFailed)}
          retry={intl.formatMessage(m.retry)}
        >
          {({ results }) =>
            results.length === 0 ? (
              <p className="muted">{intl.formatMessage(m.resultsEmpty)}</p>
            ) : (
              <ColumnsTable
                caption={intl.formatMessage(m.resultsCaption)}
                columns={[m.colPlace, m.colEntry, m.colRemixer, m.colVotes, m.colFanShare, m.colJuryShare, m.colScore].map((c) => intl.formatMessage(c))}
              >
                {results.map((r) => {
                  const score = formatPercent(intl, r.scorePercent);
                  return (
                    <tr key={r.entryId}>
                      <td>{intl.formatMessage(m.placeOf, { place: r.place })}</td>
                      <th scope="row">{r.title}</th>
                      <td>{r.remixer.username}</td>
                      <td>{formatCount(intl, r.fanVotes)}</td>
                      <td>{formatPercent(intl, r.fanSharePercent)}</td>
                      <td>{formatPercent(intl, r.jurySharePercent)}</td>
                      <td>
                        <div className="admin-contests-score">
                          <span className="admin-contests-bar" aria-hidden="true">
                            <span style={{ width: `${Math.min(100, Math.max(0, r.scorePercent))}%` }} />
                          </span>
                          <span>{score}</span>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </ColumnsTable>
            )
          }
        </QueryState>
      )}
    </section>
  );
}
