// /admin/tickets/events/$eventId: one event's tickets sold here. The summary (sold, checked in,
// revenue net of refunds, capacity and seats taken), a bar per ticket type (checked in, sold and
// left of its quantity, plain CSS), and the door list: every valid ticket with the name to look for,
// searchable, sortable, printable (the page's print style shows the list alone) and as a CSV.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useId, useState } from "react";
import { useIntl } from "react-intl";
import { DOOR_SEARCH_MAX, DOOR_SORTS, type DoorSort, type TicketSalesResponse, type TicketTypeSales } from "#contracts/tickets/admin-sales.ts";
import { EmptyState } from "../../../components/EmptyState";
import { Icon } from "../../../components/Icon";
import { QueryState } from "../../../components/QueryState";
import { ApiRequestError } from "../../../lib/api";
import { StatCard } from "../components/StatCard";
import { formatMoment } from "../format";
import { formatMoney } from "./format";
import { doorSortMessages, saleStateMessages, ticketsMessages as m } from "./messages";
import { doorCsvUrl, doorListQueryOptions, ticketSalesQueryOptions } from "./queries";
import { SEARCH_DELAY_MS } from "./TicketsPage";
import "../admin.css";
import { localTitle } from "../lib/localTitle";
import "./tickets.css";

export function TicketSalesPage({ eventId }: { eventId: string }) {
  const intl = useIntl();
  const sales = useQuery(ticketSalesQueryOptions(eventId));
  const missing = sales.error instanceof ApiRequestError && sales.error.status === 404;
  return (
    <div className="admin-page ticket-sales-page">
      <p className="ticket-sales-nav">
        <Link to="/admin/tickets">← {intl.formatMessage(m.backToList)}</Link>
        {" · "}
        <Link to="/admin/tickets" search={{ event: eventId }}>
          {intl.formatMessage(m.eventOrders)}
        </Link>
      </p>
      {missing ? (
        <p role="alert">{intl.formatMessage(m.salesMissing)}</p>
      ) : (
        <QueryState query={sales} loading={intl.formatMessage(m.salesLoading)} failed={intl.formatMessage(m.salesFailed)} retry={intl.formatMessage(m.retry)}>
          {(data) => (
            <>
              <Summary sales={data} />
              <DoorList eventId={eventId} />
            </>
          )}
        </QueryState>
      )}
    </div>
  );
}

