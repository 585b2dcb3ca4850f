// A checkout's lines and totals as the Worker priced them (the page computes nothing): each line
// with its quantity, its total and whether the VIP price made it, each ticket line with its event,
// type and date (in the event's time zone), then subtotal, discount,
// shipping and total in the checkout's currency.
import { FormattedMessage, useIntl } from "react-intl";
import { formatMoney } from "#contracts/store/model.ts";
import type { CheckoutSummaryResponse } from "#contracts/store/checkout.ts";
import { countryName } from "../../../lib/intlFormat";
import { tierName } from "#app/components/TierBadge.tsx";
import { checkoutMessages as m, discountMessage, shipsToMessage, tierPriceMessage } from "./messages";

export function OrderSummary({ summary }: { summary: CheckoutSummaryResponse }) {
  const intl = useIntl();
  const money = (cents: number) => formatMoney(cents, summary.currency, intl.locale);
  return (
    <section className="store-summary" aria-labelledby="store-summary-title">
      <h2 id="store-summary-title" className="store-summary-title">
        <FormattedMessage {...m.lines} />
      </h2>
      <ul className="store-summary-lines">
        {summary.lines.map((line, i) => (
          <li key={i} className="store-summary-line">
            <span className="store-summary-item">
              <span className="store-summary-qty">{intl.formatNumber(line.quantity)} ×</span> {line.title}
              {line.variantLabel && <span className="muted"> ({line.variantLabel})</span>}
              {line.vipPrice && (
                <span className="store-vip-tag">
                  {line.priceTier ? (
                    <FormattedMessage {...tierPriceMessage} values={{ tier: tierName(intl.locale, { name: line.priceTier }) }} />
                  ) : (
                    <FormattedMessage {...m.vipPrice} />
                  )}
                </span>
              )}
            </span>
            <span className="store-summary-amount">{money(line.totalCents)}</span>
          </li>
        ))}
        {summary.tickets.map((t) => (
          <li key={t.ticketTypeId} className="store-summary-line">
            <span className="store-summary-item">
              <span className="store-summary-qty">{intl.formatNumber(t.quantity)} ×</span> {t.eventTitle}: {t.typeName}
              <span className="muted"> ({intl.formatDate(t.eventDate, { dateStyle: "medium", timeStyle: "short", timeZone: t.timeZone })})</span>
            </span>
            <span className="store-summary-amount">{money(t.totalCents)}</span>
          </li>
        ))}
      </ul>
      <dl className="store-summary-totals">
        <dt>
          <FormattedMessage {...m.subtotal} />
        </dt>
        <dd>{money(summary.subtotalCents)}</dd>
        {summary.discountCents > 0 && (
          <>
            <dt>
              <FormattedMessage {...discountMessage} values={{ code: summary.promoCode ?? "" }} />
            </dt>
            <dd>−{money(summary.discountCents)}</dd>
          </>
        )}
        {summary.needsShipping && (
          <>
            <dt>
              <FormattedMessage {...m.shipping} />
              {summary.shippingCountry && (
                <span className="muted store-summary-country">
                  {" "}
                  <FormattedMessage {...shipsToMessage} values={{ country: countryName(summary.shippingCountry, intl.locale) }} />
                </span>
              )}
            </dt>
            <dd>{summary.shippingCents === 0 ? <FormattedMessage {...m.freeShipping} /> : money(summary.shippingCents)}</dd>
          </>
        )}
        <dt className="store-summary-total">
          <FormattedMessage {...m.total} />
        </dt>
        <dd className="store-summary-total">{money(summary.totalCents)}</dd>
      </dl>
    </section>
  );
}
