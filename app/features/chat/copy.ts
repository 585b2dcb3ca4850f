// Text the chat page builds from its state: the Copy Chat transcript and the error banner's text.
// Plain functions over an intl-like formatter, so both are tested without rendering.
import type { IntlShape } from "react-intl";
import { CHAT_MESSAGE_MAX_CHARS, type ChatMessage } from "#contracts/chat.ts";
import { chatErrorMessages, chatMessages, limitMessages, runFailedMessage, tooLongMessage, waitMessages } from "./messages";
import type { ChatError } from "./state";

/** Hour and minute in the viewer's locale ("3:04 PM", "15:04"): bubbles and the transcript agree. */
export const MESSAGE_TIME_FORMAT: Intl.DateTimeFormatOptions = { hour: "numeric", minute: "2-digit" };

export type TranscriptLabels = {
  /** The member's sender label ('You'). */
  you: string;
  /** A message's time (milliseconds since the epoch) as the viewer reads it. */
  time: (createdAt: number) => string;
};

type Formatter = Pick<IntlShape, "formatMessage" | "formatTime">;

export function transcriptLabels(intl: Formatter): TranscriptLabels {
  return { you: intl.formatMessage(chatMessages.you), time: (createdAt) => intl.formatTime(createdAt, MESSAGE_TIME_FORMAT) };
}

/**
 * The Copy Chat text: one "[time] Sender: text" entry per message, entries separated by a blank
 * line. The assistant's sender is the artist persona's name.
 */
export function formatChatTranscript(messages: readonly ChatMessage[], persona: string, labels: TranscriptLabels): string {
  return messages.map((message) => `[${labels.time(message.createdAt)}] ${message.role === "user" ? labels.you : persona}: ${message.content}`).join("\n\n");
}

export type Wait = { unit: keyof typeof waitMessages; count: number };

/** A wait in seconds in the largest whole unit that covers it, rounded up (never "0 seconds"). */
export function waitOf(seconds: number): Wait {
  if (seconds < 60) return { unit: "seconds", count: Math.max(1, Math.ceil(seconds)) };
  if (seconds < 3600) return { unit: "minutes", count: Math.ceil(seconds / 60) };
  return { unit: "hours", count: Math.ceil(seconds / 3600) };
}

/** The banner text of an error, in the viewer's language. */
export function chatErrorText(error: ChatError, intl: Pick<IntlShape, "formatMessage">): string {
  switch (error.code) {
    case "run_failed":
      return intl.formatMessage(runFailedMessage, { status: error.status ?? "failed" });
    case "message_too_long":
      return intl.formatMessage(tooLongMessage, { max: CHAT_MESSAGE_MAX_CHARS });
    case "rate_limited":
    case "daily_limit": {
      if (error.retryAfter === undefined) return intl.formatMessage(chatErrorMessages[`${error.code}_now`]);
      const { unit, count } = waitOf(error.retryAfter);
      return intl.formatMessage(limitMessages[error.code], { wait: intl.formatMessage(waitMessages[unit], { count }) });
    }
    default:
      return intl.formatMessage(chatErrorMessages[error.code]);
  }
}
