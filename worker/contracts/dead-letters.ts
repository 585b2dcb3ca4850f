// Background jobs that failed every retry, as the back office lists them (decision 049).
import { z } from "./zod";

export const DEAD_LETTER_STATUSES = ["open", "retried", "dismissed"] as const;
export type DeadLetterStatus = (typeof DEAD_LETTER_STATUSES)[number];

/** The queues whose failures are kept; a job names its kind by its `type` field. */
export const DEAD_LETTER_QUEUES = ["freestyle-lovers-notify", "freestyle-lovers-campaigns"] as const;
export type DeadLetterQueue = (typeof DEAD_LETTER_QUEUES)[number];

export const deadLetterListQuerySchema = z.strictObject({ status: z.enum(DEAD_LETTER_STATUSES).default("open") });
export const deadLetterIdSchema = z.strictObject({ id: z.string().min(1).max(200) });

export type DeadLetterView = {
  id: string;
  queue: DeadLetterQueue;
  /** The job's kind (its `type`), or null when the body has none. */
  kind: string | null;
  /** The ids the job names (event, campaign, notification…), for a readable summary. */
  refs: Record<string, string>;
  attempts: number;
  receivedAt: string;
  status: DeadLetterStatus;
};

export type DeadLetterListResponse = { items: DeadLetterView[]; open: number };

export const DEAD_LETTER_CODES = { notFound: "dead_letter_not_found", alreadyHandled: "dead_letter_already_handled" } as const;

/** At most this many listed; the oldest beyond it wait until newer ones are handled. */
export const DEAD_LETTER_LIST_MAX = 100;
/** A stored body is cut to this many characters. */
export const DEAD_LETTER_BODY_MAX = 16_000;
