// A listening party's room (/parties/$partyId): before the start a countdown (the room opens 15
// minutes before, with the listeners and the chat), during it the shared player, the listeners'
// avatars, reactions and the chat (the party's community room, which the route passes in as
// `chat`: a feature never imports another), and at the
// end the summary with a link to the album (or the playlist's tracks). The clock is the server's,
// estimated by ClockSync (app/lib/clockSync.ts); the Worker decides every right again. This file loads the
// party; PartyRoom.tsx is the room itself.
import { Link } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { EmptyState } from "../../components/EmptyState";
import { VipGatePanel } from "../../components/Gate";
import { PageFrame } from "../../components/PageFrame";
import { QueryState } from "../../components/QueryState";
import { usePageMeta } from "../../lib/usePageMeta";
import { hasStatus } from "../../lib/forms/errorText";
import PartiesMessages from "./messages?feature";
import { PartyRoom } from "./PartyRoom";
import { partiesMessages as m } from "./messages";
import { partyQueryOptions } from "./queries";
import "./parties.css";

type ChatSlot = { chat?: ReactNode };

export function PartyRoomPage({ partyId, chat }: { partyId: string } & ChatSlot) {
  return (
    <PartiesMessages>
      <RoomPage partyId={partyId} chat={chat} />
    </PartiesMessages>
  );
}

function RoomPage({ partyId, chat }: { partyId: string } & ChatSlot) {
  usePageMeta({ title: m.pageTitle });
  return (
    <PageFrame title={<FormattedMessage {...m.pageTitle} />}>
      <RoomLoader partyId={partyId} chat={chat} />
    </PageFrame>
  );
}

function RoomLoader({ partyId, chat }: { partyId: string } & ChatSlot) {
  const intl = useIntl();
  const query = useQuery(partyQueryOptions(partyId));
  // The member's VIP ended while in a VIP-only party (the room closed 4403): kept here, above the
  // room, so the explanation stays when the party's next read answers 403 and the gate replaces it.
  const [vipEnded, setVipEnded] = useState(false);
  const onVipEnded = useCallback(() => setVipEnded(true), []);
  if (vipEnded)
    return (
      <>
        <VipEndedNotice />
        <VipGatePanel />
      </>
    );
  if (query.data === undefined && hasStatus(query.error, 403)) return <VipGatePanel />;
  if (query.data === undefined && hasStatus(query.error, 404)) return <EmptyState icon="calendar" title={intl.formatMessage(m.notFound)} />;
  return (
    <QueryState query={query} loading={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.loadFailed)} retry={intl.formatMessage(m.retry)}>
      {({ party }) =>
        party.status === "cancelled" ? (
          <EmptyState icon="calendar" title={party.title} hint={intl.formatMessage(m.cancelled)} />
        ) : (
          <PartyRoom party={party} onVipEnded={onVipEnded} chat={chat} />
        )
      }
    </QueryState>
  );
}

/** Why the member left a VIP-only party, with the way back (as the chat page says it). */
function VipEndedNotice() {
  const intl = useIntl();
  return (
    <div className="error-banner" role="alert">
      <span>{intl.formatMessage(m.vipEnded)}</span>{" "}
      <Link to="/vip-signup" className="btn btn-ghost btn-sm">
        {intl.formatMessage(m.vipAgain)}
      </Link>
    </div>
  );
}
