// Reporting a room message into the site's moderation queue (decision 111): a "Report" button on
// each message from someone else, then a dialog asking why (the feed's report reasons, as radios);
// the Worker keeps one report per member per message. The dialog says when it is sent, or that this
// member reported the message already.
import { useId, useState } from "react";
import { defineMessage, defineMessages, useIntl, type MessageDescriptor } from "react-intl";
import { useMutation } from "@tanstack/react-query";
import { ApiRequestError, api } from "../../lib/api";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { Modal } from "../../components/Modal";
import { REPORT_REASONS, type ReportReason } from "#contracts/feed.ts";
import type { RoomMessage } from "#contracts/rooms/rooms.ts";

const m = defineMessages({
  report: { id: "rooms.report.button", defaultMessage: "Report" },
  title: { id: "rooms.report.title", defaultMessage: "Report this message" },
  send: { id: "rooms.report.send", defaultMessage: "Send report" },
  sending: { id: "rooms.report.sending", defaultMessage: "Sending..." },
  cancel: { id: "rooms.report.cancel", defaultMessage: "Cancel" },
  close: { id: "rooms.report.close", defaultMessage: "Close" },
  sent: { id: "rooms.report.sent", defaultMessage: "Thank you: the moderators will look at it." },
  already: { id: "rooms.report.already", defaultMessage: "You have already reported this message." },
  failed: { id: "rooms.report.failed", defaultMessage: "The report was not sent. Please try again." },
  spam: { id: "rooms.report.reason.spam", defaultMessage: "Spam" },
  harassment: { id: "rooms.report.reason.harassment", defaultMessage: "Harassment" },
  hate: { id: "rooms.report.reason.hate", defaultMessage: "Hate speech" },
  sexual: { id: "rooms.report.reason.sexual", defaultMessage: "Sexual content" },
  violence: { id: "rooms.report.reason.violence", defaultMessage: "Violence" },
  other: { id: "rooms.report.reason.other", defaultMessage: "Something else against the rules" },
});

const named = {
  reportNamed: defineMessage<{ name: string }>({ id: "rooms.report.buttonNamed", defaultMessage: "Report {name}'s message" }),
  question: defineMessage<{ name: string }>({ id: "rooms.report.question", defaultMessage: "Why should the moderators look at {name}'s message?" }),
};

const REASONS: Record<ReportReason, MessageDescriptor> = m;

export function ReportButton({ message, onReport }: { message: RoomMessage; onReport: (message: RoomMessage) => void }) {
  const intl = useIntl();
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm room-report"
      aria-label={intl.formatMessage(named.reportNamed, { name: message.username })}
      onClick={() => onReport(message)}
    >
      {intl.formatMessage(m.report)}
    </button>
  );
}

export function ReportDialog({ roomId, message, onClose }: { roomId: string; message: RoomMessage; onClose: () => void }) {
  const intl = useIntl();
  const id = useId();
  const [reason, setReason] = useState<ReportReason>("spam");
  const report = useMutation({
    mutationFn: () => api(`/api/rooms/${encodeURIComponent(roomId)}/messages/${message.seq}/reports`, { method: "POST", json: { reason } }),
  });
  const already = report.error instanceof ApiRequestError && report.error.code === "already_reported";
  if (report.isSuccess || already) {
    return (
      <Modal
        title={intl.formatMessage(m.title)}
        onClose={onClose}
        footer={
          <div className="dialog-actions">
            <button type="button" className="btn btn-primary" onClick={onClose}>
              {intl.formatMessage(m.close)}
            </button>
          </div>
        }
      >
        <p role="status">{intl.formatMessage(already ? m.already : m.sent)}</p>
      </Modal>
    );
  }
  return (
    <ConfirmDialog
      title={intl.formatMessage(m.title)}
      cancelLabel={intl.formatMessage(m.cancel)}
      confirmLabel={intl.formatMessage(m.send)}
      busyLabel={intl.formatMessage(m.sending)}
      busy={report.isPending}
      error={report.isError && intl.formatMessage(m.failed)}
      onConfirm={() => report.mutate()}
      onClose={onClose}
    >
      <fieldset className="room-report-reasons">
        <legend>{intl.formatMessage(named.question, { name: message.username })}</legend>
        {REPORT_REASONS.map((r) => (
          <label key={r} className="form-choice room-report-reason">
            <input type="radio" name={`${id}-reason`} value={r} checked={reason === r} onChange={() => setReason(r)} /> {intl.formatMessage(REASONS[r])}
          </label>
        ))}
      </fieldset>
    </ConfirmDialog>
  );
}
