// An event card's "Get tickets" (decision 055), for events that sell tickets on this site: the sale
// window ("On sale {date}", "VIP presale {date}", until when), each type with its price, "N left"
// or "Sold out" and a VIP-only badge (or "{tier} and above" for a type that asks a tier), a quantity
// picker per type within its per-order limit (and what is left), a guest's e-mail, and "Buy tickets", which asks the store's checkout for a session
// (POST /api/store/checkout with the ticket lines; the Worker prices and holds them) and goes to
// its page (the local test checkout or Stripe's). The state is the server's; the list is fetched
// again when the sale changes. Under a sold-out type, what the route composed in (the waitlist's
// join, through ticket-slots.ts). Rendered by the server too: no browser-only value before hydration.
import { Link } from "@tanstack/react-router";
import { use, useEffect, useId, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FormattedMessage, useIntl } from "react-intl";
import type { PublicEvent } from "#contracts/events.ts";
import { mayBuyTicket, type EventTicketSale, type PublicTicketType } from "#contracts/tickets/event-tickets-model.ts";
import type { StoreCheckoutBody, StoreCheckoutResponse } from "#contracts/store/checkout.ts";
import { Icon } from "../../components/Icon";
import { minTierMessage, tierNameIn } from "../../lib/tiers/tierGate";
import { api } from "../../lib/api";
import { eventsKeys } from "../../lib/eventsKeys";
import { formatMoney } from "../../lib/intlFormat";
import { serverErrorText } from "../../lib/forms/errorText";
import { canUseVipContent, useSessionUser } from "../../lib/session/useSession";
import { presaleTime } from "./presale";
import { BotCheck, botCheckHeaders, useBotCheck } from "../../components/bot-check/BotCheck";
import { TICKET_CHECKOUT_ERROR_TEXTS, ticketsMessages as m } from "./tickets-messages";
import { SoldOutTypeContext } from "./ticket-slots";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** setTimeout's longest delay (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** A second past a change, so a server a little behind this clock has turned too. */
const MARGIN_MS = 1_000;

/** Fetches the events list again at the sale's next change (one timer, no polling). */
function useRefetchAtSaleChange(tickets: EventTicketSale, presaleEndsAt: string | undefined) {
  const queryClient = useQueryClient();
  const { opensAt, vipOpensAt, endsAt } = tickets;
  useEffect(() => {
    const now = Date.now();
    const later = [opensAt, vipOpensAt, presaleEndsAt, endsAt].map((at) => (at ? Date.parse(at) : NaN)).filter((at) => at > now);
    if (later.length === 0) return;
    const wait = Math.min(...later) - now + MARGIN_MS;
    if (wait > MAX_TIMER_MS) return;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: eventsKeys.list }), wait);
    return () => clearTimeout(timer);
  }, [queryClient, opensAt, vipOpensAt, presaleEndsAt, endsAt]);
}

/** How many of a type one order may take: its per-order limit, or fewer when fewer are left. */
const mostOf = (type: PublicTicketType) => (type.soldOut ? 0 : Math.min(type.perOrderLimit, type.left ?? type.perOrderLimit));

