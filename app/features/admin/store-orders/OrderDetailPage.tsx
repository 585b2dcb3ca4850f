// One order: its status and actions (Mark shipped, Refund), its facts, its lines and amounts, and
// its history. After an action the page says what happened; a refund in live mode shows as
// pending until the payment provider's event confirms it.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import type { OrderDetail } from "#contracts/store/admin-orders.ts";
import { ApiRequestError } from "../../../lib/api";
import { QueryState } from "../../../components/QueryState";
import { ordersMessages as m } from "./messages";
import { orderQueryOptions } from "./queries";
import { OrderFacts } from "./OrderFacts";
import { OrderHistory } from "./OrderHistory";
import { OrderLines } from "./OrderLines";
import { StatusBadge } from "./OrdersTable";
import { RefundDialog } from "./RefundDialog";
import { ShipDialog } from "./ShipDialog";
import "../admin.css";
import "./store-orders.css";

export function OrderDetailPage({ id }: { id: string }) {
  const intl = useIntl();
  const order = useQuery(orderQueryOptions(id));
  const missing = order.error instanceof ApiRequestError && order.error.status === 404;
  return (
    <div className="admin-page orders-detail">
      <p>
        <Link to="/admin/store/orders">← {intl.formatMessage(m.back)}</Link>
      </p>
      {missing ? (
        <p role="alert">{intl.formatMessage(m.detailNotFound)}</p>
      ) : (
        <QueryState query={order} loading={intl.formatMessage(m.detailLoading)} failed={intl.formatMessage(m.detailFailed)} retry={intl.formatMessage(m.retry)}>
          {({ order: detail }) => <Order order={detail} />}
        </QueryState>
      )}
    </div>
  );
}

/** The order can be marked shipped: it holds something to ship, is paid, and has not gone yet. */
const canShip = (o: OrderDetail) => o.physical && !o.shippedAt && (o.status === "paid" || o.status === "partially_refunded");
const canRefund = (o: OrderDetail) => o.paymentIntentId !== null && o.refundableCents > 0;

function Order({ order }: { order: OrderDetail }) {
  const intl = useIntl();
  const [dialog, setDialog] = useState<"ship" | "refund" | null>(null);
  const [notice, setNotice] = useState<MessageDescriptor | null>(null);
  return (
    <>
      <header className="orders-detail-head">
        <h2>
          {intl.formatMessage(m.orderTitle, { number: String(order.number) })} <StatusBadge status={order.status} />
        </h2>
        <div className="orders-actions">
          {canShip(order) && (
            <button type="button" className="btn btn-primary" onClick={() => setDialog("ship")}>
              {intl.formatMessage(m.markShipped)}
            </button>
          )}
          {canRefund(order) && (
            <button type="button" className="btn btn-danger" onClick={() => setDialog("refund")}>
              {intl.formatMessage(m.refundButton)}
            </button>
          )}
        </div>
      </header>
      <p role="status" className="orders-notice">
        {notice && intl.formatMessage(notice)}
      </p>
      <div className="orders-detail-grid">
        <section className="card">
          <OrderFacts order={order} />
        </section>
        <OrderHistory order={order} />
      </div>
      <OrderLines order={order} />

      {dialog === "ship" && (
        <ShipDialog
          orderId={order.id}
          number={order.number}
          onClose={() => setDialog(null)}
          onShipped={({ mailed }) => {
            setDialog(null);
            setNotice(mailed ? m.shipDone : m.shipNotMailed);
          }}
        />
      )}
      {dialog === "refund" && (
        <RefundDialog
          order={order}
          onClose={() => setDialog(null)}
          onRefunded={({ order: after }) => {
            setDialog(null);
            setNotice(after.pendingRefundCents > 0 ? m.refundPendingDone : m.refundDone);
          }}
        />
      )}
    </>
  );
}
