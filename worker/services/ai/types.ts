// The AI chat service: what the ChatThread object asks of a model, whichever one answers (the
// live OpenAI-compatible adapter, or the offline responder that answers from the site's data).
import type { ChatLocale, ChatRole } from "#contracts/chat.ts";

/** A compact, fresh picture of the site the persona may talk about (built from D1). */
export type SiteDigest = {
  brandName: string;
  /** Published events from now on, soonest first (at most a handful). */
  upcomingEvents: DigestEvent[];
  /** The catalog, newest album first. */
  albums: DigestAlbum[];
  vip: { priceCents: number; currency: string };
};

export type DigestEvent = {
  title: string;
  /** ISO 8601 instant of the start. */
  startsAt: string;
  /** The event's IANA time zone. */
  timeZone: string;
  online: boolean;
  venueName: string | null;
  city: string | null;
  state: string | null;
  /** Prices with two decimals in `currency`, or null when not announced. */
  priceMin: number | null;
  priceMax: number | null;
  currency: string;
  ticketUrl: string | null;
};

export type DigestAlbum = { title: string; year: number | null; tracks: string[] };

export type ChatMember = { id: string; name: string; vip: boolean; admin: boolean };

export type ChatTurn = { role: ChatRole; content: string };

export type ChatRequest = {
  /** The persona's name (configuration). */
  persona: string;
  member: ChatMember;
  locale: ChatLocale;
  digest: SiteDigest;
  /** Earlier turns of the thread, oldest first, already trimmed to the context budget, ending with the member's new message. */
  turns: ChatTurn[];
  /** Aborted when the member sends again, cancels, or the reply times out. */
  signal: AbortSignal;
};

/** A failure of the model, mapped to the chat's error frames. */
export class ChatModelError extends Error {
  constructor(
    /** "send_failed": could not reach it or it refused the request; "run_failed": it stopped with an error. */
    readonly code: "send_failed" | "run_failed",
    /** For run_failed: the status to show ('Run failed with status: {status}'). */
    readonly status?: string,
  ) {
    super(code === "run_failed" ? `Run failed with status: ${status ?? "failed"}` : "Failed to send message");
  }
}

export interface ChatModel {
  /** True for the offline responder: the UI labels its replies as offline. */
  readonly offline: boolean;
  /**
   * The reply, piece by piece. Ends early (without throwing) or throws an AbortError when
   * `signal` aborts; throws ChatModelError on any other failure. Never sees the API key in its output.
   */
  reply(request: ChatRequest): AsyncIterable<string>;
}
