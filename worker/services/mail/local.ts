// Local mail: messages land in the D1 outbox instead of being sent, so `npm start` works
// offline and a person can read them (and follow their links) on the dev mailbox page.
import type { DB } from "../../db/client";
import { MailBatchError } from "./live";
import { addBatchToOutbox, addToOutbox } from "./outbox";
import { MAIL_BATCH_LIMIT, type MailService } from "./types";

export function createLocalMailService(db: DB): MailService {
  return {
    async send(msg) {
      await addToOutbox(db, msg);
    },
    // Same limit as the live service, so a caller that works locally works live too.
    async sendBatch(msgs, idempotencyKey) {
      if (msgs.length > MAIL_BATCH_LIMIT) throw new MailBatchError(`A batch holds at most ${MAIL_BATCH_LIMIT} messages, got ${msgs.length}`);
      await addBatchToOutbox(db, msgs, idempotencyKey);
      return msgs.map(() => ({ ok: true as const }));
    },
  };
}
