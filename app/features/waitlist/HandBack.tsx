// "Hand back" on a ticket in My tickets (decision 185): a dialog says what the member gets back (the
// price they paid for it; no service fee) and when (once a fan on the waitlist pays; until then the
// ticket stays theirs). Handed back, the ticket says "Handed back — waiting for a fan" with what the
// Worker will refund and "Take back", until a fan is offered it. Offered only on a ticket that may
// still change hands, and not once returns have closed before the show.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useIntl } from "react-intl";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { formatMoney } from "../../lib/intlFormat";
import type { MyTicket, MyTicketEvent } from "#contracts/tickets/mine-model.ts";
import { WAITLIST_CLOSES_BEFORE_START_MS, type TicketReturn } from "#contracts/waitlist/model.ts";
import WaitlistMessages from "./messages?feature";
import { waitlistMessages as m } from "./messages";
import { ErrorLine, ErrorText } from "./parts";
import { returnsQueryOptions, useHandBack, useTakeBack } from "./queries";
import "./waitlist.css";

type Props = { ticket: MyTicket; event: MyTicketEvent };

export function TicketHandBack(props: Props) {
  return (
    <WaitlistMessages>
      <HandBackLine {...props} />
    </WaitlistMessages>
  );
}

/** A return still the ticket's: waiting for a fan, or offered to one. */
const liveReturn = (returns: TicketReturn[] | undefined, ticketId: string) =>
  returns?.find((r) => r.ticketId === ticketId && (r.status === "listed" || r.status === "offered"));

const mayHandBack = (ticket: MyTicket, event: MyTicketEvent) =>
  ticket.transferable && event.status === "published" && Date.parse(event.startsAt) - WAITLIST_CLOSES_BEFORE_START_MS > Date.now();

function HandBackLine({ ticket, event }: Props) {
  const returns = useQuery({ ...returnsQueryOptions(), enabled: ticket.status === "valid" });
  const handed = liveReturn(returns.data?.returns, ticket.id);
  if (handed) return <HandedBack ticket={ticket} handed={handed} />;
  // Until the returns are read, no button: one already handed back would offer it twice.
  if (returns.status === "pending" || !mayHandBack(ticket, event)) return null;
  return <HandBackButton ticket={ticket} />;
}

function HandedBack({ ticket, handed }: { ticket: MyTicket; handed: TicketReturn }) {
  const intl = useIntl();
  const takeBack = useTakeBack();
  const amount = formatMoney(handed.refundCents / 100, handed.currency.toUpperCase(), intl.locale);
  return (
    <div className="waitlist-returned" data-testid="ticket-returned">
      <p>
        <strong>{intl.formatMessage(handed.status === "offered" ? m.handedBackOffered : m.handedBack)}</strong>{" "}
        <span className="muted">{intl.formatMessage(m.handedBackRefund, { amount })}</span>
      </p>
      {handed.status === "listed" && (
        <button
          type="button"
          className="btn btn-ghost btn-sm ticket-no-print"
          aria-label={intl.formatMessage(m.takeBackLabel, { code: ticket.code })}
          disabled={takeBack.isPending}
          onClick={() => takeBack.mutate(handed.id)}
        >
          {intl.formatMessage(takeBack.isPending ? m.takingBack : m.takeBack)}
        </button>
      )}
      <ErrorLine error={takeBack.error} fallback={m.takeBackFailed} />
    </div>
  );
}

function HandBackButton({ ticket }: { ticket: MyTicket }) {
  const intl = useIntl();
  const handBack = useHandBack();
  const [asking, setAsking] = useState(false);
  const amount = formatMoney(ticket.priceCents / 100, ticket.currency.toUpperCase(), intl.locale);
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-sm ticket-no-print"
        aria-label={intl.formatMessage(m.handBackLabel, { code: ticket.code })}
        onClick={() => setAsking(true)}
      >
        {intl.formatMessage(m.handBack)}
      </button>
      {asking && (
        <ConfirmDialog
          title={intl.formatMessage(m.handBackTitle)}
          cancelLabel={intl.formatMessage(m.handBackCancel)}
          confirmLabel={intl.formatMessage(m.handBackConfirm)}
          busyLabel={intl.formatMessage(m.handingBack)}
          busy={handBack.isPending}
          tone="primary"
          error={handBack.error ? <ErrorText error={handBack.error} fallback={m.handBackFailed} /> : undefined}
          onConfirm={() => handBack.mutate(ticket.id, { onSuccess: () => setAsking(false) })}
          onClose={() => {
            handBack.reset();
            setAsking(false);
          }}
        >
          <p>{intl.formatMessage(m.handBackIntro)}</p>
          <p className="waitlist-refund">{intl.formatMessage(m.handBackRefund, { amount })}</p>
          <p>{intl.formatMessage(m.handBackWhen)}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
