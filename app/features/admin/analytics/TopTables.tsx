// The most viewed pages and the sites visitors came from, for the chosen period.
import { useId, type ReactNode } from "react";
import { useIntl } from "react-intl";
import type { AnalyticsResponse } from "#contracts/admin/analytics.ts";
import { formatCount } from "../format";
import { analyticsMessages as m } from "./messages";

function TableSection({ title, empty, isEmpty, children }: { title: string; empty: string; isEmpty: boolean; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="card admin-top" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {isEmpty ? <p className="muted">{empty}</p> : <div className="table-wrap">{children}</div>}
    </section>
  );
}

export function TopPages({ pages }: { pages: AnalyticsResponse["topPages"] }) {
  const intl = useIntl();
  const title = intl.formatMessage(m.topPages);
  return (
    <TableSection title={title} empty={intl.formatMessage(m.noPages)} isEmpty={pages.length === 0}>
      <table className="table">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.page)}</th>
            <th scope="col">{intl.formatMessage(m.views)}</th>
            <th scope="col">{intl.formatMessage(m.uniqueVisitors)}</th>
          </tr>
        </thead>
        <tbody>
          {pages.map((page) => (
            <tr key={page.path}>
              <th scope="row" className="admin-path">
                {page.path}
              </th>
              <td>{formatCount(intl, page.pageViews)}</td>
              <td>{formatCount(intl, page.visitors)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableSection>
  );
}

export function TopReferrers({ referrers }: { referrers: AnalyticsResponse["topReferrers"] }) {
  const intl = useIntl();
  const title = intl.formatMessage(m.topReferrers);
  return (
    <TableSection title={title} empty={intl.formatMessage(m.noReferrers)} isEmpty={referrers.length === 0}>
      <table className="table">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.source)}</th>
            <th scope="col">{intl.formatMessage(m.views)}</th>
          </tr>
        </thead>
        <tbody>
          {referrers.map((referrer) => (
            <tr key={referrer.host ?? ""}>
              <th scope="row">{referrer.host ?? intl.formatMessage(m.direct)}</th>
              <td>{formatCount(intl, referrer.pageViews)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableSection>
  );
}
