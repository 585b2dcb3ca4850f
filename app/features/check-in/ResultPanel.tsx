// What the last read said, large enough to read at arm's length: a colour and a word for the
// answer; for a pass the member's picture and name, for a ticket its type, the name on it and who
// holds it (decision 055); and why a ticket is refused or what to do next. Times are the event's.
import { useIntl, type MessageDescriptor } from "react-intl";
import { Avatar } from "../../components/Avatar";
import type { CheckInResponse, CheckInResult, CheckInTicket } from "#contracts/tickets/vip-pass.ts";
import { checkInMessages as m } from "./messages";

const HEADLINE: Record<CheckInResult, MessageDescriptor> = {
  valid: m.resultValid,
  already_checked_in: m.resultAlready,
  expired: m.resultExpired,
  not_vip: m.resultNotVip,
  below_tier: m.resultBelowTier,
  unknown: m.resultUnknown,
  wrong_event: m.ticketWrongEvent,
  refunded: m.ticketRefunded,
  cancelled: m.ticketCancelled,
  replaced: m.ticketReplaced,
  online_only: m.ticketOnlineOnly,
};

/** A ticket's own words where a pass's would mislead ("Already used" rather than "Already checked in"). */
const TICKET_HEADLINE: Partial<Record<CheckInResult, MessageDescriptor>> = {
  valid: m.ticketValid,
  already_checked_in: m.ticketAlready,
};

const HINT: Partial<Record<CheckInResult, MessageDescriptor>> = {
  expired: m.resultExpiredHint,
  not_vip: m.resultNotVipHint,
  below_tier: m.resultBelowTierHint,
  unknown: m.resultUnknownHint,
  wrong_event: m.ticketWrongEventHint,
  refunded: m.ticketRefundedHint,
  cancelled: m.ticketCancelledHint,
  replaced: m.ticketReplacedHint,
  online_only: m.ticketOnlineOnlyHint,
};

export function ResultPanel({ answer }: { answer: CheckInResponse }) {
  const intl = useIntl();
  const { result, member, ticket, checkedInAt } = answer;
  const hint = HINT[result];
  const headline = (ticket && TICKET_HEADLINE[result]) ?? HEADLINE[result];
  return (
    <div
      className={`card check-in-result check-in-result-${result}`}
      data-testid="check-in-result"
      data-result={result}
      data-kind={ticket || result === "replaced" ? "ticket" : member ? "pass" : undefined}
    >
      <p className="check-in-result-headline">{intl.formatMessage(headline)}</p>
      {member && (
        <div className="check-in-result-member">
          <Avatar src={member.avatarUrl} alt={intl.formatMessage(m.avatarAlt, { name: member.name })} size={72} />
          <div>
            <p className="check-in-result-name">{member.name}</p>
            {member.vipSince && result === "valid" && (
              <p className="muted">{intl.formatMessage(m.resultVipSince, { date: intl.formatDate(member.vipSince, { dateStyle: "medium" }) })}</p>
            )}
            {result === "already_checked_in" && checkedInAt && (
              <p>{intl.formatMessage(m.resultAlreadyAt, { time: intl.formatTime(checkedInAt, { timeStyle: "short" }) })}</p>
            )}
          </div>
        </div>
      )}
      {ticket && <TicketDetails ticket={ticket} result={result} checkedInAt={checkedInAt} />}
      {hint && <p className="muted">{intl.formatMessage(hint)}</p>}
    </div>
  );
}

/** The type's name in the page's language (the English name when the type has no Portuguese one). */
export const ticketTypeName = (ticket: Pick<CheckInTicket, "typeName" | "typeNamePtBr">, locale: string) =>
  locale.toLowerCase().startsWith("pt") && ticket.typeNamePtBr ? ticket.typeNamePtBr : ticket.typeName;

function TicketDetails({ ticket, result, checkedInAt }: { ticket: CheckInTicket; result: CheckInResult; checkedInAt?: string }) {
  const intl = useIntl();
  const time = checkedInAt ? intl.formatTime(checkedInAt, { timeStyle: "short", timeZone: ticket.event.timeZone }) : null;
  return (
    <div className="check-in-result-ticket" data-testid="check-in-ticket">
      <p className="check-in-result-name">{ticketTypeName(ticket, intl.locale)}</p>
      <p className="check-in-result-holder">
        {ticket.holderName ? intl.formatMessage(m.ticketHolder, { name: ticket.holderName }) : intl.formatMessage(m.ticketNoHolder)}
      </p>
      <p className="muted">{ticket.ownerName ? intl.formatMessage(m.ticketOwner, { name: ticket.ownerName }) : intl.formatMessage(m.ticketGuest)}</p>
      {result === "already_checked_in" && time && (
        <p className="check-in-result-used">
          {ticket.checkedInBy ? intl.formatMessage(m.ticketAlreadyAtBy, { time, name: ticket.checkedInBy }) : intl.formatMessage(m.ticketAlreadyAt, { time })}
        </p>
      )}
      {result === "wrong_event" && (
        <p className="check-in-result-used">
          {intl.formatMessage(m.ticketWrongEventFor, {
            title: ticket.event.title,
            date: intl.formatDate(ticket.event.eventDate, { dateStyle: "medium", timeStyle: "short", timeZone: ticket.event.timeZone }),
          })}
        </p>
      )}
    </div>
  );
}
