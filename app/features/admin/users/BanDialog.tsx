// Ban a member, or change the terms of a ban in force: the reason (the member reads it when they
// sign in) and the end, either permanent (the default) or a date and time in the admin's own time
// zone (the browser's), sent as an instant. The server checks both again; its refusal stays in the dialog.
import { useId, useState, type FormEvent } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import { Modal } from "../../../components/Modal";
import type { AdminUser } from "#contracts/admin/users.ts";
import { BAN_REASON_MAX } from "#contracts/suspension.ts";
import { banErrorMessage } from "./errors";
import { banReasonShown, usersMessages as m } from "./messages";
import { useUserSwitch } from "./queries";

const pad = (n: number) => String(n).padStart(2, "0");
const DAY_MS = 24 * 60 * 60 * 1000;
/** A timed ban's end, as first offered when the admin picks "On a date". */
export const DEFAULT_BAN_DAYS = 7;

/** An instant as a datetime-local value in the browser's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (the browser's time zone) as an instant, or null when it is not one. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const ms = new Date(value).getTime(); // no offset: read as local time
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

type Props = { user: AdminUser; onClose: () => void; onDone: (user: AdminUser, edited: boolean) => void };

export function BanDialog({ user, onClose, onDone }: Props) {
  const intl = useIntl();
  const formId = useId();
  const reasonId = useId();
  const untilId = useId();
  const errorId = useId();
  const save = useUserSwitch();
  const editing = user.ban !== null;
  // A reason the site stored as a code is shown (and, once saved, kept) as text in the admin's language.
  const [reason, setReason] = useState(() => (user.ban ? banReasonShown(intl, user.ban.reason) : ""));
  // A new ban starts as "Permanent" (until an administrator lifts it): a choice that needs nothing
  // more, so typing a reason and pressing Ban works. Choosing an end date starts from a week ahead.
  const [permanent, setPermanent] = useState(editing ? user.ban!.until === null : true);
  const [until, setUntil] = useState(user.ban?.until ? toLocalInput(user.ban.until) : "");
  const chooseTimed = () => {
    setPermanent(false);
    if (!fromLocalInput(until)) setUntil(toLocalInput(new Date(Date.now() + DEFAULT_BAN_DAYS * DAY_MS).toISOString()));
  };
  const [error, setError] = useState<MessageDescriptor | null>(null);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    if (!reason.trim()) return setError(m.errorReasonRequired);
    const end = permanent ? null : fromLocalInput(until);
    if (!permanent && !end) return setError(m.errorUntilInvalid);
    if (end && Date.parse(end) <= Date.now()) return setError(m.errorUntilPast);
    setError(null);
    save.mutate(
      { userId: user.id, which: "banned", on: true, terms: { reason: reason.trim(), until: end } },
      { onSuccess: ({ user: saved }) => onDone(saved, editing), onError: (err) => setError(banErrorMessage(err)) },
    );
  };

  const footer = (
    <>
      {error && (
        <div className="error-banner" role="alert" id={errorId}>
          {intl.formatMessage(error, { max: BAN_REASON_MAX })}
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {intl.formatMessage(m.cancel)}
        </button>
        <button type="submit" form={formId} className="btn btn-danger" disabled={save.isPending}>
          {intl.formatMessage(save.isPending ? (editing ? m.banSaving : m.banning) : editing ? m.banSave : m.banConfirm)}
        </button>
      </div>
    </>
  );

  return (
    <Modal title={intl.formatMessage(editing ? m.banEditTitle : m.banTitle)} onClose={onClose} footer={footer}>
      <form id={formId} className="form" noValidate onSubmit={submit}>
        <p>{intl.formatMessage(editing ? m.banEditIntro : m.banQuestion, { email: user.email })}</p>
        <div className="field">
          <label htmlFor={reasonId}>{intl.formatMessage(m.banReasonLabel)}</label>
          <textarea
            id={reasonId}
            name="reason"
            required
            rows={3}
            maxLength={BAN_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <fieldset className="field admin-users-ban-end">
          <legend>{intl.formatMessage(m.banEndLegend)}</legend>
          <label>
            <input type="radio" name="end" checked={permanent} onChange={() => setPermanent(true)} /> {intl.formatMessage(m.banPermanent)}
          </label>
          <label>
            <input type="radio" name="end" checked={!permanent} onChange={chooseTimed} /> {intl.formatMessage(m.banTimed)}
          </label>
          <label htmlFor={untilId}>{intl.formatMessage(m.banUntilLabel, { timeZone })}</label>
          <input
            id={untilId}
            type="datetime-local"
            name="until"
            disabled={permanent}
            value={until}
            onChange={(event) => setUntil(event.target.value)}
            aria-describedby={error ? errorId : undefined}
          />
        </fieldset>
      </form>
    </Modal>
  );
}
