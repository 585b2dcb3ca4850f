// What opens a room the viewer may not read (or write in): signing in, a tier or higher (named
// from the public ladder, with the way to the tiers), or a ticket to its event.
import { Link } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { useIntl, type IntlShape } from "react-intl";
import type { RoomRefusal } from "#contracts/rooms/access.ts";
import type { RoomSummary } from "#contracts/rooms/rooms.ts";
import { roomsMessages as m } from "./messages";
import { tierLadderQueryOptions } from "./queries";

export const isPortuguese = (intl: IntlShape) => intl.locale.toLowerCase().startsWith("pt");

/** A text in the reader's language of a { en, ptBR } pair. */
export const inLanguage = (intl: IntlShape, text: { en: string; ptBR: string }) => (isPortuguese(intl) ? text.ptBR : text.en);

/** The name of a tier in the reader's language, once the ladder has loaded. */
export function useTierName(tierId: string | null): string | null {
  const intl = useIntl();
  const ladder = useQuery({ ...tierLadderQueryOptions(), enabled: tierId !== null });
  const tier = ladder.data?.tiers.find((t) => t.id === tierId);
  return tier ? inLanguage(intl, tier.name) : null;
}

export function RoomLock({ room, refusal }: { room: RoomSummary; refusal: RoomRefusal }) {
  const intl = useIntl();
  const tierName = useTierName(refusal === "tier_required" ? room.read.tierId : null);
  if (refusal === "sign_in")
    return (
      <p className="room-lock">
        <span>{intl.formatMessage(m.signIn)}</span>{" "}
        <Link to="/social/login" search={{ redirect: `/rooms/${room.id}` }}>
          {intl.formatMessage(m.signInLink)}
        </Link>
      </p>
    );
  if (refusal === "tier_required")
    return (
      <p className="room-lock">
        <span>{tierName ? intl.formatMessage(m.tierRequired, { tier: tierName }) : intl.formatMessage(m.someTier)}</span>{" "}
        <Link to="/signup-options">{intl.formatMessage(m.tierLink)}</Link>
      </p>
    );
  if (refusal === "ticket_required")
    return (
      <p className="room-lock">
        <span>{intl.formatMessage(m.ticketRequired)}</span>{" "}
        {room.read.eventId && (
          <Link to="/events" hash={`event-${room.read.eventId}`}>
            {intl.formatMessage(m.ticketLink)}
          </Link>
        )}
      </p>
    );
  return <p className="room-lock">{intl.formatMessage(m.archived)}</p>;
}
