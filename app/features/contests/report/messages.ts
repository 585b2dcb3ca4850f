// What the Report control on a contest's entries says (decision 196): the posts' reasons, in this
// feature's own words, since one feature does not import another's texts.
import { defineMessage, defineMessages } from "react-intl";
import type { ReportReason } from "#contracts/feed.ts";

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

export const entryReportReasons = defineMessages({
  spam: { id: "contests.report.reason.spam", defaultMessage: "Spam or advertising" },
  harassment: { id: "contests.report.reason.harassment", defaultMessage: "Harassment or bullying" },
  hate: { id: "contests.report.reason.hate", defaultMessage: "Hate speech" },
  sexual: { id: "contests.report.reason.sexual", defaultMessage: "Sexual content" },
  violence: { id: "contests.report.reason.violence", defaultMessage: "Violence or threats" },
  other: { id: "contests.report.reason.other", defaultMessage: "Something else" },
} satisfies Record<ReportReason, unknown>);