export function TicketsBlock({ event, tickets }: { event: PublicEvent; tickets: EventTicketSale }) {
  const intl = useIntl();
  const id = useId();
  const { user } = useSessionUser();
  const vip = canUseVipContent(user);
  const soldOutSlot = use(SoldOutTypeContext);
  useRefetchAtSaleChange(tickets, event.presale?.endsAt);
  const [picked, setPicked] = useState<Record<string, number>>({});
  const [email, setEmail] = useState("");
  const [tried, setTried] = useState(false);
  const botCheck = useBotCheck("guest_checkout");
  // A visitor's checkout carries the bot check (decision 090); a member's session is their proof.
  const checkout = useMutation({
    mutationFn: async (body: StoreCheckoutBody) =>
      api<StoreCheckoutResponse>("/api/store/checkout", { method: "POST", json: body, headers: user ? {} : botCheckHeaders(await botCheck.take()) }),
  });

  const time = (iso: string) => presaleTime(iso, intl.locale, event.timeZone);
  const money = (type: PublicTicketType) => formatMoney(type.priceCents / 100, type.currency.toUpperCase(), intl.locale);
  const buyable = (type: PublicTicketType) => !tickets.soldOut && mostOf(type) > 0 && mayBuyTicket(tickets.state, type.vipOnly, vip);
  const lines = tickets.types
    .filter((type) => buyable(type) && (picked[type.id] ?? 0) > 0)
    .map((type) => ({ ticketTypeId: type.id, quantity: picked[type.id]! }));
  const anyBuyable = tickets.types.some(buyable);
  const emailOk = !!user || EMAIL.test(email.trim());
  const vipLocked = !vip && (tickets.state === "vip_presale" || tickets.types.some((t) => t.vipOnly));

  const buy = () => {
    setTried(true);
    if (lines.length === 0 || !emailOk || checkout.isPending) return;
    checkout.mutate(
      {
        currency: tickets.types[0]!.currency,
        lines: [],
        tickets: lines,
        // A new attempt per press: a retried request of the same press reuses the same session.
        attemptId: crypto.randomUUID(),
        ...(user ? {} : { email: email.trim() }),
      },
      { onSuccess: ({ url }) => window.location.assign(url) },
    );
  };

  const known = serverErrorText(checkout.error, TICKET_CHECKOUT_ERROR_TEXTS);
  const saleLines: string[] = [];
  if (tickets.soldOut) saleLines.push(intl.formatMessage(m.soldOut));
  else if (tickets.state === "ended") saleLines.push(intl.formatMessage(m.ended));
  else {
    if (tickets.state === "vip_presale") saleLines.push(intl.formatMessage(m.vipNow));
    else if (tickets.vipOpensAt) saleLines.push(intl.formatMessage(m.vipPresale, { time: time(tickets.vipOpensAt) }));
    if (tickets.opensAt) saleLines.push(intl.formatMessage(m.onSale, { time: time(tickets.opensAt) }));
    if (tickets.state === "on_sale") saleLines.push(intl.formatMessage(m.until, { time: time(tickets.endsAt) }));
  }

  return (
    <section className="event-tickets" data-state={tickets.state} aria-label={intl.formatMessage(m.sectionLabel, { title: event.title })}>
      <h3 className="event-tickets-title">
        <Icon name="ticket" size={16} />
        {intl.formatMessage(m.title)}
      </h3>
      {saleLines.map((line) => (
        <p key={line} className={tickets.soldOut ? "event-tickets-line event-tickets-soldout" : "event-tickets-line"}>
          {line}
        </p>
      ))}
      <ul className="event-tickets-types" aria-label={intl.formatMessage(m.groupLabel, { title: event.title })}>
        {tickets.types.map((type) => {
          const most = buyable(type) ? mostOf(type) : 0;
          return (
            <li key={type.id} className="event-tickets-type">
              <span className="event-tickets-name">
                {type.name}
                {type.vipOnly && !type.minTier && <span className="badge event-tickets-vip">{intl.formatMessage(m.vipOnly)}</span>}
                {type.minTier && (
                  <span className="badge event-tickets-vip">{intl.formatMessage(minTierMessage, { tier: tierNameIn(intl, type.minTier) })}</span>
                )}
              </span>
              <span className="event-tickets-price">{money(type)}</span>
              <span className="event-tickets-left">
                {type.soldOut ? intl.formatMessage(m.soldOut) : type.left !== null ? intl.formatMessage(m.left, { count: type.left }) : null}
              </span>
              {most > 0 && (
                <select
                  className="event-tickets-quantity"
                  aria-label={intl.formatMessage(m.quantityLabel, { name: type.name })}
                  value={Math.min(picked[type.id] ?? 0, most)}
                  onChange={(e) => setPicked((current) => ({ ...current, [type.id]: Number(e.target.value) }))}
                >
                  {Array.from({ length: most + 1 }, (_, n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              )}
              {/* A sold-out type keeps its row: the route's waitlist line sits under it. */}
              {soldOutSlot && (type.soldOut || tickets.soldOut) && <div className="event-tickets-waitlist">{soldOutSlot(event, type)}</div>}
            </li>
          );
        })}
      </ul>
      {vipLocked && !tickets.soldOut && tickets.state !== "ended" && (
        <Link to="/vip-signup" className="event-tickets-becomevip">
          {intl.formatMessage(m.becomeVip)}
        </Link>
      )}
      {anyBuyable && (
        <form
          className="event-tickets-buy"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            buy();
          }}
        >
          {!user && (
            <div className="event-tickets-field">
              <label htmlFor={`${id}-email`}>{intl.formatMessage(m.email)}</label>
              <input
                id={`${id}-email`}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={tried && !emailOk}
                aria-describedby={`${id}-email-hint${tried && !emailOk ? ` ${id}-email-error` : ""}`}
              />
              <p id={`${id}-email-hint`} className="muted">
                {intl.formatMessage(m.emailHint)}
              </p>
              {tried && !emailOk && (
                <p id={`${id}-email-error`} className="field-error" role="alert">
                  {intl.formatMessage(m.emailInvalid)}
                </p>
              )}
            </div>
          )}
          {/* Shown once tickets are picked: the events list has many of these forms. */}
          {!user && lines.length > 0 && <BotCheck check={botCheck} />}
          {tried && lines.length === 0 && (
            <p className="field-error" role="alert">
              {intl.formatMessage(m.pickOne)}
            </p>
          )}
          {checkout.isError && (
            <p className="error-banner" role="alert">
              {known ? <FormattedMessage {...known.message} values={known.values} /> : intl.formatMessage(m.failed)}
            </p>
          )}
          <button type="submit" className="btn btn-primary btn-sm event-tickets-button" disabled={checkout.isPending || checkout.isSuccess}>
            {intl.formatMessage(checkout.isPending || checkout.isSuccess ? m.buying : m.buy)}
          </button>
        </form>
      )}
    </section>
  );
}
