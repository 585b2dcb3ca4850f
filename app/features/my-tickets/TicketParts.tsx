// Pieces both tickets pages show: the event's date in its own time zone, the venue, a ticket's
// status, the name at the door with its inline editor, and the Transfer button with its dialog.
import { Link } from "@tanstack/react-router";
import { useRef, useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { FormField } from "../../components/form/FormField";
import { Modal } from "../../components/Modal";
import { serverErrorText, type UiMessage } from "../../lib/forms/errorText";
import type { Locale } from "#contracts/locale.ts";
import { TICKET_LIMITS } from "#contracts/tickets/event-tickets-model.ts";
import type { MyTicket, MyTicketEvent } from "#contracts/tickets/mine-model.ts";
import { MY_TICKETS_TEXTS } from "./errors";
import { myTicketsMessages as m } from "./messages";
import { useSetHolder, useTransfer } from "./queries";

/** The event's start as the venue's clock says it, with the zone's name ("Sat, Dec 5, 2026, 9:00 PM EST"). */
export function EventWhen({ event }: { event: MyTicketEvent }) {
  const intl = useIntl();
  return (
    <time dateTime={event.startsAt}>
      {intl.formatDate(event.startsAt, {
        weekday: "short",
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
        timeZone: event.timeZone,
        timeZoneName: "short",
      })}
    </time>
  );
}

export function eventWhere(event: MyTicketEvent): string | null {
  if (event.isOnline) return null;
  return [event.venueName, event.venueAddress, event.venueCity].filter(Boolean).join(", ") || null;
}

export function TicketStatus({ ticket, event }: { ticket: MyTicket; event: MyTicketEvent }) {
  const intl = useIntl();
  const text =
    ticket.status === "checked_in"
      ? intl.formatMessage(m.statusCheckedIn, {
          time: intl.formatTime(ticket.checkedInAt ?? event.startsAt, { hour: "numeric", minute: "2-digit", timeZone: event.timeZone }),
        })
      : intl.formatMessage({ valid: m.statusValid, refunded: m.statusRefunded, cancelled: m.statusCancelled }[ticket.status]);
  return <span className={`ticket-status ticket-status-${ticket.status}`}>{text}</span>;
}

/** The name at the door, and while it may change, an Edit button that opens an inline form. */
export function HolderName({ ticket, locale }: { ticket: MyTicket; locale: Locale }) {
  const intl = useIntl();
  const save = useSetHolder(ticket.id, locale);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState("");
  const editButton = useRef<HTMLButtonElement>(null);
  const error: UiMessage | undefined = save.error ? (serverErrorText(save.error, MY_TICKETS_TEXTS) ?? { message: m.holderFailed }) : undefined;

  const close = () => {
    setEditing(false);
    // Focus back where the member was, once the button is there again.
    queueMicrotask(() => editButton.current?.focus());
  };
  const cancel = () => {
    save.reset();
    close();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(value, { onSuccess: close });
  };

  if (editing) {
    return (
      <form className="ticket-holder-form" onSubmit={submit} noValidate onKeyDown={(e) => e.key === "Escape" && cancel()}>
        <FormField
          label={intl.formatMessage(m.holderEditLabel, { code: ticket.code })}
          value={value}
          maxLength={TICKET_LIMITS.holderNameMax}
          autoComplete="name"
          autoFocus
          error={error}
          onChange={(e) => {
            setValue(e.target.value);
            save.reset();
          }}
        />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending}>
            {intl.formatMessage(save.isPending ? m.holderSaving : m.holderSave)}
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={cancel}>
            {intl.formatMessage(m.holderCancel)}
          </button>
        </div>
      </form>
    );
  }
  return (
    <div className="ticket-holder">
      <span className="ticket-label">{intl.formatMessage(m.holder)}</span>{" "}
      <span className="ticket-holder-name" data-testid="ticket-holder">
        {ticket.holderName ?? <span className="muted">{intl.formatMessage(m.holderNone)}</span>}
      </span>
      {ticket.editable ? (
        <button
          ref={editButton}
          type="button"
          className="btn btn-ghost btn-sm ticket-no-print"
          aria-label={intl.formatMessage(m.holderEditNamed, { code: ticket.code })}
          onClick={() => {
            save.reset();
            setValue(ticket.holderName ?? "");
            setEditing(true);
          }}
        >
          {intl.formatMessage(m.holderEdit)}
        </button>
      ) : ticket.status === "valid" ? (
        <p className="muted ticket-no-print">{intl.formatMessage(m.holderLocked)}</p>
      ) : null}
      {save.isSuccess && (
        <span className="muted ticket-no-print" role="status">
          {" "}
          {intl.formatMessage(m.holderSaved)}
        </span>
      )}
    </div>
  );
}

