// Reporting a contest's entry (decision 196): the posts' reasons as radios and optional details,
// sent to the Worker, which keeps one report per member and entry. Loaded on first open (the
// contest page imports it lazily), and a catalog of its own (this folder's), so the page's first
// load carries none of its code nor its texts.
import { useId, useState, type FormEvent } from "react";
import { useIntl } from "react-intl";
import { useMutation } from "@tanstack/react-query";
import { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportReason } from "#contracts/feed.ts";
import { Modal } from "../../../components/Modal";
import { api } from "../../../lib/api";
import { focusOnMount } from "../../../lib/focusOnMount";
import { hasCode, serverErrorText, type ErrorTexts, type UiMessage } from "../../../lib/forms/errorText";
import ReportMessages from "./messages?feature";
import { entryReportMessages as m, entryReportReasons } from "./messages";

const REPORT_TEXTS: ErrorTexts = {
  contest_report_own_entry: m.ownEntry,
  contest_entry_not_found: m.gone,
  contest_not_found: m.gone,
};

function reportErrorText(error: unknown): UiMessage {
  if (hasCode(error, "already_reported")) return { message: m.already };
  return serverErrorText(error, REPORT_TEXTS) ?? { message: m.failed };
}

type Props = {
  contestId: string;
  entry: { id: string; title: string };
  onClose: () => void;
  /** Told once the Worker took the report, or says it has one from this member already. */
  onReported: () => void;
};

export default function ReportEntryDialog(props: Props) {
  return (
    <ReportMessages>
      <ReportForm {...props} />
    </ReportMessages>
  );
}

function ReportForm({ contestId, entry, onClose, onReported }: Props) {
  const intl = useIntl();
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const [error, setError] = useState<UiMessage | null>(null);
  const report = useMutation({
    mutationFn: (json: { reason: ReportReason; details?: string }) =>
      api<{ ok: true }>(`/api/contests/${contestId}/entries/${entry.id}/reports`, { method: "POST", json }),
    onSuccess: onReported,
    onError: (err) => {
      if (hasCode(err, "already_reported")) onReported();
      setError(reportErrorText(err));
    },
  });
  const tooLong = details.length > REPORT_DETAILS_MAX;
  const title = intl.formatMessage(m.title, { title: entry.title });

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!reason || tooLong || report.isPending) return;
    setError(null);
    report.mutate(details.trim() ? { reason, details } : { reason });
  };

  if (report.isSuccess) {
    return (
      <Modal
        title={title}
        onClose={onClose}
        footer={
          <div className="dialog-actions">
            {/* The form's buttons are gone: focus moves here instead of being lost. */}
            <button type="button" className="btn btn-primary" onClick={onClose} ref={focusOnMount}>
              {intl.formatMessage(m.close)}
            </button>
          </div>
        }
      >
        <p className="success-banner" role="status">
          {intl.formatMessage(m.done)}
        </p>
      </Modal>
    );
  }

  const formId = `${id}-form`;
  const footer = (
    <>
      {error && (
        <div className="error-banner" role="alert">
          {intl.formatMessage(error.message, error.values)}
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {intl.formatMessage(m.cancel)}
        </button>
        <button type="submit" form={formId} className="btn btn-danger" disabled={!reason || tooLong || report.isPending}>
          {intl.formatMessage(report.isPending ? m.sending : m.send)}
        </button>
      </div>
    </>
  );

  return (
    <Modal title={title} onClose={onClose} footer={footer} className="dialog-form">
      <form id={formId} className="form" noValidate onSubmit={onSubmit}>
        <fieldset>
          <legend>{intl.formatMessage(m.question)}</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className="contest-report-reason">
              <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => setReason(value)} />
              {intl.formatMessage(entryReportReasons[value])}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-details`}>{intl.formatMessage(m.details)}</label>
          <textarea
            id={`${id}-details`}
            name="details"
            rows={3}
            value={details}
            aria-invalid={tooLong || undefined}
            aria-describedby={tooLong ? `${id}-too-long` : undefined}
            onChange={(e) => setDetails(e.target.value)}
          />
          {tooLong && (
            <p id={`${id}-too-long`} className="field-error">
              {intl.formatMessage(m.detailsTooLong, { max: REPORT_DETAILS_MAX })}
            </p>
          )}
        </div>
      </form>
    </Modal>
  );
}
