// /live/:event, a show streamed here (decision 113): before the start a countdown with "Remind me";
// on air the player, a LIVE badge and the viewer count; after it "Ended — replay until {time}" with
// the replay, or "Ended". A viewer the show is not for sees what opens it (signing in, a ticket, a
// tier, a membership). The show's room sits beside the player and the artist's pinned products
// below it. The show is read again every 20 s (queries.ts), so the page follows it on and off air,
// at once when the room's socket says the show ended, and once the player's first token has
// counted this viewer, so the count includes them at once.
// The room and "Remind me" belong to other features: the route hands them in.
import { Link } from "@tanstack/react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { useIntl, type IntlShape } from "react-intl";
import { EmptyState } from "../../components/EmptyState";
import { PageFrame } from "../../components/PageFrame";
import { QueryState } from "../../components/QueryState";
import { ApiRequestError } from "../../lib/api";
import { useLocale } from "../../i18n/I18nProvider";
import type { LivePinnedProduct, LiveShowView } from "#contracts/live.ts";
import { formatMoney, type Currency } from "#contracts/store/model.ts";
import LiveMessages from "./messages?feature";
import { LivePlayer } from "./LivePlayer";
import { liveMessages as m } from "./messages";
import { liveShowQueryOptions } from "./queries";
import "./live.css";

export type LivePageSlots = {
  /** The show's room, by its id (the rooms feature's); `onShowEnded` when its socket says the show ended. */
  room: (roomId: string, onShowEnded: () => void) => ReactNode;
  /** "Remind me" for the event (the events feature's). */
  remind: (event: { id: string; title: string }) => ReactNode;
};

export function LivePage({ eventId, slots }: { eventId: string; slots: LivePageSlots }) {
  return (
    <LiveMessages>
      <LiveLoader eventId={eventId} slots={slots} />
    </LiveMessages>
  );
}

function LiveLoader({ eventId, slots }: { eventId: string; slots: LivePageSlots }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const query = useQuery(liveShowQueryOptions(eventId, locale));
  const queryClient = useQueryClient();
  const recheck = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: liveShowQueryOptions(eventId, locale).queryKey }),
    [queryClient, eventId, locale],
  );
  const missing = query.error instanceof ApiRequestError && query.error.status === 404;
  return (
    <PageFrame title={query.data?.title ?? intl.formatMessage(m.pageTitle)}>
      {missing ? (
        <EmptyState icon="globe" title={intl.formatMessage(m.notFound)} />
      ) : (
        <QueryState query={query} loading={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.loadFailed)} retry={intl.formatMessage(m.retry)}>
          {(show) => <LiveShow show={show} slots={slots} recheck={recheck} />}
        </QueryState>
      )}
    </PageFrame>
  );
}

const timeText = (intl: IntlShape, iso: string) => intl.formatDate(iso, { dateStyle: "medium", timeStyle: "short" });

/** `recheck` reads the show again: when a token is refused (to show why) and once this viewer is counted. */
function LiveShow({ show, slots, recheck }: { show: LiveShowView; slots: LivePageSlots; recheck: () => void }) {
  const intl = useIntl();
  const playing = show.locked === null && (show.state === "live" || show.state === "replay");
  return (
    <div className="live-page">
      <div className="live-main">
        <LiveStatus show={show} />
        {show.locked !== null ? (
          <LiveLock show={show} />
        ) : playing ? (
          <LivePlayer
            key={show.state}
            eventId={show.eventId}
            mode={show.state === "replay" ? "replay" : "live"}
            captions={show.captions}
            onRefused={recheck}
            onCounted={show.state === "live" ? recheck : undefined}
          />
        ) : null}
        {show.state === "upcoming" && show.locked !== "banned" && <div className="live-remind">{slots.remind({ id: show.eventId, title: show.title })}</div>}
        {show.description && <p className="live-description">{show.description}</p>}
        {show.pinnedProducts.length > 0 && <PinnedProducts products={show.pinnedProducts} />}
      </div>
      {show.roomId && show.locked === null && (
        <aside className="live-room" aria-label={intl.formatMessage(m.room)}>
          {slots.room(show.roomId, recheck)}
        </aside>
      )}
    </div>
  );
}

