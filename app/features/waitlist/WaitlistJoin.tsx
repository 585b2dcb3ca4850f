// "Join the waitlist" on a sold-out ticket type of an event card (decision 185). A visitor is asked
// to sign in and come back to the card; a member picks how many (1 to the type's per-order limit)
// and joins, then reads "You're on the waitlist — many fans are waiting" with Leave, or, once a
// returned ticket is held for them, the way to pay in My tickets. The card is rendered by the
// server for everyone: the member's places load in the browser after hydration, and the line keeps
// its height meanwhile so nothing below moves.
import { useQuery } from "@tanstack/react-query";
import { Link, useRouterState } from "@tanstack/react-router";
import { useState } from "react";
import { useIntl } from "react-intl";
import { QueryFailed } from "../../components/QueryState";
import { canUseVipContent, useSessionUser } from "../../lib/session/useSession";
import { useAsServerRendered } from "../../lib/useAsServerRendered";
import type { PublicEvent } from "#contracts/events.ts";
import type { PublicTicketType } from "#contracts/tickets/event-tickets-model.ts";
import { WAITLIST_QUANTITY_MAX, type WaitlistPlace } from "#contracts/waitlist/model.ts";
import WaitlistMessages from "./messages?feature";
import { waitlistMessages as m } from "./messages";
import { ErrorLine, LeaveButton, ON_LIST_WORDS } from "./parts";
import { placesQueryOptions, useJoin } from "./queries";

type Props = { event: PublicEvent; type: PublicTicketType };

export function WaitlistJoin(props: Props) {
  return (
    <WaitlistMessages>
      <JoinLine {...props} />
    </WaitlistMessages>
  );
}

function JoinLine({ event, type }: Props) {
  const { user, isPending } = useSessionUser();
  // A VIP-only type is waited for by those who may buy it; the block shows others the way to VIP.
  if (type.vipOnly && !isPending && !canUseVipContent(user)) return null;
  if (isPending) return <Reserved />;
  return <div className="waitlist-line">{user ? <MemberLine type={type} /> : <SignInLink eventId={event.id} />}</div>;
}

/** The line's place while the member's state loads. */
function Reserved() {
  const intl = useIntl();
  return (
    <div className="waitlist-line" aria-busy="true">
      <span className="sr-only">{intl.formatMessage(m.checking)}</span>
    </div>
  );
}

function SignInLink({ eventId }: { eventId: string }) {
  const intl = useIntl();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <Link to="/social/login" search={{ redirect: `${pathname}#event-${eventId}` }} className="btn btn-ghost btn-sm">
      {intl.formatMessage(m.signIn)}
    </Link>
  );
}

function MemberLine({ type }: { type: PublicTicketType }) {
  const intl = useIntl();
  const places = useQuery(placesQueryOptions());
  // A card hydrating after the places arrived still hydrates as the server rendered it: still checking.
  const asServerRendered = useAsServerRendered();
  if (asServerRendered || (places.data === undefined && places.status === "pending")) return <span className="sr-only">{intl.formatMessage(m.checking)}</span>;
  if (places.data === undefined)
    return (
      <QueryFailed
        quiet
        message={intl.formatMessage(m.stateFailed)}
        retryLabel={intl.formatMessage(m.reload)}
        onRetry={() => void places.refetch()}
        retrying={places.isFetching}
      />
    );
  const place = places.data.places.find((p) => p.ticketTypeId === type.id);
  return <div aria-live="polite">{place ? <OnList place={place} name={type.name} /> : <JoinForm type={type} />}</div>;
}

function OnList({ place, name }: { place: WaitlistPlace; name: string }) {
  const intl = useIntl();
  if (place.offer) {
    return (
      <Link to="/tickets" className="btn btn-primary btn-sm">
        {intl.formatMessage(m.heldForYou)}
      </Link>
    );
  }
  return (
    <p className="waitlist-on">
      <span>{intl.formatMessage(ON_LIST_WORDS[place.busy])}</span> <LeaveButton place={place} name={name} />
    </p>
  );
}

function JoinForm({ type }: { type: PublicTicketType }) {
  const intl = useIntl();
  const join = useJoin();
  const most = Math.max(1, Math.min(type.perOrderLimit, WAITLIST_QUANTITY_MAX));
  const [quantity, setQuantity] = useState(1);
  return (
    <form
      className="waitlist-join"
      onSubmit={(e) => {
        e.preventDefault();
        if (!join.isPending) join.mutate({ ticketTypeId: type.id, quantity });
      }}
    >
      {most > 1 && (
        <select
          className="waitlist-quantity"
          aria-label={intl.formatMessage(m.quantityLabel, { name: type.name })}
          value={quantity}
          onChange={(e) => {
            setQuantity(Number(e.target.value));
            join.reset();
          }}
        >
          {Array.from({ length: most }, (_, i) => (
            <option key={i + 1} value={i + 1}>
              {i + 1}
            </option>
          ))}
        </select>
      )}
      <button type="submit" className="btn btn-ghost btn-sm" aria-label={intl.formatMessage(m.joinLabel, { name: type.name })} disabled={join.isPending}>
        {intl.formatMessage(join.isPending ? m.joining : m.join)}
      </button>
      <ErrorLine error={join.error} fallback={m.joinFailed} />
    </form>
  );
}
