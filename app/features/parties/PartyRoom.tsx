// The open party: its head, then the countdown, the shared player or the summary by the server's
// clock, the listeners and reactions while the room is open with the party's chat beside them (a
// community room, decision 107, which the route composes in: `chat`), and the tracklist.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { useIntl } from "react-intl";
import { formatWhen } from "../../lib/intlFormat";
import { meQueryOptions } from "../../lib/session/queries";
import { useSessionUser } from "../../lib/session/useSession";
import { partyPhaseAt, partyPositionAt, type PartyDetail } from "#contracts/parties/parties.ts";
import { ClockSync } from "../../lib/clockSync";
import { partiesMessages as m } from "./messages";
import { partiesKeys } from "./queries";
import { Countdown, PartyPlayerCard, Summary, Tracklist } from "./RoomStages";
import { RoomSocial } from "./RoomSocial";
import { usePartyRoom } from "./usePartyRoom";

/** A clock that ticks every second while the room is shown. */
function useSecondTick() {
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return tick;
}

export function PartyRoom({ party, onVipEnded, chat }: { party: PartyDetail; onVipEnded: () => void; chat?: ReactNode }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const { user } = useSessionUser();
  const [clock] = useState(() => new ClockSync());
  const localNow = useSecondTick();
  const startsAt = Date.parse(party.startsAt);
  const endsAt = Date.parse(party.endsAt);
  const serverNow = clock.serverNow(localNow);
  const phase = partyPhaseAt(startsAt, endsAt, serverNow);
  const roomOpen = phase === "open" || phase === "live";
  const { state, send } = usePartyRoom(party.id, user?.id ?? "", roomOpen && !!user, clock);

  // VIP ended (4403): leave the room for the explanation and refetch who is signed in, so the
  // header and every gate follow.
  useEffect(() => {
    if (state.connection !== "vip_ended") return;
    onVipEnded();
    void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
  }, [state.connection, onVipEnded, queryClient]);

  // The back office changed the party, or it just ended (its summary is in D1 now): read it again.
  useEffect(() => {
    if (state.changed > 0) void queryClient.invalidateQueries({ queryKey: partiesKeys.one(party.id) });
  }, [state.changed, party.id, queryClient]);
  const ended = phase === "ended" || state.summary !== null;
  useEffect(() => {
    if (!ended || party.summary) return;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: partiesKeys.one(party.id) }), 2000);
    return () => clearTimeout(timer);
  }, [ended, party.summary, party.id, queryClient]);

  const when = formatWhen(party.startsAt, intl.locale);
  return (
    <div className="party-room">
      <header className="party-room-head">
        {party.coverUrl && <img className="party-room-cover" src={party.coverUrl} alt="" width={96} height={96} />}
        <div>
          <p className="party-card-badges">
            {phase === "live" && !ended && <span className="badge badge-live">{intl.formatMessage(m.live)}</span>}
            {party.vipOnly && <span className="badge badge-vip">{intl.formatMessage(m.vipOnly)}</span>}
          </p>
          <h2 className="party-room-title">{party.title}</h2>
          <p className="muted">
            {intl.formatMessage(party.sourceType === "album" ? m.album : m.playlist)}: {party.sourceTitle} ·{" "}
            <time dateTime={party.startsAt}>{intl.formatMessage(m.startsAt, when)}</time>
          </p>
        </div>
      </header>

      {ended ? (
        <Summary party={party} summary={state.summary ?? party.summary} />
      ) : (
        <div className="party-stage">
          <div className="party-stage-main">
            {phase === "live" ? (
              <PartyPlayerCard party={party} clock={clock} serverNow={serverNow} />
            ) : (
              <Countdown startsAt={startsAt} serverNow={serverNow} open={phase === "open"} />
            )}
            {roomOpen && <RoomSocial state={state} send={send} />}
          </div>
          {roomOpen && chat}
        </div>
      )}
      <Tracklist party={party} index={phase === "live" && !ended ? (partyPositionAt(startsAt, party.tracks, serverNow)?.index ?? null) : null} />
    </div>
  );
}
