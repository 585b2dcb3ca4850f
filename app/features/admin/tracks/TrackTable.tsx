// The per-track table: every column sorts from a button in its heading (aria-sort tells which).
import { useId, useMemo, useState } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import type { TrackStatsRow } from "#contracts/admin/analytics.ts";
import { formatAverage, formatCount, formatMoment } from "../format";
import { commonMessages } from "../messages";
import { tracksMessages as m } from "./messages";
import { nextSort, sortTracks, type TrackSort, type TrackSortKey } from "./sort";

const COLUMNS: { key: TrackSortKey; label: MessageDescriptor; numeric?: boolean }[] = [
  { key: "title", label: m.track },
  { key: "albumTitle", label: m.album },
  { key: "totalPlays", label: m.plays, numeric: true },
  { key: "previewPlays", label: m.previewPlays, numeric: true },
  { key: "dailyAvg", label: m.dailyAvg, numeric: true },
  { key: "weeklyAvg", label: m.weeklyAvg, numeric: true },
  { key: "monthlyAvg", label: m.monthlyAvg, numeric: true },
  { key: "lastPlayed", label: m.lastPlayedCol },
];

export function TrackTable({ tracks }: { tracks: TrackStatsRow[] }) {
  const intl = useIntl();
  const headingId = useId();
  const hintId = useId();
  const [sort, setSort] = useState<TrackSort>({ key: "totalPlays", direction: "descending" });
  const rows = useMemo(() => sortTracks(tracks, sort, intl.locale), [tracks, sort, intl.locale]);

  return (
    <section className="card admin-top" aria-labelledby={headingId}>
      <h2 id={headingId}>{intl.formatMessage(m.tableTitle)}</h2>
      <p id={hintId} className="muted admin-note">
        {intl.formatMessage(m.sortHint)}
      </p>
      <div className="table-wrap">
        <table className="table admin-track-table" aria-labelledby={headingId} aria-describedby={hintId}>
          <thead>
            <tr>
              {COLUMNS.map((column) => {
                const active = sort.key === column.key;
                return (
                  <th key={column.key} scope="col" aria-sort={active ? sort.direction : undefined} className={column.numeric ? "admin-num" : undefined}>
                    <button type="button" className="admin-sort" onClick={() => setSort(nextSort(sort, column.key))}>
                      {intl.formatMessage(column.label)}
                      <span aria-hidden="true" className="admin-sort-mark">
                        {active ? (sort.direction === "ascending" ? "▲" : "▼") : "↕"}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.trackId}>
                <th scope="row">{row.title}</th>
                <td>{row.albumTitle}</td>
                <td className="admin-num">{formatCount(intl, row.totalPlays)}</td>
                <td className="admin-num">{formatCount(intl, row.previewPlays)}</td>
                <td className="admin-num">{formatAverage(intl, row.dailyAvg)}</td>
                <td className="admin-num">{formatAverage(intl, row.weeklyAvg)}</td>
                <td className="admin-num">{formatAverage(intl, row.monthlyAvg)}</td>
                <td>
                  {row.lastPlayed ? <time dateTime={row.lastPlayed}>{formatMoment(intl, row.lastPlayed)}</time> : intl.formatMessage(commonMessages.never)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
