// /virtual-meet: the next online events, dated as on /events (EventWhen: the event's zone, and the
// viewer's where it differs). VIP members and admins get each meet's join link, which the server
// sends only from JOIN_WINDOW_MINUTES before the start: the page says so once, and until then each
// card says from when, and the list is fetched again at that
// instant (one timer, no polling). Visitors and members see what a virtual meet is, the next date,
// and the way to VIP. The Worker decides who gets a link; this page only shows what it was sent.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef } from "react";
import { useIntl } from "react-intl";
import { Link } from "@tanstack/react-router";
import { JOIN_WINDOW_MINUTES, type VirtualMeetView } from "#contracts/events.ts";
import { EmptyState } from "../../components/EmptyState";
import { VipGatePanel } from "../../components/Gate";
import { Icon } from "../../components/Icon";
import { Loading } from "../../components/Loading";
import { QueryState } from "../../components/QueryState";
import { canUseVipContent, useSessionUser } from "../../lib/session/useSession";
import { AddToCalendar } from "./AddToCalendar";
import { RemindMe } from "./RemindMe";
import { webUrl } from "./EventCard";
import EventsMessages from "./messages?feature";
import { formatTime } from "../../lib/intlFormat";
import { EventWhen } from "./EventWhen";
import type { Locale } from "#contracts/locale.ts";
import { eventEnd } from "./format";
import { eventsMessages as m } from "./messages";
import { minTierMessage, tierGateMessages, tierNameIn } from "../../lib/tiers/tierGate";
import { virtualMeetsQueryOptions } from "./queries";
import "./events.css";

/** setTimeout's longest delay (about 24.8 days); a page is not left open that long. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/**
 * When the window has opened by this device's clock but the server sent no link yet (its clock is
 * a little behind), ask again this much later, at most LATE_RETRIES times.
 */
export const LATE_RETRY_MS = 15_000;
const LATE_RETRIES = 2;

export function VirtualMeetPage() {
  return (
    <EventsMessages>
      <VirtualMeetContent />
    </EventsMessages>
  );
}

/**
 * Refetches at the next moment the answer changes: a join window opening (a meet without its link)
 * or a meet ending (one with its link).
 */
function useRefetchAtJoinWindows(meets: readonly VirtualMeetView[] | undefined, fetchedAt: number, refetch: () => unknown) {
  const lateRetries = useRef(0);
  useEffect(() => {
    if (!meets) return;
    const now = Date.now();
    let at = Number.POSITIVE_INFINITY;
    let overdue = false;
    for (const meet of meets) {
      const end = eventEnd(meet).getTime();
      // A link the reader's tier does not open never comes: nothing to wait for.
      if (end <= now || meet.belowJoinTier) continue;
      if (webUrl(meet.joinUrl)) {
        at = Math.min(at, end);
        continue;
      }
      const opens = Date.parse(meet.joinOpensAt);
      if (opens > now) at = Math.min(at, opens);
      else if (!Number.isNaN(opens)) overdue = true;
    }
    if (!overdue) lateRetries.current = 0;
    else if (lateRetries.current < LATE_RETRIES) {
      lateRetries.current += 1;
      at = Math.min(at, now + LATE_RETRY_MS);
    }
    const delay = at - now;
    if (!Number.isFinite(delay) || delay > MAX_TIMER_MS) return;
    const timer = setTimeout(() => void refetch(), Math.max(0, delay));
    return () => clearTimeout(timer);
  }, [meets, fetchedAt, refetch]);
}

