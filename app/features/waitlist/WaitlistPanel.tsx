// The top of My tickets (decision 185): the tickets held for the member from a waitlist (the show,
// how many, the total at face value, the time left with "Pay now", which opens the claim's
// checkout, and "Decline" after a confirmation), then every place they hold with how busy its list
// is and Leave. Nothing when they wait for nothing; a failed load is said quietly, since the
// tickets below are the page's own. The shows' names come from the public events list.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useIntl } from "react-intl";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { Loading } from "../../components/Loading";
import { QueryFailed } from "../../components/QueryState";
import { eventsQueryOptions } from "../../lib/eventsList";
import { formatMoney } from "../../lib/intlFormat";
import type { PublicEvent } from "#contracts/events.ts";
import type { Locale } from "#contracts/locale.ts";
import type { WaitlistOffer, WaitlistPlace } from "#contracts/waitlist/model.ts";
import { HoldCountdown } from "./HoldCountdown";
import WaitlistMessages from "./messages?feature";
import { waitlistMessages as m } from "./messages";
import { BUSY_WORDS, ErrorLine, ErrorText, LeaveButton } from "./parts";
import { placesQueryOptions, useClaim, useDecline } from "./queries";
import "./waitlist.css";

export function WaitlistPanel() {
  return (
    <WaitlistMessages>
      <Panel />
    </WaitlistMessages>
  );
}

type Show = { title: string; typeName: string | null; when: string | null };

/** The show and type a place waits for, by the public list; a show it no longer lists is "A show". */
function useShows(places: WaitlistPlace[] | undefined): (place: WaitlistPlace) => Show {
  const intl = useIntl();
  const events = useQuery({ ...eventsQueryOptions(intl.locale as Locale), enabled: !!places?.length });
  const byId = new Map<string, PublicEvent>((events.data?.events ?? []).map((e) => [e.id, e]));
  return (place) => {
    const event = byId.get(place.eventId);
    const type = event?.tickets?.types.find((t) => t.id === place.ticketTypeId);
    return {
      title: event?.title ?? intl.formatMessage(m.unknownShow),
      typeName: type?.name ?? null,
      when: event
        ? intl.formatDate(event.eventDate, { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone: event.timeZone })
        : null,
    };
  };
}

function Panel() {
  const intl = useIntl();
  const places = useQuery(placesQueryOptions());
  const showOf = useShows(places.data?.places);
  const [declined, setDeclined] = useState(false);
  if (places.data === undefined) {
    if (places.status === "pending") return <Loading label={intl.formatMessage(m.placesLoading)} />;
    return (
      <QueryFailed
        quiet
        message={intl.formatMessage(m.placesFailed)}
        retryLabel={intl.formatMessage(m.reload)}
        onRetry={() => void places.refetch()}
        retrying={places.isFetching}
      />
    );
  }
  const all = places.data.places;
  const offered = all.filter((p): p is WaitlistPlace & { offer: WaitlistOffer } => p.offer !== null);
  return (
    <div className="waitlist-panel">
      <div role="status">{declined && <p className="success-banner">{intl.formatMessage(m.declined)}</p>}</div>
      {offered.length > 0 && (
        <section className="waitlist-offers" aria-labelledby="waitlist-offers-title">
          <h2 id="waitlist-offers-title">{intl.formatMessage(m.offersTitle)}</h2>
          {offered.map((place) => (
            <OfferCard key={place.offer.id} offer={place.offer} show={showOf(place)} onDeclined={() => setDeclined(true)} />
          ))}
        </section>
      )}
      {all.length > 0 && (
        <section className="waitlist-places" aria-labelledby="waitlist-places-title">
          <h2 id="waitlist-places-title">{intl.formatMessage(m.placesTitle)}</h2>
          <ul className="waitlist-place-list">
            {all.map((place) => {
              const show = showOf(place);
              const name = show.typeName ? `${show.title} · ${show.typeName}` : show.title;
              return (
                <li key={place.id} className="waitlist-place" data-testid="waitlist-place">
                  <span className="waitlist-place-name">{name}</span>
                  <span className="muted">{intl.formatMessage(m.quantity, { count: place.quantity })}</span>
                  <span className="waitlist-busy">{intl.formatMessage(BUSY_WORDS[place.busy])}</span>
                  <LeaveButton place={place} name={name} />
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}

function OfferCard({ offer, show, onDeclined }: { offer: WaitlistOffer; show: Show; onDeclined: () => void }) {
  const intl = useIntl();
  const claim = useClaim();
  const decline = useDecline();
  const [asking, setAsking] = useState(false);
  const total = formatMoney(offer.totalCents / 100, offer.currency.toUpperCase(), intl.locale);
  return (
    <article className="card waitlist-offer" aria-label={show.title} data-testid="waitlist-offer">
      <h3>{show.title}</h3>
      <p className="muted">{[show.when, show.typeName, intl.formatMessage(m.quantity, { count: offer.quantity })].filter(Boolean).join(" · ")}</p>
      <p className="waitlist-total">{intl.formatMessage(offer.taxAdded ? m.offerTotalTaxAdded : m.offerTotal, { total })}</p>
      <HoldCountdown holdUntil={offer.holdUntil}>
        {(passed) =>
          passed ? null : (
            <>
              <ErrorLine error={claim.error} fallback={m.payFailed} />
              <div className="waitlist-actions">
                <button
                  type="button"
                  className="btn btn-primary btn-sm"
                  aria-label={intl.formatMessage(m.payLabel, { title: show.title })}
                  disabled={claim.isPending || claim.isSuccess}
                  onClick={() => claim.mutate(offer.id)}
                >
                  {intl.formatMessage(claim.isPending || claim.isSuccess ? m.paying : m.pay)}
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={intl.formatMessage(m.declineLabel, { title: show.title })}
                  onClick={() => setAsking(true)}
                >
                  {intl.formatMessage(m.decline)}
                </button>
              </div>
            </>
          )
        }
      </HoldCountdown>
      {asking && (
        <ConfirmDialog
          title={intl.formatMessage(m.declineTitle)}
          cancelLabel={intl.formatMessage(m.declineCancel)}
          confirmLabel={intl.formatMessage(m.declineConfirm)}
          busyLabel={intl.formatMessage(m.declining)}
          busy={decline.isPending}
          error={decline.error ? <ErrorText error={decline.error} fallback={m.declineFailed} /> : undefined}
          onConfirm={() =>
            decline.mutate(offer.id, {
              onSuccess: () => {
                setAsking(false);
                onDeclined();
              },
            })
          }
          onClose={() => {
            decline.reset();
            setAsking(false);
          }}
        >
          <p>{intl.formatMessage(m.declineText)}</p>
        </ConfirmDialog>
      )}
    </article>
  );
}
