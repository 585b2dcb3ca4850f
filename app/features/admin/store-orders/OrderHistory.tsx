// What happened to an order, oldest first: paid, shipped (by whom, with which carrier), each
// refund (by whom, or at the payment provider; pending until the provider confirms it).
import { useIntl } from "react-intl";
import type { OrderDetail, OrderHistoryEntry } from "#contracts/store/admin-orders.ts";
import { formatMoment } from "../format";
import { formatCents } from "./format";
import { ordersMessages as m } from "./messages";

export function OrderHistory({ order }: { order: OrderDetail }) {
  const intl = useIntl();
  return (
    <section className="card orders-history" aria-labelledby="order-history-title">
      <h2 id="order-history-title">{intl.formatMessage(m.historyTitle)}</h2>
      <ol>
        {order.history.map((entry, i) => (
          <li key={i} className={entry.kind === "refund" && !entry.confirmed ? "orders-history-pending" : undefined}>
            <time dateTime={entry.at}>{formatMoment(intl, entry.at)}</time> <span>{describe(intl, entry, order.currency)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function describe(intl: ReturnType<typeof useIntl>, entry: OrderHistoryEntry, currency: string): string {
  const by = (who: string | null) => (who ? ` ${intl.formatMessage(m.historyBy, { who })}` : "");
  switch (entry.kind) {
    case "paid":
      return intl.formatMessage(m.historyPaid, { amount: formatCents(intl, entry.amountCents, currency) });
    case "shipped":
      return intl.formatMessage(m.historyShipped, { carrier: entry.carrier ?? "—", number: entry.trackingNumber ?? "—" }) + by(entry.actorEmail);
    case "refund": {
      const text = intl.formatMessage(m.historyRefund, { amount: formatCents(intl, entry.amountCents, currency) });
      const who = entry.actorEmail ? by(entry.actorEmail) : ` ${intl.formatMessage(m.byProvider)}`;
      return `${text}${who}${entry.confirmed ? "" : ` (${intl.formatMessage(m.historyPending)})`}`;
    }
  }
}