/** The state line: the countdown, LIVE with the viewer count, or how it ended. */
function LiveStatus({ show }: { show: LiveShowView }) {
  const intl = useIntl();
  if (show.state === "live")
    return (
      <p className="live-status">
        <span className="live-badge">{intl.formatMessage(m.liveBadge)}</span>{" "}
        <span className="live-viewers" data-testid="live-viewers">
          {intl.formatMessage(m.viewers, { count: show.viewers })}
        </span>
      </p>
    );
  if (show.state === "upcoming") return <Countdown startsAt={show.startsAt} />;
  return (
    <p className="live-status live-ended">
      {show.state === "replay" && show.replayUntil
        ? intl.formatMessage(m.replayUntil, { time: timeText(intl, show.replayUntil) })
        : intl.formatMessage(m.ended)}
    </p>
  );
}

/** "Starts in 4:59" to the second under an hour, else the day and time; "Starting soon" once it is time. */
function Countdown({ startsAt }: { startsAt: string }) {
  const intl = useIntl();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Date.parse(startsAt) - now;
  let text: string;
  if (left <= 0) text = intl.formatMessage(m.startsSoon);
  else if (left >= 3_600_000) text = intl.formatMessage(m.startsAt, { when: timeText(intl, startsAt) });
  else {
    const seconds = Math.ceil(left / 1000);
    text = intl.formatMessage(m.countdown, { time: `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}` });
  }
  return (
    <p className="live-status live-countdown" data-testid="live-countdown">
      <time dateTime={startsAt}>{text}</time>
    </p>
  );
}

/** What opens the show for this viewer. */
function LiveLock({ show }: { show: LiveShowView }) {
  const intl = useIntl();
  const tierName = show.access.tierName ? (intl.locale.toLowerCase().startsWith("pt") ? show.access.tierName.ptBR : show.access.tierName.en) : null;
  // The event's tickets are sold on /events, at the event's card.
  const buy = show.buyUrl ? (
    <Link to="/events" hash={`event-${show.eventId}`} className="btn btn-primary">
      {intl.formatMessage(m.getTicket)}
    </Link>
  ) : null;
  switch (show.locked) {
    case "sign_in":
      return (
        <div className="live-lock">
          <p>{intl.formatMessage(m.signIn)}</p>
          <p className="live-lock-actions">
            <Link to="/social/login" search={{ redirect: `/live/${show.eventId}` }} className="btn btn-ghost">
              {intl.formatMessage(m.signInLink)}
            </Link>
            {buy}
          </p>
        </div>
      );
    case "ticket":
      return (
        <div className="live-lock">
          <p>{intl.formatMessage(m.ticketRequired)}</p>
          <p className="live-lock-actions">{buy}</p>
        </div>
      );
    case "tier":
      return (
        <div className="live-lock">
          <p>{tierName ? intl.formatMessage(m.tierRequired, { tier: tierName }) : intl.formatMessage(m.someTier)}</p>
          <p className="live-lock-actions">
            <Link to="/signup-options" className="btn btn-primary">
              {intl.formatMessage(m.tierLink)}
            </Link>
          </p>
        </div>
      );
    case "membership":
      return (
        <div className="live-lock">
          <p>{intl.formatMessage(m.membershipRequired)}</p>
          <p className="live-lock-actions">
            <Link to="/signup-options" className="btn btn-primary">
              {intl.formatMessage(m.joinLink)}
            </Link>
          </p>
        </div>
      );
    default:
      return (
        <div className="live-lock">
          <p>{intl.formatMessage(show.locked === "banned" ? m.banned : m.notFound)}</p>
        </div>
      );
  }
}

function PinnedProducts({ products }: { products: LivePinnedProduct[] }) {
  const intl = useIntl();
  return (
    <section className="live-products" aria-labelledby="live-products-title">
      <h2 id="live-products-title">{intl.formatMessage(m.shop)}</h2>
      <ul>
        {products.map((product) => (
          <li key={product.id}>
            <Link to="/store/$product" params={{ product: product.slug }} className="live-product">
              {product.imageUrl && <img src={product.imageUrl} alt="" width={64} height={64} loading="lazy" />}
              <span className="live-product-name">{product.name}</span>
              <span className="live-product-price">{formatMoney(product.priceCents, product.currency.toLowerCase() as Currency, intl.locale)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
