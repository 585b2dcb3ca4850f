// The waitlist's section of an event's ticket sales page (decision 189): per ticket type its places,
// returns and offers with a small bar chart (sent, claimed, lapsed), the money moved, and the
// release of seats to its line; the event's settings; the places as a CSV file.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useIntl } from "react-intl";
import { waitlistPlacesCsvPath, type WaitlistTypeFigures } from "#contracts/waitlist/admin-model.ts";
import { EmptyState } from "../../../components/EmptyState";
import { QueryState } from "../../../components/QueryState";
import { waitlistAdminMessages as m } from "./messages";
import { waitlistFiguresQueryOptions } from "./queries";
import { RulesForm } from "./RulesForm";
import { ReleaseDialog } from "./ReleaseDialog";
import "./waitlist-admin.css";

const hasActivity = (t: WaitlistTypeFigures) => t.places.open + t.offers.sent + t.returns.listed + t.returns.offered + t.returns.sold + t.returns.withdrawn > 0;

export function WaitlistSection({ eventId }: { eventId: string }) {
  const intl = useIntl();
  const figures = useQuery(waitlistFiguresQueryOptions(eventId));
  return (
    <section className="waitlist-admin" aria-labelledby="waitlist-admin-heading">
      <h2 id="waitlist-admin-heading">{intl.formatMessage(m.heading)}</h2>
      <p className="muted">{intl.formatMessage(m.intro)}</p>
      <QueryState query={figures} loading={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.failed)} retry={intl.formatMessage(m.retry)}>
        {(data) =>
          data.types.length === 0 ? (
            <p className="muted">{intl.formatMessage(m.noTypes)}</p>
          ) : (
            <>
              {!data.types.some(hasActivity) && <EmptyState icon="ticket" title={intl.formatMessage(m.empty)} hint={intl.formatMessage(m.emptyHint)} />}
              <p>
                <a className="btn btn-ghost" href={waitlistPlacesCsvPath(eventId)} download>
                  {intl.formatMessage(m.csv)}
                </a>
              </p>
              <ul className="waitlist-admin-types">
                {data.types.map((type) => (
                  <TypeFigures key={type.ticketTypeId} type={type} />
                ))}
              </ul>
            </>
          )
        }
      </QueryState>
      <RulesForm eventId={eventId} />
    </section>
  );
}

function TypeFigures({ type }: { type: WaitlistTypeFigures }) {
  const intl = useIntl();
  const [releasing, setReleasing] = useState(false);
  const name = intl.locale === "pt-BR" && type.namePtBr ? type.namePtBr : type.name;
  const money = (cents: number) => intl.formatNumber(cents / 100, { style: "currency", currency: type.money.currency.toUpperCase() });
  const { sent, claimed, lapsed } = type.offers;
  const pct = (n: number) => `${sent === 0 ? 0 : ((100 * n) / sent).toFixed(2)}%`;
  const chartLabel = intl.formatMessage(m.offersChart, { name, sent, claimed, lapsed });
  return (
    <li className="waitlist-admin-type">
      <h3>{name}</h3>
      <p>{intl.formatMessage(m.places, { open: type.places.open, tickets: type.places.tickets })}</p>
      <p className="muted">{intl.formatMessage(m.returns, type.returns)}</p>
      <p className="muted">{intl.formatMessage(m.offers, type.offers)}</p>
      <div className="waitlist-admin-chart" role="img" aria-label={chartLabel}>
        {(
          [
            ["sent", sent, m.legendSent],
            ["claimed", claimed, m.legendClaimed],
            ["lapsed", lapsed, m.legendLapsed],
          ] as const
        ).map(([key, value, label]) => (
          <div key={key} className="waitlist-admin-bar-row" aria-hidden="true">
            <span className="waitlist-admin-bar-label">{intl.formatMessage(label)}</span>
            <span className={`waitlist-admin-bar waitlist-admin-bar-${key}`} style={{ width: pct(value) }} />
            <span className="waitlist-admin-bar-value">{intl.formatNumber(value)}</span>
          </div>
        ))}
      </div>
      <p>
        {intl.formatMessage(m.money, {
          salesIn: money(type.money.salesInCents),
          refundsOut: money(type.money.refundsOutCents),
          net: money(type.money.netCents),
        })}
      </p>
      <button type="button" className="btn btn-ghost" aria-label={intl.formatMessage(m.releaseOf, { name })} onClick={() => setReleasing(true)}>
        {intl.formatMessage(m.release)}
      </button>
      {releasing && <ReleaseDialog ticketTypeId={type.ticketTypeId} name={name} onClose={() => setReleasing(false)} />}
    </li>
  );
}
