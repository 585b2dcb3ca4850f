// One contact message: subject, status and priority badges, sender, date, labels, the body as
// typed, the replies ('Admin Reply' with the sent time, or 'Not sent'), and the actions: mark read
// or unread, set high priority (the status stays), labels, reply, delete.
import { useId, useState } from "react";
import { useIntl } from "react-intl";
import type { AdminMessageView, MessageUpdateRequest } from "#contracts/admin/messages.ts";
import { DeleteMessageDialog } from "./DeleteMessageDialog";
import { LabelsEditor } from "./LabelsEditor";
import { PRIORITY_LABELS, STATUS_LABELS } from "./labels";
import { inboxMessages as m } from "./messages";
import { useUpdateMessage } from "./queries";
import { ReplyBox } from "./ReplyBox";

const DATE_TIME = { dateStyle: "medium", timeStyle: "short" } as const;

export function MessageCard({ message, onUpdateFailed }: { message: AdminMessageView; onUpdateFailed: () => void }) {
  const intl = useIntl();
  const headingId = useId();
  const [open, setOpen] = useState<"reply" | "labels" | "delete" | null>(null);
  const update = useUpdateMessage();
  const change = (patch: MessageUpdateRequest, done?: () => void) => update.mutate({ id: message.id, patch }, { onSuccess: done, onError: onUpdateFailed });
  const when = (iso: string) => intl.formatDate(iso, DATE_TIME);

  return (
    <article className={`card inbox-card inbox-${message.status}`} aria-labelledby={headingId}>
      <header className="inbox-card-head">
        <h3 id={headingId} className="inbox-subject">
          {message.subject}
        </h3>
        <span className="inbox-badges">
          <span className={`badge inbox-status-${message.status}`}>{intl.formatMessage(STATUS_LABELS[message.status])}</span>
          <span className={`badge inbox-priority-${message.priority}`}>{intl.formatMessage(PRIORITY_LABELS[message.priority])}</span>
        </span>
      </header>
      <p className="muted inbox-meta">
        {intl.formatMessage(m.from, { name: message.name, email: message.email })} · <time dateTime={message.createdAt}>{when(message.createdAt)}</time>
      </p>
      {message.labels.length > 0 && (
        <ul className="inbox-labels" aria-label={intl.formatMessage(m.labels)}>
          {message.labels.map((label) => (
            <li key={label} className="badge">
              {label}
            </li>
          ))}
        </ul>
      )}
      <p className="inbox-body">{message.message}</p>

      {message.replies.length > 0 && (
        <ul className="inbox-replies" aria-label={intl.formatMessage(m.replies)}>
          {message.replies.map((reply) => (
            <li key={reply.id} className={reply.sentAt ? "inbox-reply" : "inbox-reply inbox-reply-unsent"}>
              <p className="inbox-reply-head">
                <strong>{intl.formatMessage(m.adminReply)}</strong>{" "}
                <span className="muted">
                  {reply.sentAt ? (
                    <time dateTime={reply.sentAt}>{intl.formatMessage(m.sentAt, { when: when(reply.sentAt) })}</time>
                  ) : (
                    intl.formatMessage(m.notSent)
                  )}
                </span>
              </p>
              <p className="inbox-body">{reply.content}</p>
            </li>
          ))}
        </ul>
      )}

      <div className="inbox-actions">
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={update.isPending}
          onClick={() => change({ status: message.status === "unread" ? "read" : "unread" })}
        >
          {intl.formatMessage(message.status === "unread" ? m.markRead : m.markUnread)}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={update.isPending || message.priority === "high"}
          onClick={() => change({ priority: "high" })}
        >
          {intl.formatMessage(message.priority === "high" ? m.isHigh : m.setHigh)}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" aria-expanded={open === "labels"} onClick={() => setOpen(open === "labels" ? null : "labels")}>
          {intl.formatMessage(m.editLabels)}
        </button>
        <button type="button" className="btn btn-primary btn-sm" aria-expanded={open === "reply"} onClick={() => setOpen(open === "reply" ? null : "reply")}>
          {intl.formatMessage(m.reply)}
        </button>
        <button
          type="button"
          className="btn btn-danger btn-sm inbox-delete"
          aria-label={intl.formatMessage(m.deleteNamed, { subject: message.subject })}
          onClick={() => setOpen("delete")}
        >
          {intl.formatMessage(m.delete)}
        </button>
      </div>

      {open === "labels" && (
        <LabelsEditor
          labels={message.labels}
          pending={update.isPending}
          onSave={(labels) => change({ labels }, () => setOpen(null))}
          onCancel={() => setOpen(null)}
        />
      )}
      {open === "reply" && <ReplyBox messageId={message.id} subject={message.subject} onClose={() => setOpen(null)} />}
      {open === "delete" && <DeleteMessageDialog messageId={message.id} onClose={() => setOpen(null)} />}
    </article>
  );
}
