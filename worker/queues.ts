// The queues' consumers (wrangler.toml [[queues.consumers]]), loaded with an isolate's first batch
// (worker/index.ts), never at start-up.
import type { AppEnv } from "./env";
import { notificationQueue, type NotificationMessage } from "./services/notifications";
import { campaignQueue, type CampaignMessage } from "./services/newsletter/campaigns";
import type { TicketJobMessage } from "./services/tickets/cancellation";
import type { MasterFormatsMessage } from "./services/media/master-formats";
import type { EntryStreamMessage } from "./services/contests/entry-stream";
import type { VipPaymentLookupMessage } from "./services/membership/payment-lookup";
import { deadLetterQueue } from "./services/dead-letters";
import { logicalQueueName } from "./lib/queue-names";

/** The queues (wrangler.toml), by their names without an environment's prefix; a queue's dead-letter queue is its name with "-dlq". */
const NOTIFY_QUEUE_NAME = "freestyle-lovers-notify";
const CAMPAIGN_QUEUE_NAME = "freestyle-lovers-campaigns";

export function consume(batch: MessageBatch, env: AppEnv): Promise<void> {
  const queue = logicalQueueName(batch.queue);
  if (queue === CAMPAIGN_QUEUE_NAME)
    return campaignQueue(batch as MessageBatch<CampaignMessage | TicketJobMessage | MasterFormatsMessage | EntryStreamMessage | VipPaymentLookupMessage>, env);
  if (queue === NOTIFY_QUEUE_NAME) return notificationQueue(batch as MessageBatch<NotificationMessage>, env);
  return deadLetterQueue(batch, env);
}
