// The dead-letter queues' consumer and the back office's retry (decision 049). A message that
// failed every retry on its queue arrives on that queue's dead-letter queue; it is stored for the
// back office, which can send it back to its queue or dismiss it.
import type { AppEnv } from "../env";
import { createDb } from "../db/client";
import { storeDeadLetters } from "../db/dead-letters";
import { DEAD_LETTER_BODY_MAX, DEAD_LETTER_QUEUES, type DeadLetterQueue, type DeadLetterView } from "#contracts/dead-letters.ts";
import type { DeadLetterRow } from "../db/dead-letters";
import { logicalQueueName } from "../lib/queue-names";

export const DEAD_LETTER_SUFFIX = "-dlq";

/** The queue a dead-letter queue's messages failed on, or null for a queue that is not one of ours. */
export function failedQueueOf(deadLetterQueue: string): DeadLetterQueue | null {
  if (!deadLetterQueue.endsWith(DEAD_LETTER_SUFFIX)) return null;
  const queue = deadLetterQueue.slice(0, -DEAD_LETTER_SUFFIX.length);
  return (DEAD_LETTER_QUEUES as readonly string[]).includes(queue) ? (queue as DeadLetterQueue) : null;
}

export async function deadLetterQueue(batch: MessageBatch<unknown>, env: AppEnv, now = Date.now()): Promise<void> {
  const queue = failedQueueOf(logicalQueueName(batch.queue));
  if (!queue) {
    console.error(`dead letters: no such queue ${batch.queue}; ${batch.messages.length} messages dropped`);
    batch.ackAll();
    return;
  }
  await storeDeadLetters(
    createDb(env.DB),
    batch.messages.map((m) => ({
      id: m.id,
      queue,
      body: (JSON.stringify(m.body) ?? "null").slice(0, DEAD_LETTER_BODY_MAX),
      attempts: m.attempts,
      receivedAt: now,
    })),
  );
  for (const m of batch.messages) console.error(`dead letters: ${queue} message ${m.id} failed ${m.attempts} times; kept for the back office`);
  batch.ackAll();
}

/** Sends a stored message back to the queue it failed on. */
export async function requeue(env: AppEnv, letter: Pick<DeadLetterRow, "queue" | "body">): Promise<void> {
  const producer = letter.queue === "freestyle-lovers-campaigns" ? env.CAMPAIGN_QUEUE : env.NOTIFY_QUEUE;
  await producer.send(JSON.parse(letter.body));
}

/** How the back office shows a letter: its kind and the ids it names, never the raw body. */
export function deadLetterView(row: DeadLetterRow): DeadLetterView {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(row.body);
  } catch {
    // cut at DEAD_LETTER_BODY_MAX: shown without its details
  }
  const fields = typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  const refs: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key !== "type" && /id$/i.test(key) && (typeof value === "string" || typeof value === "number")) refs[key] = String(value);
  }
  return {
    id: row.id,
    queue: row.queue as DeadLetterQueue,
    kind: typeof fields.type === "string" ? fields.type : null,
    refs,
    attempts: row.attempts,
    receivedAt: new Date(row.receivedAt).toISOString(),
    status: row.status,
  };
}