function Summary({ sales: { event, types, totals } }: { sales: TicketSalesResponse }) {
  const intl = useIntl();
  const currency = (event.currency ?? "usd").toUpperCase();
  const money = (cents: number) => formatMoney(intl, cents / 100, currency);
  const when = intl.formatDate(event.eventDate, { dateStyle: "medium", timeStyle: "short", timeZone: event.timeZone });
  return (
    <section className="ticket-sales-summary" aria-labelledby="ticket-sales-event">
      <h2 id="ticket-sales-event">{localTitle(intl.locale, event.title, event.titlePtBr)}</h2>
      <p className="muted">
        <time dateTime={event.eventDate}>{when}</time>
        {event.saleState && <span className="badge ticket-sales-state">{intl.formatMessage(saleStateMessages[event.saleState])}</span>}
      </p>
      <div className="grid admin-stats">
        <StatCard label={intl.formatMessage(m.statSold)} value={intl.formatNumber(totals.sold)} />
        <StatCard label={intl.formatMessage(m.statCheckedIn)} value={intl.formatNumber(totals.checkedIn)} />
        <StatCard label={intl.formatMessage(m.statRevenue)} value={money(totals.revenueCents)}>
          <p className="muted admin-stat-hint">{intl.formatMessage(m.revenueHint)}</p>
        </StatCard>
        <StatCard
          label={intl.formatMessage(m.statCapacity)}
          value={
            event.capacity === null
              ? intl.formatMessage(m.noCapacity, { taken: event.taken })
              : intl.formatMessage(m.capacityValue, { taken: event.taken, capacity: event.capacity })
          }
        />
      </div>
      <h3>{intl.formatMessage(m.typesHeading)}</h3>
      {types.length === 0 ? (
        <p className="muted">{intl.formatMessage(m.noTypes)}</p>
      ) : (
        <>
          <ul className="ticket-sales-legend" aria-hidden="true">
            <li className="ticket-bar-in">{intl.formatMessage(m.legendCheckedIn)}</li>
            <li className="ticket-bar-sold">{intl.formatMessage(m.legendSold)}</li>
            <li className="ticket-bar-left">{intl.formatMessage(m.legendLeft)}</li>
          </ul>
          <ul className="ticket-sales-types">
            {types.map((type) => (
              <TypeBar key={type.id} type={type} money={money} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** One type: a bar of its quantity, checked in inside sold, then what is left; its figures in words beside. */
function TypeBar({ type, money }: { type: TicketTypeSales; money: (cents: number) => string }) {
  const intl = useIntl();
  const name = intl.locale === "pt-BR" && type.namePtBr ? type.namePtBr : type.name;
  const whole = Math.max(type.quantity, type.sold + type.remaining, 1);
  const pct = (n: number) => `${((100 * n) / whole).toFixed(2)}%`;
  const label = intl.formatMessage(m.typeBar, { name, sold: type.sold, checkedIn: type.checkedIn, left: type.remaining, quantity: type.quantity });
  return (
    <li className="ticket-sales-type">
      <p className="ticket-sales-type-name">
        <strong>{name}</strong>{" "}
        <span className="muted">{intl.formatMessage(m.typePrice, { price: money(type.priceCents), revenue: money(type.revenueCents) })}</span>
      </p>
      <div className="ticket-bar" role="img" aria-label={label}>
        <span className="ticket-bar-in" style={{ width: pct(type.checkedIn) }} />
        <span className="ticket-bar-sold" style={{ width: pct(type.sold - type.checkedIn) }} />
        <span className="ticket-bar-left" style={{ width: pct(type.remaining) }} />
      </div>
      <p className="muted ticket-sales-type-figures">{label}</p>
      <p className="muted ticket-sales-type-figures">
        {intl.formatMessage(m.typeVoided, { refunded: type.refunded, cancelled: type.cancelled, held: type.held })}
      </p>
    </li>
  );
}

function DoorList({ eventId }: { eventId: string }) {
  const intl = useIntl();
  const searchId = useId();
  const sortId = useId();
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<DoorSort>("name");
  const door = useQuery({ ...doorListQueryOptions(eventId, search, sort), placeholderData: keepPreviousData });

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  return (
    <section className="ticket-door" aria-labelledby="ticket-door-heading" aria-busy={door.isFetching}>
      <h2 id="ticket-door-heading">{intl.formatMessage(m.doorHeading)}</h2>
      <div className="admin-toolbar ticket-door-toolbar">
        <form className="admin-filters" role="search" aria-labelledby="ticket-door-heading" onSubmit={(event) => event.preventDefault()}>
          <div className="field tickets-search">
            <label htmlFor={searchId}>{intl.formatMessage(m.doorSearchLabel)}</label>
            <input
              id={searchId}
              type="search"
              value={typed}
              maxLength={DOOR_SEARCH_MAX}
              placeholder={intl.formatMessage(m.doorSearchPlaceholder)}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={sortId}>{intl.formatMessage(m.doorSortLabel)}</label>
            <select id={sortId} value={sort} onChange={(event) => setSort(event.target.value as DoorSort)}>
              {DOOR_SORTS.map((s) => (
                <option key={s} value={s}>
                  {intl.formatMessage(doorSortMessages[s])}
                </option>
              ))}
            </select>
          </div>
        </form>
        <div className="tickets-actions">
          <button type="button" className="btn btn-ghost" onClick={() => window.print()}>
            <Icon name="ticket" size={18} />
            {intl.formatMessage(m.print)}
          </button>
          <a className="btn btn-ghost" href={doorCsvUrl(eventId, search, sort)} download="door-list.csv">
            {intl.formatMessage(m.doorCsv)}
          </a>
        </div>
      </div>
      <QueryState query={door} loading={intl.formatMessage(m.doorLoading)} failed={intl.formatMessage(m.doorFailed)} retry={intl.formatMessage(m.retry)}>
        {(list) => (
          <>
            <p className="ticket-door-count" role="status">
              {intl.formatMessage(m.doorCount, { checkedIn: list.checkedIn, total: list.total })}
            </p>
            {list.entries.length === 0 ? (
              <EmptyState icon="ticket" title={intl.formatMessage(m.doorEmpty)} hint={intl.formatMessage(m.doorEmptyHint)} />
            ) : (
              <div className="table-wrap">
                <table className="table ticket-door-table">
                  <caption className="sr-only">{intl.formatMessage(m.doorCaption)}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{intl.formatMessage(m.colName)}</th>
                      <th scope="col">{intl.formatMessage(m.colEmail)}</th>
                      <th scope="col">{intl.formatMessage(m.colType)}</th>
                      <th scope="col">{intl.formatMessage(m.colCode)}</th>
                      <th scope="col">{intl.formatMessage(m.colCheckedIn)}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.entries.map((entry) => (
                      <tr key={entry.id} className={entry.checkedInAt ? "ticket-door-in" : undefined}>
                        <th scope="row">
                          {entry.name}
                          {entry.named === "owner" && <span className="sr-only"> ({intl.formatMessage(m.ownerNamed)})</span>}
                        </th>
                        <td className="tickets-customer">{entry.email}</td>
                        <td>{entry.typeName}</td>
                        <td>
                          <code>{entry.code}</code>
                        </td>
                        <td>
                          {entry.checkedInAt ? (
                            <time dateTime={entry.checkedInAt}>
                              {entry.checkedInBy
                                ? intl.formatMessage(m.checkedInBy, { time: formatMoment(intl, entry.checkedInAt), name: entry.checkedInBy })
                                : formatMoment(intl, entry.checkedInAt)}
                            </time>
                          ) : (
                            <span className="muted">{intl.formatMessage(m.doorNotIn)}</span>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