/** "Transfer": a dialog asking for the recipient's username, saying the old QR stops working. */
export function TransferButton({ ticket, onTransferred }: { ticket: MyTicket; onTransferred: (username: string) => void }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  if (!ticket.transferable) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-sm ticket-no-print"
        aria-label={intl.formatMessage(m.transferLabel, { code: ticket.code })}
        onClick={() => setOpen(true)}
      >
        {intl.formatMessage(m.transfer)}
      </button>
      {open && <TransferDialog ticket={ticket} onClose={() => setOpen(false)} onTransferred={onTransferred} />}
    </>
  );
}

function TransferDialog({ ticket, onClose, onTransferred }: { ticket: MyTicket; onClose: () => void; onTransferred: (username: string) => void }) {
  const intl = useIntl();
  const transfer = useTransfer(ticket.id);
  const [username, setUsername] = useState("");
  const formId = `transfer-${ticket.id}`;
  const error: UiMessage | undefined = transfer.error ? (serverErrorText(transfer.error, MY_TICKETS_TEXTS) ?? { message: m.transferFailed }) : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim()) return;
    transfer.mutate(username.trim(), {
      onSuccess: (answer) => {
        onClose();
        onTransferred(answer.to);
      },
    });
  };
  return (
    <Modal
      title={intl.formatMessage(m.transferTitle)}
      onClose={onClose}
      footer={
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {intl.formatMessage(m.transferCancel)}
          </button>
          <button type="submit" form={formId} className="btn btn-danger" disabled={transfer.isPending || !username.trim()}>
            {intl.formatMessage(transfer.isPending ? m.transferring : m.transferConfirm)}
          </button>
        </div>
      }
    >
      <form id={formId} className="form" onSubmit={submit} noValidate>
        <p>
          <FormattedMessage {...m.transferIntro} />
        </p>
        <p className="info-banner ticket-transfer-warning">
          <FormattedMessage {...m.transferWarning} />
        </p>
        <FormField
          label={intl.formatMessage(m.transferUsername)}
          value={username}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={30}
          required
          error={error}
          onChange={(e) => {
            setUsername(e.target.value);
            transfer.reset();
          }}
        />
      </form>
    </Modal>
  );
}

/** Where a valid online ticket (decision 113) is watched, or null: such a ticket has no QR and no door. */
export function watchUrlOf(ticket: MyTicket): string | null {
  return ticket.kind === "online" && ticket.status === "valid" ? ticket.watchUrl : null;
}

/** "Watch": the show's page, in place of the QR for a ticket to watch online. */
export function WatchLink({ ticket, title }: { ticket: MyTicket; title: string }) {
  const intl = useIntl();
  const url = watchUrlOf(ticket);
  const eventId = url?.split("/").pop();
  if (!eventId) return null;
  return (
    <Link to="/live/$eventId" params={{ eventId }} className="btn btn-primary btn-sm" aria-label={intl.formatMessage(m.watchLabel, { title })}>
      {intl.formatMessage(m.watch)}
    </Link>
  );
}
