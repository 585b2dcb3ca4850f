// The member's orders, newest first: number, date, status badge, lines, total (and what was
// refunded), and for a shipped one the carrier, tracking number and a link to follow the parcel. A
// ticket order's lines are its shows (title in the page's language, start in the event's own zone)
// with the tickets of each type.
import { useIntl } from "react-intl";
import type { CollectionOrder, CollectionOrderTickets } from "#contracts/store/collection.ts";
import { formatMoney } from "#contracts/store/model.ts";
import { formatWhen, taxPlaceName } from "../../lib/intlFormat";
import { collectionMessages as m, orderStatusMessages } from "./messages";

/** Only a web address the browser can open as a page is a link. */
const isWebLink = (url: string) => /^https?:\/\//i.test(url);

export function OrdersList({ orders }: { orders: CollectionOrder[] }) {
  return (
    <ul className="collection-orders">
      {orders.map((order) => (
        <li key={order.id}>
          <OrderCard order={order} />
        </li>
      ))}
    </ul>
  );
}

function OrderCard({ order }: { order: CollectionOrder }) {
  const intl = useIntl();
  const money = (cents: number) => formatMoney(cents, order.currency, intl.locale);
  const headingId = `order-${order.id}`;
  return (
    <article className="card collection-order" aria-labelledby={headingId}>
      <header className="collection-order-head">
        <h3 id={headingId}>{intl.formatMessage(m.orderTitle, { number: order.number })}</h3>
        <span className={`badge collection-status collection-status-${order.status}`}>{intl.formatMessage(orderStatusMessages[order.status])}</span>
      </header>
      <p className="muted">{intl.formatMessage(m.orderPaid, { date: intl.formatDate(order.paidAt, { dateStyle: "medium" }) })}</p>
      {showsOf(order.tickets).map((show) => (
        <ShowTickets key={show[0]!.eventId} tickets={show} money={money} />
      ))}
      <ul className="collection-order-lines">
        {order.lines.map((line, i) => (
          <li key={i}>
            <span>
              {intl.formatMessage(m.orderLine, { quantity: line.quantity, title: line.title })}
              {line.variantLabel && <span className="muted"> · {line.variantLabel}</span>}
              {line.shipsFrom && (
                <span className="muted collection-ships-from">
                  {" "}
                  · {intl.formatMessage(m.shipsFrom, { date: intl.formatDate(line.shipsFrom, { dateStyle: "medium", timeZone: "UTC" }) })}
                </span>
              )}
            </span>
            <span>{money(line.totalCents)}</span>
          </li>
        ))}
      </ul>
      {order.tax && <OrderTaxLine tax={order.tax} money={money} />}
      <p className="collection-order-total">
        <strong>{intl.formatMessage(m.orderTotal, { total: money(order.totalCents) })}</strong>
        {order.refundedCents > 0 && <span className="muted"> · {intl.formatMessage(m.orderRefunded, { amount: money(order.refundedCents) })}</span>}
      </p>
      {order.carrier && order.trackingNumber && (
        <p className="collection-tracking">
          {intl.formatMessage(m.shippedWith, { carrier: order.carrier, number: order.trackingNumber })}
          {order.trackingUrl && isWebLink(order.trackingUrl) && (
            <>
              {" "}
              <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer">
                {intl.formatMessage(m.tracking)} <span className="sr-only">{intl.formatMessage(m.newTab)}</span>
              </a>
            </>
          )}
        </p>
      )}
    </article>
  );
}

/** The order's tax (decision 093): added to the total, included in it, or not collected where the buyer is. */
function OrderTaxLine({ tax, money }: { tax: NonNullable<CollectionOrder["tax"]>; money: (cents: number) => string }) {
  const intl = useIntl();
  const place = tax.place ? taxPlaceName(tax.place, intl.locale) : "";
  const text =
    tax.status === "not_collected"
      ? intl.formatMessage(m.orderTaxNotCollected)
      : intl.formatMessage(tax.behavior === "inclusive" ? m.orderTaxIncluded : m.orderTaxAdded, { place, amount: money(tax.cents) });
  return (
    <p className="collection-order-tax muted">
      {text}
      {tax.buyerTaxId && <> · {intl.formatMessage(m.orderTaxId, { id: tax.buyerTaxId })}</>}
    </p>
  );
}

/** The order's tickets, one group per show, in the order the Worker gave (soonest show first). */
function showsOf(tickets: CollectionOrderTickets[]): CollectionOrderTickets[][] {
  const shows = new Map<string, CollectionOrderTickets[]>();
  for (const t of tickets) shows.set(t.eventId, [...(shows.get(t.eventId) ?? []), t]);
  return [...shows.values()];
}

function ShowTickets({ tickets, money }: { tickets: CollectionOrderTickets[]; money: (cents: number) => string }) {
  const intl = useIntl();
  const ptBr = intl.locale === "pt-BR";
  const show = tickets[0]!;
  const when = formatWhen(show.startsAt, intl.locale, show.timeZone);
  return (
    <div className="collection-order-show">
      <p>
        <strong>{(ptBr && show.eventTitlePtBr) || show.eventTitle}</strong>
        <span className="muted">
          {" · "}
          <time dateTime={show.startsAt}>{`${when.date}, ${when.time}`}</time>
        </span>
      </p>
      <ul className="collection-order-lines">
        {tickets.map((t) => (
          <li key={t.typeName}>
            <span>{intl.formatMessage(m.orderLine, { quantity: t.quantity, title: (ptBr && t.typeNamePtBr) || t.typeName })}</span>
            <span>{money(t.totalCents)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
