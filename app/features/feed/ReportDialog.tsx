// Report a post or a comment: a reason (REPORT_REASONS, translated) and optional details. On
// success the dialog thanks the reader ('Thanks, we will review this post'); a second report of the
// same post or comment (409) says it was already reported.
import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { REPORT_DETAILS_MAX } from "#contracts/feed.ts";
import { ReportDialog as ReportForm, type DetailsNote, type ReportDialogTexts } from "../../components/ReportDialog";
import { feedErrorText, textLength, type UiMessage } from "./errors";
import { detailsTooLongMessage } from "../../lib/forms/messages";
import { counterMessage, feedMessages as m } from "./messages";
import { useReport, type ReportTarget } from "./mutations";
import { ApiRequestError } from "../../lib/api";

/** The texts that name what is reported. */
const POST_TEXTS = { title: m.reportTitle, reason: m.reportReason, done: m.reportDone, already: m.reportAlready };
const COMMENT_TEXTS = { title: m.reportCommentTitle, reason: m.reportCommentReason, done: m.reportCommentDone, already: m.reportCommentAlready };

/** Under the details, always: how long they are against the limit, or that they are too long. */
const countNote = (length: number, tooLong: boolean): DetailsNote =>
  tooLong
    ? { text: <FormattedMessage {...detailsTooLongMessage} values={{ max: REPORT_DETAILS_MAX }} />, className: "feed-counter field-error" }
    : { text: <FormattedMessage {...counterMessage} values={{ count: length, max: REPORT_DETAILS_MAX }} />, className: "feed-counter muted" };

export function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const report = useReport(target);
  const texts = target.commentId ? COMMENT_TEXTS : POST_TEXTS;
  const [error, setError] = useState<UiMessage | null>(null);
  const words: ReportDialogTexts = {
    title: <FormattedMessage {...texts.title} />,
    question: <FormattedMessage {...texts.reason} />,
    details: <FormattedMessage {...m.reportDetails} />,
    cancel: <FormattedMessage {...m.cancel} />,
    send: <FormattedMessage {...m.reportSubmit} />,
    sending: <FormattedMessage {...m.sending} />,
    close: <FormattedMessage {...m.close} />,
    done: <FormattedMessage {...texts.done} />,
  };

  return (
    <ReportForm
      texts={words}
      sent={report.isSuccess}
      pending={report.isPending}
      error={error}
      measure={textLength}
      detailsNote={countNote}
      reasonsClassName="feed-report-reasons"
      reasonClassName="feed-report-reason"
      onSend={(variables) => {
        setError(null);
        report.mutate(variables, {
          onError: (err) =>
            setError(err instanceof ApiRequestError && err.code === "already_reported" ? { message: texts.already } : feedErrorText(err, m.reportFailed)),
        });
      }}
      onClose={onClose}
    />
  );
}
