// Pieces the waitlist's lines share: how busy a list is in words, a refusal's text by its code, and
// Leave with its confirmation.
import { useState } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { serverErrorText } from "../../lib/forms/errorText";
import type { WaitlistBusy, WaitlistPlace } from "#contracts/waitlist/model.ts";
import { WAITLIST_TEXTS } from "./errors";
import { waitlistMessages as m } from "./messages";
import { useLeave } from "./queries";

/** "Many fans are waiting": the list's busy level, never its length or a position. */
export const BUSY_WORDS: Record<WaitlistBusy, MessageDescriptor> = { few: m.busyFew, some: m.busySome, many: m.busyMany };
export const ON_LIST_WORDS: Record<WaitlistBusy, MessageDescriptor> = { few: m.onListFew, some: m.onListSome, many: m.onListMany };

/** A failed write's text: the refusal's by its code, else the write's own "please try again". */
export function ErrorLine({ error, fallback }: { error: unknown; fallback: MessageDescriptor }) {
  const intl = useIntl();
  if (!error) return null;
  const known = serverErrorText(error, WAITLIST_TEXTS);
  return (
    <p className="field-error waitlist-error" role="alert">
      {known ? intl.formatMessage(known.message, known.values) : intl.formatMessage(fallback)}
    </p>
  );
}

/** "Leave", asking first: a place left is a place lost (joining again puts the member at the end). */
export function LeaveButton({ place, name }: { place: WaitlistPlace; name: string }) {
  const intl = useIntl();
  const leave = useLeave();
  const [asking, setAsking] = useState(false);
  const close = () => {
    leave.reset();
    setAsking(false);
  };
  return (
    <>
      <button type="button" className="btn btn-ghost btn-sm" aria-label={intl.formatMessage(m.leaveLabel, { name })} onClick={() => setAsking(true)}>
        {intl.formatMessage(m.leave)}
      </button>
      {asking && (
        <ConfirmDialog
          title={intl.formatMessage(m.leaveTitle)}
          cancelLabel={intl.formatMessage(m.leaveCancel)}
          confirmLabel={intl.formatMessage(m.leaveConfirm)}
          busyLabel={intl.formatMessage(m.leaving)}
          busy={leave.isPending}
          error={leave.error ? <ErrorText error={leave.error} fallback={m.leaveFailed} /> : undefined}
          onConfirm={() => leave.mutate(place.id, { onSuccess: () => setAsking(false) })}
          onClose={close}
        >
          <p>{intl.formatMessage(m.leaveText)}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** The text alone, for a dialog that draws its own alert around it. */
export function ErrorText({ error, fallback }: { error: unknown; fallback: MessageDescriptor }) {
  const intl = useIntl();
  const known = serverErrorText(error, WAITLIST_TEXTS);
  return <>{known ? intl.formatMessage(known.message, known.values) : intl.formatMessage(fallback)}</>;
}
