// An order's facts: who bought it (a member's profile, or a guest), when and how it was paid, where
// it ships and how, and what its downloads and gift codes are now.
import { Link } from "@tanstack/react-router";
import { useIntl } from "react-intl";
import type { OrderDetail } from "#contracts/store/admin-orders.ts";
import { formatMoment } from "../format";
import { ordersMessages as m } from "./messages";
import { tierNameIn } from "../../../lib/tiers/tierGate";

const LANGUAGES: Record<string, string> = { en: "English", "pt-BR": "Português (Brasil)" };

export function OrderFacts({ order }: { order: OrderDetail }) {
  const intl = useIntl();
  const address = order.address;
  const addressLines = address
    ? [address.line1, address.line2, [address.postalCode, address.city, address.state].filter(Boolean).join(" "), address.country].filter(Boolean)
    : [];
  return (
    <dl className="orders-facts">
      <dt>{intl.formatMessage(m.customer)}</dt>
      <dd>
        {order.member ? (
          <Link to="/social/profile/$userId" params={{ userId: order.member.id }}>
            {order.member.username}
          </Link>
        ) : (
          <span className="muted">{intl.formatMessage(m.guest)}</span>
        )}
      </dd>
      <dt>{intl.formatMessage(m.email)}</dt>
      <dd>
        <a href={`mailto:${order.email}`}>{order.email}</a>
      </dd>
      <dt>{intl.formatMessage(m.language)}</dt>
      <dd>{LANGUAGES[order.locale] ?? order.locale}</dd>
      <dt>{intl.formatMessage(m.paid)}</dt>
      <dd>
        <time dateTime={order.paidAt}>{formatMoment(intl, order.paidAt)}</time>
      </dd>
      <dt>{intl.formatMessage(m.payment)}</dt>
      <dd>{order.paymentIntentId ? <code>{order.paymentIntentId}</code> : <span className="muted">{intl.formatMessage(m.noPayment)}</span>}</dd>
      {order.physical && (
        <>
          <dt>{intl.formatMessage(m.shipTo)}</dt>
          <dd>
            <address className="orders-address">
              {[order.shippingName, ...addressLines].filter(Boolean).map((line, i) => (
                <span key={i}>{line}</span>
              ))}
            </address>
          </dd>
        </>
      )}
      <dt>{intl.formatMessage(m.tracking)}</dt>
      <dd>
        <Tracking order={order} />
      </dd>
      {order.entitlements.total > 0 && (
        <>
          <dt>{intl.formatMessage(m.rights)}</dt>
          <dd>
            {intl.formatMessage(m.entitlements, order.entitlements)}
            {order.giftCodes.total > 0 && <>; {intl.formatMessage(m.giftCodes, order.giftCodes)}</>}
          </dd>
        </>
      )}
      {order.entitlements.total === 0 && order.giftCodes.total > 0 && (
        <>
          <dt>{intl.formatMessage(m.rights)}</dt>
          <dd>{intl.formatMessage(m.giftCodes, order.giftCodes)}</dd>
        </>
      )}
      {order.gifts.length > 0 && (
        <>
          <dt>{intl.formatMessage(m.gifts)}</dt>
          <dd>
            <ul className="admin-order-gifts">
              {order.gifts.map((g) => (
                <li key={g.code}>{intl.formatMessage(m.giftOfTier, { code: g.code, months: g.months, tier: tierNameIn(intl, g.tier), state: g.state })}</li>
              ))}
            </ul>
          </dd>
        </>
      )}
      {order.disputes.length > 0 && (
        <>
          <dt>{intl.formatMessage(m.disputed)}</dt>
          <dd>
            <ul className="plain-list">
              {order.disputes.map((d) => (
                <li key={d.id}>
                  <Link to="/admin/disputes/$disputeId" params={{ disputeId: d.id }}>
                    {intl.formatMessage(d.type === "dispute" ? m.disputeLink : m.fraudWarningLink, { status: d.status })}
                  </Link>
                </li>
              ))}
            </ul>
          </dd>
        </>
      )}
    </dl>
  );
}

function Tracking({ order }: { order: OrderDetail }) {
  const intl = useIntl();
  if (!order.physical) return <span className="muted">{intl.formatMessage(m.nothingToShip)}</span>;
  if (!order.shippedAt) return <span className="muted">{intl.formatMessage(m.notShipped)}</span>;
  const number = order.trackingNumber ?? "";
  return (
    <>
      {order.carrier} ·{" "}
      {order.trackingUrl ? (
        <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer">
          {number}
        </a>
      ) : (
        number
      )}{" "}
      <span className="muted">
        (<time dateTime={order.shippedAt}>{formatMoment(intl, order.shippedAt)}</time>)
      </span>
    </>
  );
}
