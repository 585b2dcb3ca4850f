// /admin/store, the Pre-orders tab (decision 118): per album, how many orders bought it before its
// release time and, per currency, what they paid, what partial refunds gave back and the net, as
// the Worker counts them from its own rows.
import { useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { EmptyState } from "../../../components/EmptyState";
import { QueryState } from "../../../components/QueryState";
import { priceLabel } from "./money";
import { storeAdminMessages as m } from "./messages";
import { preorderFiguresQueryOptions } from "./queries";
import type { PreorderFigures } from "#contracts/store/admin.ts";

type Revenue = PreorderFigures["revenue"][number];

export function PreordersPanel() {
  const intl = useIntl();
  const query = useQuery(preorderFiguresQueryOptions());
  /** One figure in every currency the album sold in: "R$ 60.00 · $22.00". */
  const amounts = (revenue: Revenue[], cents: (r: Revenue) => number) => revenue.map((r) => priceLabel(cents(r), r.currency, intl.locale)).join(" · ");
  return (
    <section className="admin-store-preorders" aria-label={intl.formatMessage(m.preordersTitle)}>
      <QueryState query={query} loading={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.loadFailed)} retry={intl.formatMessage(m.retry)}>
        {({ releases }) =>
          releases.length === 0 ? (
            <EmptyState title={intl.formatMessage(m.preordersEmpty)} />
          ) : (
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{intl.formatMessage(m.preordersRelease)}</th>
                  <th scope="col">{intl.formatMessage(m.preordersOut)}</th>
                  <th scope="col">{intl.formatMessage(m.preordersOrders)}</th>
                  <th scope="col">{intl.formatMessage(m.preordersSold)}</th>
                  <th scope="col">{intl.formatMessage(m.preordersRefunded)}</th>
                  <th scope="col">{intl.formatMessage(m.preordersNet)}</th>
                </tr>
              </thead>
              <tbody>
                {releases.map((r) => (
                  <tr key={r.albumId}>
                    <th scope="row">{r.title}</th>
                    <td>
                      {r.releaseAt ? intl.formatDate(r.releaseAt, { dateStyle: "medium", timeStyle: "short" }) : ""}
                      {r.out && <span className="muted"> · {intl.formatMessage(m.preordersUnlocked)}</span>}
                    </td>
                    <td>{intl.formatNumber(r.orders)}</td>
                    <td>{amounts(r.revenue, (x) => x.soldCents)}</td>
                    <td>{amounts(r.revenue, (x) => x.refundedCents)}</td>
                    <td>{amounts(r.revenue, (x) => x.netCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </QueryState>
    </section>
  );
}
