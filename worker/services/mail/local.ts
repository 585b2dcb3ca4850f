// Local mail: messages land in the D1 outbox instead of being sent, so `npm start` works
// offline and a person can read them (and follow their links) on the dev mailbox page.
import type { DB } from "../../db/client";
import { addToOutbox } from "./outbox";
import type { MailService } from "./types";

export function createLocalMailService(db: DB): MailService {
  return {
    async send(msg) {
      await addToOutbox(db, msg);
    },
  };
}
