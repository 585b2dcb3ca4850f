// The tables beside the charts: the store's best sellers in the chosen currency, and MRR at the end
// of each month of the period.
import { useId, type ReactNode } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import type { CurrencyRevenue, RevenueResponse } from "#contracts/admin/revenue.ts";
import type { ProductKind } from "#contracts/store/model.ts";
import { formatCount } from "../format";
import { revenueMessages as m } from "./messages";
import { currencyCode, moneyText } from "./money";
import { formatMonth } from "./rows";

function TableSection({ title, note, empty, children }: { title: string; note: string; empty: string | null; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="card admin-top" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <p className="muted admin-note">{note}</p>
      {empty === null ? <div className="table-wrap">{children}</div> : <p className="muted">{empty}</p>}
    </section>
  );
}

const KIND_TEXT: Record<ProductKind, MessageDescriptor> = { digital: m.kindDigital, merch: m.kindMerch, gift_vip: m.kindGiftVip };

export function TopProducts({ figures }: { figures: CurrencyRevenue }) {
  const intl = useIntl();
  const title = intl.formatMessage(m.topTitle);
  const empty = figures.topProducts.length === 0 ? intl.formatMessage(m.noTopProducts, { currency: currencyCode(figures.currency) }) : null;
  return (
    <TableSection title={title} note={intl.formatMessage(m.topNote)} empty={empty}>
      <table className="table">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.product)}</th>
            <th scope="col">{intl.formatMessage(m.kind)}</th>
            <th scope="col">{intl.formatMessage(m.units)}</th>
            <th scope="col">{intl.formatMessage(m.revenue)}</th>
            <th scope="col">{intl.formatMessage(m.orders)}</th>
          </tr>
        </thead>
        <tbody>
          {figures.topProducts.map((product) => (
            <tr key={product.productId}>
              <th scope="row">{product.title}</th>
              <td>{intl.formatMessage(KIND_TEXT[product.kind])}</td>
              <td>{formatCount(intl, product.units)}</td>
              <td>{moneyText(intl, product.revenueCents, figures.currency)}</td>
              <td>{formatCount(intl, product.orders)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableSection>
  );
}

export function MrrTable({ mrr }: { mrr: RevenueResponse["mrr"] }) {
  const intl = useIntl();
  const title = intl.formatMessage(m.mrrTitle);
  const money = (cents: number) => moneyText(intl, cents, mrr.currency);
  const empty = mrr.monthEnds.length === 0 ? intl.formatMessage(m.noMonthEnds) : null;
  return (
    <TableSection title={title} note={intl.formatMessage(m.mrrNote)} empty={empty}>
      <table className="table">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.month)}</th>
            <th scope="col">{intl.formatMessage(m.subscriptions)}</th>
            <th scope="col">{intl.formatMessage(m.mrr)}</th>
          </tr>
        </thead>
        <tbody>
          {mrr.monthEnds.map((end) => (
            <tr key={end.month}>
              <th scope="row">{formatMonth(intl, end.month)}</th>
              <td>{formatCount(intl, end.subscriptions)}</td>
              <td>{money(end.cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted admin-note">{intl.formatMessage(m.now, { cents: money(mrr.cents.value) })}</p>
    </TableSection>
  );
}
