// The dialog a member reports something in (a feed post or comment, a contest's entry): why, as the
// report reasons' radios, optional details under a note (a counter, the too-long text), Cancel and
// Send; once the Worker took it, the thanks with a Close that takes the focus. The caller sends the
// report and says how it went; each feature gives its own words, and the reasons read alike everywhere.
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { defineMessages, FormattedMessage } from "react-intl";
import { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportReason } from "#contracts/feed.ts";
import { Modal } from "./Modal";
import { UiText } from "./form/FormField";
import { focusOnMount } from "../lib/focusOnMount";
import type { UiMessage } from "../lib/forms/errorText";

const reasonMessages = defineMessages({
  spam: { id: "report.reason.spam", defaultMessage: "Spam or advertising" },
  harassment: { id: "report.reason.harassment", defaultMessage: "Harassment or bullying" },
  hate: { id: "report.reason.hate", defaultMessage: "Hate speech" },
  sexual: { id: "report.reason.sexual", defaultMessage: "Sexual content" },
  violence: { id: "report.reason.violence", defaultMessage: "Violence or threats" },
  other: { id: "report.reason.other", defaultMessage: "Something else" },
} satisfies Record<ReportReason, unknown>);

/** The feature's words, rendered. */
export type ReportDialogTexts = Record<"title" | "question" | "details" | "cancel" | "send" | "sending" | "close" | "done", ReactNode>;

/** What stands under the details, and its class. */
export type DetailsNote = { text: ReactNode; className: string };

type Props = {
  texts: ReportDialogTexts;
  /** The Worker took the report: the thanks replace the form. */
  sent: boolean;
  pending: boolean;
  error: UiMessage | null;
  /** The details' length as the limit counts it. */
  measure: (details: string) => number;
  /** The note under the details for their length, or none. */
  detailsNote: (length: number, tooLong: boolean) => DetailsNote | null;
  reasonsClassName?: string;
  reasonClassName: string;
  onSend: (report: { reason: ReportReason; details: string }) => void;
  onClose: () => void;
};

export function ReportDialog({ texts, sent, pending, error, measure, detailsNote, reasonsClassName, reasonClassName, onSend, onClose }: Props) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const length = measure(details);
  const tooLong = length > REPORT_DETAILS_MAX;
  const note = detailsNote(length, tooLong);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!reason || tooLong || pending) return;
    onSend({ reason, details });
  };

  if (sent) {
    return (
      <Modal
        title={texts.title}
        onClose={onClose}
        footer={
          <div className="dialog-actions">
            {/* The form's buttons are gone: focus moves here instead of being lost. */}
            <button type="button" className="btn btn-primary" onClick={onClose} ref={focusOnMount}>
              {texts.close}
            </button>
          </div>
        }
      >
        <p className="success-banner" role="status">
          {texts.done}
        </p>
      </Modal>
    );
  }

  const formId = `${id}-form`;
  const footer = (
    <>
      {error && (
        <div className="error-banner" role="alert">
          <UiText value={error} />
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {texts.cancel}
        </button>
        <button type="submit" form={formId} className="btn btn-danger" disabled={!reason || tooLong || pending}>
          {pending ? texts.sending : texts.send}
        </button>
      </div>
    </>
  );

  return (
    <Modal title={texts.title} onClose={onClose} footer={footer} className="dialog-form">
      <form id={formId} className="form" noValidate onSubmit={onSubmit}>
        <fieldset className={reasonsClassName}>
          <legend>{texts.question}</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className={reasonClassName}>
              <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => setReason(value)} />
              <FormattedMessage {...reasonMessages[value]} />
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-details`}>{texts.details}</label>
          <textarea
            id={`${id}-details`}
            name="details"
            rows={3}
            value={details}
            aria-invalid={tooLong || undefined}
            aria-describedby={note ? `${id}-note` : undefined}
            onChange={(e) => setDetails(e.target.value)}
          />
          {note && (
            <p id={`${id}-note`} className={note.className}>
              {note.text}
            </p>
          )}
        </div>
      </form>
    </Modal>
  );
}
