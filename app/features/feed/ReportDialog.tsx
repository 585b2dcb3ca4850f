// Report a post or a comment: a reason (REPORT_REASONS, translated) and optional details. On
// success the dialog thanks the reader ('Thanks, we will review this post'); a second report of the
// same post or comment (409) says it was already reported.
import { useId, useState, type FormEvent } from "react";
import { FormattedMessage } from "react-intl";
import { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportReason } from "#contracts/feed.ts";
import { Modal } from "../../components/Modal";
import { UiText } from "../../components/form/FormField";
import { feedErrorText, textLength, type UiMessage } from "./errors";
import { detailsTooLongMessage } from "../../lib/forms/messages";
import { counterMessage, feedMessages as m, reportReasonMessages } from "./messages";
import { useReport, type ReportTarget } from "./mutations";
import { ApiRequestError } from "../../lib/api";
import { focusOnMount } from "../../lib/focusOnMount";

/** The texts that name what is reported. */
const POST_TEXTS = { title: m.reportTitle, reason: m.reportReason, done: m.reportDone, already: m.reportAlready };
const COMMENT_TEXTS = { title: m.reportCommentTitle, reason: m.reportCommentReason, done: m.reportCommentDone, already: m.reportCommentAlready };

export function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const id = useId();
  const report = useReport(target);
  const texts = target.commentId ? COMMENT_TEXTS : POST_TEXTS;
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const [error, setError] = useState<UiMessage | null>(null);
  const length = textLength(details);
  const tooLong = length > REPORT_DETAILS_MAX;

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!reason || tooLong || report.isPending) return;
    setError(null);
    report.mutate(
      { reason, details },
      {
        onError: (err) =>
          setError(err instanceof ApiRequestError && err.code === "already_reported" ? { message: texts.already } : feedErrorText(err, m.reportFailed)),
      },
    );
  };

  if (report.isSuccess) {
    return (
      <Modal
        title={<FormattedMessage {...texts.title} />}
        onClose={onClose}
        footer={
          <div className="dialog-actions">
            {/* The form's buttons are gone: focus moves here instead of being lost. */}
            <button type="button" className="btn btn-primary" onClick={onClose} ref={focusOnMount}>
              <FormattedMessage {...m.close} />
            </button>
          </div>
        }
      >
        <p className="success-banner" role="status">
          <FormattedMessage {...texts.done} />
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
          <FormattedMessage {...m.cancel} />
        </button>
        <button type="submit" form={formId} className="btn btn-danger" disabled={!reason || tooLong || report.isPending}>
          <FormattedMessage {...(report.isPending ? m.sending : m.reportSubmit)} />
        </button>
      </div>
    </>
  );

  return (
    <Modal title={<FormattedMessage {...texts.title} />} onClose={onClose} footer={footer} className="dialog-form">
      <form id={formId} className="form" noValidate onSubmit={onSubmit}>
        <fieldset className="feed-report-reasons">
          <legend>
            <FormattedMessage {...texts.reason} />
          </legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className="feed-report-reason">
              <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => setReason(value)} />
              <FormattedMessage {...reportReasonMessages[value]} />
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-details`}>
            <FormattedMessage {...m.reportDetails} />
          </label>
          <textarea
            id={`${id}-details`}
            name="details"
            rows={3}
            value={details}
            aria-invalid={tooLong || undefined}
            aria-describedby={`${id}-count`}
            onChange={(e) => setDetails(e.target.value)}
          />
          <p id={`${id}-count`} className={tooLong ? "feed-counter field-error" : "feed-counter muted"}>
            {tooLong ? (
              <FormattedMessage {...detailsTooLongMessage} values={{ max: REPORT_DETAILS_MAX }} />
            ) : (
              <FormattedMessage {...counterMessage} values={{ count: length, max: REPORT_DETAILS_MAX }} />
            )}
          </p>
        </div>
      </form>
    </Modal>
  );
}
