// A visitor's double opt-in (the reminders, Notify me): the pending request is stored first, then
// its confirmation mail sent. A mail that fails takes the pending request with it, so the address
// can ask again at once rather than wait on a link that never left.
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { routeError } from "../../lib/errors";
import { createMailService, type MailMessage } from ".";

type OptInMail = {
  mail: MailMessage;
  /** Deletes the pending request the mail was for. */
  rollback: () => Promise<void>;
  /** What the visitor reads when the mail could not be sent. */
  failedMessage: string;
  /** Names the flow in the log line. */
  flow: string;
};

/** Sends the confirmation mail, or rolls its request back and answers 502 `mail_failed`. */
export async function sendOptInConfirmation(env: AppEnv, db: DB, { mail, rollback, failedMessage, flow }: OptInMail): Promise<void> {
  try {
    await createMailService(env, db).send(mail);
  } catch (err) {
    console.error(`${flow} confirmation mail failed`, err);
    await rollback();
    throw routeError("mail_failed", { message: failedMessage });
  }
}