function VirtualMeetContent() {
  const intl = useIntl();
  const { user, isPending: sessionPending } = useSessionUser();
  const vip = canUseVipContent(user);
  const query = useQuery(virtualMeetsQueryOptions(intl.locale as Locale));
  useRefetchAtJoinWindows(vip ? query.data?.meets : undefined, query.dataUpdatedAt, query.refetch);

  const meets = (
    <QueryState query={query} loading={intl.formatMessage(m.meetsLoading)} failed={intl.formatMessage(m.meetsFailed)} retry={intl.formatMessage(m.retry)}>
      {(data) =>
        data.meets.length === 0 ? (
          <EmptyState icon="video" title={intl.formatMessage(m.noneTitle)} hint={intl.formatMessage(m.noneHint)} />
        ) : vip ? (
          <ul className="meet-list">
            {data.meets.map((meet) => (
              <li key={meet.id}>
                <MeetCard meet={meet} />
              </li>
            ))}
          </ul>
        ) : (
          <NextMeet meet={data.meets[0]!} />
        )
      }
    </QueryState>
  );

  if (sessionPending) return <Loading />;
  return vip ? (
    <section className="meet-page" aria-labelledby="meet-upcoming-title">
      <h2 id="meet-upcoming-title">{intl.formatMessage(m.upcomingTitle)}</h2>
      <p className="muted meet-join-window">{intl.formatMessage(m.joinWindow, { minutes: JOIN_WINDOW_MINUTES })}</p>
      {meets}
    </section>
  ) : (
    <div className="meet-page meet-page-teaser">
      <section className="meet-teaser card" aria-labelledby="meet-about-title">
        <Icon name="video" size={36} className="meet-teaser-icon" />
        <h2 id="meet-about-title">{intl.formatMessage(m.aboutTitle)}</h2>
        <p>{intl.formatMessage(m.aboutBody)}</p>
        <p className="muted">{intl.formatMessage(m.vipOnly, { minutes: JOIN_WINDOW_MINUTES })}</p>
        <h3>{intl.formatMessage(m.nextTitle)}</h3>
        {meets}
      </section>
      <VipGatePanel className="meet-gate" />
    </div>
  );
}

/** The teaser's next date: title and when, nothing to join. */
function NextMeet({ meet }: { meet: VirtualMeetView }) {
  return (
    <div className="meet-next">
      <p className="meet-next-title">{meet.title}</p>
      <JoinTierBadge meet={meet} />
      <EventWhen iso={meet.eventDate} timeZone={meet.timeZone} />
    </div>
  );
}

function MeetCard({ meet }: { meet: VirtualMeetView }) {
  const intl = useIntl();
  const id = useId();
  const joinUrl = webUrl(meet.joinUrl);
  return (
    <article className="event-card card meet-card" aria-labelledby={`${id}-title`}>
      <div className="event-main">
        <h3 id={`${id}-title`} className="event-title">
          {meet.title}
        </h3>
        <JoinTierBadge meet={meet} />
        <EventWhen iso={meet.eventDate} timeZone={meet.timeZone} />
        {meet.description?.trim() && <p className="event-desc">{meet.description}</p>}
        {/* Announced when the link arrives while the page is open. */}
        <div className="meet-join" aria-live="polite">
          {joinUrl ? (
            <a
              className="btn btn-primary btn-lg meet-join-link"
              href={joinUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={intl.formatMessage(m.joinLabel, { title: meet.title })}
            >
              <Icon name="video" size={20} />
              {intl.formatMessage(m.join)}
            </a>
          ) : meet.belowJoinTier && meet.joinMinTier ? (
            <p className="info-banner meet-join-tier">
              {intl.formatMessage(m.joinNeedsTier, { tier: tierNameIn(intl, meet.joinMinTier) })}{" "}
              <Link to="/vip-signup">{intl.formatMessage(tierGateMessages.joinCta)}</Link>
            </p>
          ) : (
            <p className="info-banner meet-join-later">
              {/* The window itself is explained once, above the list. In the event's zone, as its start. */}
              {intl.formatMessage(m.joinFrom, { time: formatTime(meet.joinOpensAt, intl.locale, meet.timeZone) })}
            </p>
          )}
        </div>
      </div>
      <div className="event-actions">
        <AddToCalendar event={meet} />
        <RemindMe event={meet} />
      </div>
    </article>
  );
}

/** "Inner Circle and above" when the meet's link is for a tier above VIP (the Worker names it). */
function JoinTierBadge({ meet }: { meet: VirtualMeetView }) {
  const intl = useIntl();
  if (!meet.joinMinTier) return null;
  return (
    <p className="meet-tier">
      <span className="badge badge-vip">{intl.formatMessage(minTierMessage, { tier: tierNameIn(intl, meet.joinMinTier) })}</span>
    </p>
  );
}
