// What the Report control on a contest's entries says (decision 196), in this feature's own words,
// since one feature does not import another's texts; the reasons are the report dialog's
// (app/components/ReportDialog.tsx), the same wherever something is reported.
import { defineMessage, defineMessages } from "react-intl";

export const entryReportMessages = {
  ...defineMessages({
    question: { id: "contests.report.question", defaultMessage: "Why should the moderators look at this remix?" },
    details: { id: "contests.report.details", defaultMessage: "Details (optional)" },
    send: { id: "contests.report.send", defaultMessage: "Send report" },
    sending: { id: "contests.report.sending", defaultMessage: "Sending..." },
    cancel: { id: "contests.report.cancel", defaultMessage: "Cancel" },
    close: { id: "contests.report.close", defaultMessage: "Close" },
    done: { id: "contests.report.done", defaultMessage: "Reported, thank you. The moderators will look at it." },
    already: { id: "contests.report.already", defaultMessage: "You have already reported this remix." },
    ownEntry: { id: "contests.report.ownEntry", defaultMessage: "You cannot report your own remix." },
    gone: { id: "contests.report.gone", defaultMessage: "This remix is no longer in the contest." },
    failed: { id: "contests.report.failed", defaultMessage: "The report was not sent. Please try again." },
  }),
  detailsTooLong: defineMessage<{ max: number }>({ id: "contests.report.detailsTooLong", defaultMessage: "Details can be at most {max, number} characters" }),
  title: defineMessage<{ title: string }>({ id: "contests.report.title", defaultMessage: "Report {title}" }),
};
