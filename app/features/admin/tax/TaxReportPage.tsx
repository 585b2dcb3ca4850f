// The back office's tax report (decision 093): tax per jurisdiction and currency over a period of
// dates in the admin's time zone, refunds deducted, and the same as a CSV file for filing.
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useIntl } from "react-intl";
import { formatMoney } from "#contracts/store/model.ts";
import { QueryState } from "../../../components/QueryState";
import { adminTimeZone } from "../queries";
import TaxMessages from "./messages?feature";
import { taxMessages as m, periodMessage } from "./messages";
import { taxReportPath, taxReportQueryOptions } from "./queries";

/** `initial`: the period first shown, in the admin's zone (the route works it out). */
export function TaxReportPage({ initial }: { initial: (tz: string) => { from: string; to: string } }) {
  return (
    <TaxMessages>
      <TaxReport initial={initial} />
    </TaxMessages>
  );
}

function TaxReport({ initial }: { initial: (tz: string) => { from: string; to: string } }) {
  const intl = useIntl();
  const tz = adminTimeZone();
  const [period, setPeriod] = useState(() => initial(tz));
  const ids = { from: useId(), to: useId() };
  const params = { ...period, tz };
  const query = useQuery(taxReportQueryOptions(params));
  return (
    <section className="card" aria-labelledby="tax-report-title">
      <h2 id="tax-report-title">{intl.formatMessage(m.reportTitle)}</h2>
      <div className="form tax-report-period">
        <label htmlFor={ids.from}>{intl.formatMessage(m.from)}</label>
        <input
          id={ids.from}
          type="date"
          value={period.from}
          max={period.to}
          onChange={(e) => e.target.value && setPeriod({ ...period, from: e.target.value })}
        />
        <label htmlFor={ids.to}>{intl.formatMessage(m.to)}</label>
        <input id={ids.to} type="date" value={period.to} min={period.from} onChange={(e) => e.target.value && setPeriod({ ...period, to: e.target.value })} />
        <a className="btn btn-ghost" href={taxReportPath(params, true)} download>
          {intl.formatMessage(m.download)}
        </a>
      </div>
      <QueryState query={query} loading={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.loadFailed)} retry={intl.formatMessage(m.retry)}>
        {(report) => (
          <>
            {report.mode === "local" && <p className="info-banner">{intl.formatMessage(m.localMode)}</p>}
            {report.rows.length === 0 ? (
              <p className="muted">{intl.formatMessage(m.empty)}</p>
            ) : (
              <div className="table-wrap">
                <table className="table">
                  <caption>
                    {intl.formatMessage(m.caption)} · {intl.formatMessage(periodMessage, { from: report.from, to: report.to })}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{intl.formatMessage(m.colJurisdiction)}</th>
                      <th scope="col">{intl.formatMessage(m.colCurrency)}</th>
                      <th scope="col">{intl.formatMessage(m.colPayments)}</th>
                      <th scope="col">{intl.formatMessage(m.colGross)}</th>
                      <th scope="col">{intl.formatMessage(m.colTax)}</th>
                      <th scope="col">{intl.formatMessage(m.colNet)}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.rows.map((r) => (
                      <tr key={`${r.jurisdiction}:${r.currency}`}>
                        <th scope="row">{r.jurisdiction}</th>
                        <td>{r.currency.toUpperCase()}</td>
                        <td>{intl.formatNumber(r.payments)}</td>
                        <td>{formatMoney(r.grossCents, r.currency, intl.locale)}</td>
                        <td>{formatMoney(r.taxCents, r.currency, intl.locale)}</td>
                        <td>{formatMoney(r.netCents, r.currency, intl.locale)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
