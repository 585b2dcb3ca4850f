// /api/admin/store/orders: the store's orders for administrators (the admin tree's gate runs first).
//   GET  /              ?search=&status=&product=&ships=&from=&to=&tz=&page=   a page of orders + totals per currency
//                       (ships=later: only orders with merch that ships from a later day, decision 118; now: the others)
//   GET  /export.csv    same filters                                     orders.csv, one row per line, streamed
//   GET  /:id           one order: lines, amounts, address, member, payment, history
//   POST /:id/ship      { carrier, carrierName?, trackingNumber, trackingUrl? }   once; the buyer is mailed
//   POST /:id/refunds   { amountCents, attemptId, giftTime? }   through the payment provider
// giftTime ("keep" | "revoke") is required while a redeemed gift code of the order is unsettled: the
// redeemer keeps what is left of that gift's VIP time, or it is taken back, once the provider accepted.
// A refund changes the order only when the provider's charge.refunded event arrives (fulfilment):
// the route answers once the provider accepted it, and the order shows it pending until then. In
// local mode the test checkout sends that event at once, so the answer already shows it refunded.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../../types";
import { validate } from "../../lib/validate";
import { conflict, routeError } from "../../lib/errors";
import { attachment, CSV_CONTENT_TYPE, csvStream } from "../../lib/csv";
import { zonedInstant, type Period } from "../../lib/ticket-periods";
import { toZonedIso } from "#contracts/time-zones.ts";
import { actorOf } from "../../middleware/guards";
import { exportOrderPages, findOrderDetail, findRefundableOrder, listOrders, type OrderFilters } from "../../db/store/admin-orders";
import { markOrderShipped, recordRefundRequest } from "../../db/store/admin-order-writes";
import { claimRefund, releaseRefund } from "../../db/refund-claims";
import { logOrderAccess } from "../../db/order-access-log";
import { createPaymentsService, PaymentProviderError, PaymentsConfigError } from "../../services/payments";
import { announceOrderShipped } from "../../services/store/order-shipped";
import { settleGiftTime } from "../../services/store/gift-refund";
import { storeOrders, storeRefunds } from "../../services/store/purchase";
import { disputesOf } from "../../db/payment-disputes";
import {
  CARRIER_NAMES,
  ORDER_EXPORT_BATCH,
  STORE_ORDER_MESSAGES,
  orderIdParamSchema,
  ordersQuerySchema,
  refundBodySchema,
  shipBodySchema,
  trackingUrlFor,
  type OrderDetail,
  type OrderDetailResponse,
  type OrdersListResponse,
  type OrdersQuery,
  type RefundResponse,
  type ShipResponse,
} from "#contracts/store/admin-orders.ts";
import { accessChanged } from "../../services/access-changed";

type Ctx = Context<HonoEnv>;

const orderNotFound = () => routeError("order_not_found");
const query = validate("query", ordersQuerySchema);
const idParam = validate("param", orderIdParamSchema);

/** The first instant of a calendar day (2026-11-25) in `zone`, `days` days later. */
function dayStart(day: string, zone: string, days = 0): number {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return zonedInstant(year, month - 1, date + days, 0, zone);
}

/** The latest instant a Date holds: a period without an end runs to it. */
const END_OF_TIME = 8.64e15;

function periodOf({ from, to, tz }: OrdersQuery): Period | null {
  if (!from && !to) return null;
  return { from: from ? dayStart(from, tz) : 0, to: to ? dayStart(to, tz, 1) : END_OF_TIME };
}

const filtersOf = (q: OrdersQuery): OrderFilters => ({ search: q.search, status: q.status, product: q.product, period: periodOf(q), ships: q.ships });

async function detailOf(c: Ctx, id: string): Promise<OrderDetail> {
  const [order, disputes] = await Promise.all([findOrderDetail(c.var.db, id), disputesOf(c.var.db, storeOrders.name, id)]);
  if (!order) throw orderNotFound();
  return { ...order, disputes: disputes.map(({ id: disputeId, type, status, outcome }) => ({ id: disputeId, type, status, outcome })) };
}

const EXPORT_HEADERS = [
  "Order",
  "Date",
  "E-mail",
  "Name",
  "Address line 1",
  "Address line 2",
  "City",
  "State",
  "Postal code",
  "Country",
  "SKU",
  "Title",
  "Variant",
  "Quantity",
  "Unit price",
  "Currency",
  "Status",
  "Carrier",
  "Tracking number",
  "Order total",
  "Tax",
  "Tax jurisdiction",
  "Buyer tax ID",
] as const;

type CsvRow = (string | number | null)[];

/** The export's rows, a page of orders at a time: one row per line, the order's facts on each. */
async function* exportRows(c: Ctx, q: OrdersQuery): AsyncGenerator<CsvRow[]> {
  for await (const page of exportOrderPages(c.var.db, filtersOf(q), ORDER_EXPORT_BATCH)) {
    yield page.flatMap(({ order: o, lines }) =>
      lines.map((line): CsvRow => {
        const a = o.address;
        return [
          o.number,
          toZonedIso(o.paidAt, q.tz),
          o.email,
          o.name,
          a?.line1 ?? null,
          a?.line2 ?? null,
          a?.city ?? null,
          a?.state ?? null,
          a?.postalCode ?? null,
          a?.country ?? null,
          line.sku,
          line.title,
          line.variantLabel,
          line.quantity,
          (line.unitCents / 100).toFixed(2),
          o.currency.toUpperCase(),
          o.status,
          o.carrier,
          o.trackingNumber,
          // The order's own amounts on each of its lines: the total paid and the tax in it.
          (o.totalCents / 100).toFixed(2),
          (o.taxCents / 100).toFixed(2),
          o.taxPlace,
          o.buyerTaxId,
        ];
      }),
    );
  }
}

