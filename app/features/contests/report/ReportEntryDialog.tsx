// Reporting a contest's entry (decision 196): the posts' reasons as radios and optional details
// (the site's report dialog, app/components/ReportDialog.tsx, in this feature's words),
// sent to the Worker, which keeps one report per member and entry. Loaded on first open (the
// contest page imports it lazily), and a catalog of its own (this folder's), so the page's first
// load carries none of its code nor its texts.
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useMutation } from "@tanstack/react-query";
import { REPORT_DETAILS_MAX, type ReportReason } from "#contracts/feed.ts";
import { ReportDialog, type DetailsNote, type ReportDialogTexts } from "../../../components/ReportDialog";
import { api } from "../../../lib/api";
import { hasCode, serverErrorText, type ErrorTexts, type UiMessage } from "../../../lib/forms/errorText";
import ReportMessages from "./messages?feature";
import { entryReportMessages as m } from "./messages";

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

/** Under the details, only once they are too long. */
function tooLongNote(_length: number, tooLong: boolean): DetailsNote | null {
  return tooLong ? { text: <FormattedMessage {...m.detailsTooLong} values={{ max: REPORT_DETAILS_MAX }} />, className: "field-error" } : null;
}

function ReportForm({ contestId, entry, onClose, onReported }: Props) {
  const intl = useIntl();
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
  const texts: ReportDialogTexts = {
    title: intl.formatMessage(m.title, { title: entry.title }),
    question: intl.formatMessage(m.question),
    details: intl.formatMessage(m.details),
    cancel: intl.formatMessage(m.cancel),
    send: intl.formatMessage(m.send),
    sending: intl.formatMessage(m.sending),
    close: intl.formatMessage(m.close),
    done: intl.formatMessage(m.done),
  };

  return (
    <ReportDialog
      texts={texts}
      sent={report.isSuccess}
      pending={report.isPending}
      error={error}
      measure={(details) => details.length}
      detailsNote={tooLongNote}
      reasonClassName="contest-report-reason"
      onSend={({ reason, details }) => {
        setError(null);
        report.mutate(details.trim() ? { reason, details } : { reason });
      }}
      onClose={onClose}
    />
  );
}
