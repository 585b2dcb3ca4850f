// The reply form under a message: 4 rows, 'Send Reply' ('Sending...'), disabled while the text is
// blank or sending; the text is trimmed before it is sent. On success it clears and closes (the
// list reloads); on failure it stays open with the server's reason, or the spec's fallback.
import { useEffect, useId, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { ApiRequestError } from "../../../lib/api";
import { inboxMessages as m } from "./messages";
import { useSendReply } from "./queries";

/** The server's own words when it gave any (a stored but unsent reply says why), else the spec's text. */
const replyErrorText = (err: unknown) => (err instanceof ApiRequestError && err.code !== "http_error" && err.message ? err.message : null);

export function ReplyBox({ messageId, subject, onClose }: { messageId: string; subject: string; onClose: () => void }) {
  const intl = useIntl();
  const fieldId = useId();
  const [text, setText] = useState("");
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  // Opening the form is asking to write: the caret goes there.
  useEffect(() => fieldRef.current?.focus(), []);
  const send = useSendReply();
  const blank = text.trim() === "";
  const submit = () => {
    if (blank || send.isPending) return;
    send.mutate(
      { id: messageId, content: text.trim() },
      {
        onSuccess: () => {
          setText("");
          onClose();
        },
      },
    );
  };
  return (
    <form
      className="form inbox-reply-form"
      aria-label={intl.formatMessage(m.replyTo, { subject })}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="field">
        <label htmlFor={fieldId} className="sr-only">
          {intl.formatMessage(m.replyLabel)}
        </label>
        <textarea
          ref={fieldRef}
          id={fieldId}
          rows={4}
          value={text}
          placeholder={intl.formatMessage(m.replyPlaceholder)}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      {send.isError && (
        <div className="error-banner" role="alert">
          {replyErrorText(send.error) ?? intl.formatMessage(m.replyFailed)}
        </div>
      )}
      <div className="form-actions">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          {intl.formatMessage(m.cancel)}
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={blank || send.isPending}>
          {intl.formatMessage(send.isPending ? m.sending : m.sendReply)}
        </button>
      </div>
    </form>
  );
}