export const adminStoreOrderRoutes = new Hono<HonoEnv>()
  .get("/", query, async (c) => {
    const q = c.req.valid("query");
    return c.json<OrdersListResponse>(await listOrders(c.var.db, filtersOf(q), q.page));
  })

  // Dates in the admin's zone with its offset (2026-11-25T14:30:00-03:00). Streamed: the file is
  // written as the browser reads it, a page of orders at a time.
  .get("/export.csv", query, (c) => {
    const stream = csvStream(EXPORT_HEADERS, exportRows(c, c.req.valid("query")));
    return c.body(stream, 200, { "Content-Type": CSV_CONTENT_TYPE, "Content-Disposition": attachment("orders.csv"), "Cache-Control": "no-store" });
  })

  .get("/:id", idParam, async (c) => c.json<OrderDetailResponse>({ order: await detailOf(c, c.req.valid("param").id) }))

  .post("/:id/ship", idParam, validate("json", shipBodySchema), async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const carrier = body.carrier === "other" ? (body.carrierName ?? "") : CARRIER_NAMES[body.carrier];
    const shipping = { carrier, trackingNumber: body.trackingNumber, trackingUrl: body.trackingUrl ?? trackingUrlFor(body.carrier, body.trackingNumber) };
    const outcome = await markOrderShipped(c.var.db, actorOf(c), id, shipping);
    if (outcome === "not_found") throw orderNotFound();
    if (outcome === "already_shipped") throw conflict(STORE_ORDER_MESSAGES.alreadyShipped, "order_already_shipped");
    if (outcome === "not_shippable") throw conflict(STORE_ORDER_MESSAGES.notShippable, "order_not_shippable");

    await logOrderAccess(c.var.db, id, {
      kind: "shipping",
      at: Date.now(),
      ip: null,
      detail: { carrier: shipping.carrier, trackingNumber: shipping.trackingNumber },
    });
    const order = await detailOf(c, id);
    const items = order.lines.filter((l) => l.kind === "merch").map(({ title, variantLabel, quantity }) => ({ title, variantLabel, quantity }));
    const shipped = { id, number: order.number, email: order.email, locale: order.locale, userId: order.member?.id ?? null, items, ...shipping };
    const mailed = await announceOrderShipped(c.env, c.var.db, shipped, new URL(c.req.url).origin);
    return c.json<ShipResponse>({ order, mailed });
  })

  .post("/:id/refunds", idParam, validate("json", refundBodySchema), async (c) => {
    const { id } = c.req.valid("param");
    const { amountCents, attemptId, giftTime } = c.req.valid("json");
    const order = await findRefundableOrder(c.var.db, id);
    if (!order) throw orderNotFound();
    const remaining = order.totalCents - order.refundedCents - order.pendingCents;
    if (!order.paymentIntentId || remaining <= 0) throw conflict(STORE_ORDER_MESSAGES.notRefundable, "order_not_refundable");
    if (amountCents > remaining) throw routeError("refund_over_remaining", { status: 400, field: "amountCents", params: { max: remaining } });
    if (order.giftTimeOpen && !giftTime) throw routeError("gift_time_required", { field: "giftTime" });

    let service;
    try {
      service = createPaymentsService(c.env, storeRefunds(c.var.db));
    } catch (err) {
      if (!(err instanceof PaymentsConfigError)) throw err;
      console.error(`payments: ${err.message}`);
      throw routeError("payments_unavailable");
    }
    // The amount is taken from the order before the provider is asked: a racing refund finds it gone.
    // One refund per attempt: a retried request is the same claim and the same refund at the provider.
    const key = `order-refund:${id}:${attemptId}`;
    const claim = await claimRefund(c.var.db, id, key, amountCents);
    if (!claim) throw orderNotFound();
    if (!claim.claimed) {
      if (claim.leftCents <= 0) throw conflict(STORE_ORDER_MESSAGES.notRefundable, "order_not_refundable");
      throw routeError("refund_over_remaining", { status: 409, field: "amountCents", params: { max: claim.leftCents } });
    }
    let refund;
    try {
      refund = await service.refund({ paymentIntentId: order.paymentIntentId, amountCents, idempotencyKey: key });
    } catch (err) {
      // Anything but a refusal leaves the claim (the provider may have refunded), and so does a
      // retry's refusal (the first request's refund may stand).
      if (!(err instanceof PaymentProviderError)) throw err;
      if (claim.fresh) await releaseRefund(c.var.db, id, key);
      console.error(`store: refund of order ${id} refused`, err);
      throw routeError("refund_failed");
    }
    // Only an order with a redeemed code is settled; a retry finds it settled and changes nothing.
    const giftSettled = order.giftTimeOpen && giftTime ? { giftTime, giftTimeRevokedMs: await settleGiftTime(c.env, c.var.db, id, giftTime) } : {};
    await recordRefundRequest(c.var.db, actorOf(c), id, { refundId: refund.id, amountCents, currency: order.currency, ...giftSettled });
    // The local provider applied the refund already (the live one's webhook follows it up itself).
    c.executionCtx.waitUntil(accessChanged(c.env, c.var.db, { kind: "order-tickets", orderId: id }));
    return c.json<RefundResponse>({ order: await detailOf(c, id), refundId: refund.id });
  });
