// Releasing seats of a ticket type to its waitlist: the count, a confirmation, then how many the
// Worker says went to the line (it may be fewer than asked when fewer fans wait). The figures are
// read again after a release.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useIntl } from "react-intl";
import { Modal } from "../../../components/Modal";
import { serverErrorText, type UiMessage } from "../../../lib/forms/errorText";
import { adminKeys } from "../queries";
import { WAITLIST_ADMIN_ERROR_TEXTS } from "./errors";
import { waitlistAdminMessages as m } from "./messages";
import { releaseSeats } from "./queries";

export function ReleaseDialog({ ticketTypeId, name, onClose }: { ticketTypeId: string; name: string; onClose: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const countId = useId();
  const hintId = useId();
  const [typed, setTyped] = useState("1");
  const [step, setStep] = useState<"count" | "confirm">("count");
  const [countError, setCountError] = useState(false);
  const count = Number(typed);
  const release = useMutation({
    mutationFn: () => releaseSeats(ticketTypeId, count),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...adminKeys.all, "waitlist"] }),
  });
  const failure: UiMessage | null = release.isError ? (serverErrorText(release.error, WAITLIST_ADMIN_ERROR_TEXTS) ?? { message: m.releaseFailed }) : null;

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (!Number.isInteger(count) || count < 1) return setCountError(true);
    setCountError(false);
    setStep("confirm");
  };

  const title = intl.formatMessage(m.releaseTitle, { name });
  if (release.isSuccess)
    return (
      <Modal
        title={title}
        onClose={onClose}
        footer={
          <button type="button" className="btn btn-primary" onClick={onClose}>
            {intl.formatMessage(m.releaseClose)}
          </button>
        }
      >
        <p role="status">{intl.formatMessage(m.released, { released: release.data.released })}</p>
      </Modal>
    );
  if (step === "confirm")
    return (
      <Modal
        title={title}
        onClose={onClose}
        footer={
          <>
            <button type="button" className="btn btn-ghost" onClick={() => setStep("count")} disabled={release.isPending}>
              {intl.formatMessage(m.releaseBack)}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => release.mutate()} disabled={release.isPending}>
              {intl.formatMessage(release.isPending ? m.releasing : m.releaseYes)}
            </button>
          </>
        }
      >
        <p>{intl.formatMessage(m.releaseConfirm, { count, name })}</p>
        {failure && (
          <p role="alert" className="form-error">
            {intl.formatMessage(failure.message, failure.values)}
          </p>
        )}
      </Modal>
    );
  return (
    <Modal title={title} onClose={onClose}>
      <form onSubmit={next} noValidate>
        <div className="field">
          <label htmlFor={countId}>{intl.formatMessage(m.releaseCount)}</label>
          <input
            id={countId}
            type="number"
            inputMode="numeric"
            min={1}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            aria-describedby={hintId}
            aria-invalid={countError || undefined}
            autoFocus
          />
          <p id={hintId} className="muted">
            {intl.formatMessage(countError ? m.releaseCountInvalid : m.releaseHint)}
          </p>
        </div>
        <div className="waitlist-admin-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {intl.formatMessage(m.releaseCancel)}
          </button>
          <button type="submit" className="btn btn-primary">
            {intl.formatMessage(m.releaseNext)}
          </button>
        </div>
      </form>
    </Modal>
  );
}
