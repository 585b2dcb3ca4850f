// The remixers' shares of released remixes' sales (decision 197): a period in UTC days (this month
// so far at first), per remixer and currency the sales, the share owed, what refunds took back and
// the net, and the same as a CSV for paying them.
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { QueryState } from "../../../components/QueryState";
import { ColumnsTable } from "./ColumnsTable";
import { releaseMessages as m } from "./messages";
import { remixSharesCsvUrl, remixSharesQueryOptions, type SharesPeriod } from "./release-queries";

const today = () => new Date().toISOString().slice(0, 10);

export function RemixSharesPanel() {
  const intl = useIntl();
  const [period, setPeriod] = useState<SharesPeriod>(() => ({ from: `${today().slice(0, 7)}-01`, to: today() }));
  const query = useQuery(remixSharesQueryOptions(period));
  const money = (cents: number, currency: string) => intl.formatNumber(cents / 100, { style: "currency", currency: currency.toUpperCase() });
  return (
    <section aria-labelledby="remix-shares-title" className="admin-contests-shares">
      <h2 id="remix-shares-title">{intl.formatMessage(m.sharesTitle)}</h2>
      <div className="admin-contests-toolbar">
        <label>
          {intl.formatMessage(m.sharesFrom)}
          <input type="date" value={period.from} onChange={(e) => e.target.value && setPeriod((p) => ({ ...p, from: e.target.value }))} />
        </label>
        <label>
          {intl.formatMessage(m.sharesTo)}
          <input type="date" value={period.to} onChange={(e) => e.target.value && setPeriod((p) => ({ ...p, to: e.target.value }))} />
        </label>
        <a className="btn" href={remixSharesCsvUrl(period)} download>
          {intl.formatMessage(m.sharesCsv)}
        </a>
      </div>
      <QueryState query={query} loading={intl.formatMessage(m.sharesLoading)} failed={intl.formatMessage(m.sharesLoadFailed)}>
        {({ rows }) =>
          rows.length === 0 ? (
            <p className="muted">{intl.formatMessage(m.sharesEmpty)}</p>
          ) : (
            <ColumnsTable
              caption={intl.formatMessage(m.sharesCaption)}
              columns={[m.colRemixer, m.colSales, m.colOwed, m.colTakenBack, m.colNet].map((c) => intl.formatMessage(c))}
            >
              {rows.map((r) => (
                <tr key={`${r.username ?? ""}:${r.currency}`}>
                  <th scope="row">{r.username ?? intl.formatMessage(m.deletedAccount)}</th>
                  <td>{intl.formatNumber(r.sales)}</td>
                  <td>{money(r.owedCents, r.currency)}</td>
                  <td>{money(r.takenBackCents, r.currency)}</td>
                  <td>{money(r.netCents, r.currency)}</td>
                </tr>
              ))}
            </ColumnsTable>
          )
        }
      </QueryState>
    </section>
  );
}
