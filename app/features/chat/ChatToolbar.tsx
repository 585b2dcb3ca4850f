// Copy Chat (the transcript to the clipboard; 'Copied!' for 2 s), New Chat and Clear Chat.
import { useEffect, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { formatChatTranscript, transcriptLabels } from "./copy";
import { chatMessages as m } from "./messages";
import type { ChatEntry } from "./state";

export const COPIED_LABEL_MS = 2_000;

type ChatToolbarProps = {
  messages: ChatEntry[];
  persona: string;
  /** Connected: New Chat and Clear Chat need the server. */
  connected: boolean;
  onCopyFailed: () => void;
  onNewChat: () => void;
  onClear: () => void;
};

export function ChatToolbar({ messages, persona, connected, onCopyFailed, onNewChat, onClear }: ChatToolbarProps) {
  const intl = useIntl();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_LABEL_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    const transcript = formatChatTranscript(messages, persona, transcriptLabels(intl));
    try {
      // Missing outside secure contexts; a refusal (permissions) rejects.
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(transcript);
      setCopied(true);
    } catch {
      onCopyFailed();
    }
  };

  return (
    <div className="chat-toolbar" role="group" aria-label={intl.formatMessage(m.toolbar)}>
      <button type="button" className="btn btn-ghost btn-sm" disabled={messages.length === 0} onClick={() => void copy()}>
        <FormattedMessage {...(copied ? m.copied : m.copy)} />
      </button>
      <button type="button" className="btn btn-ghost btn-sm" disabled={!connected} onClick={onNewChat}>
        <FormattedMessage {...m.newChat} />
      </button>
      <button type="button" className="btn btn-ghost btn-sm" disabled={!connected} onClick={onClear}>
        <FormattedMessage {...m.clear} />
      </button>
      {/* The label change alone is not announced. */}
      <span className="sr-only" role="status">
        {copied && intl.formatMessage(m.copied)}
      </span>
    </div>
  );
}
