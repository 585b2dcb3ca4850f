// Queries for the contact form: the message people send and, when they tick "subscribe", their
// address on the mailing list. Both are written in one batch, so a submission is stored whole or
// not at all.
import type { DB } from "./client";
import { contactMessages, marketingContacts } from "./schema";
import { newId } from "../lib/crypto";
import type { Locale } from "../contracts/locale";

export type ContactSubmission = {
  name: string;
  email: string;
  subject: string;
  message: string;
  subscribe: boolean;
  /** The language the form was written in (the admin's reply is mailed in it). */
  locale: Locale;
};

/** "Ana Maria Souza" → first "Ana", last "Maria Souza"; a single word has no last name. */
export function splitName(name: string): { firstName: string | null; lastName: string | null } {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  return { firstName: first || null, lastName: rest.length > 0 ? rest.join(" ") : null };
}

/**
 * Stores the message (unread, normal priority, no labels) and, when asked, the sender as a
 * subscriber who consented now. An address already on the list, in any case, is left as it is:
 * its names, consent and subscription are the person's earlier choices (or an admin's import).
 * Returns the new message's id.
 */
export async function saveContactSubmission(db: DB, input: ContactSubmission, now = Date.now()): Promise<string> {
  const id = newId();
  const at = new Date(now);
  const message = db.insert(contactMessages).values({
    id,
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
    status: "unread",
    priority: "normal",
    labels: [],
    locale: input.locale,
    createdAt: at,
    updatedAt: at,
  });
  if (!input.subscribe) {
    await message;
    return id;
  }
  // No conflict target: the one that matters is the unique index on lower(email).
  const contact = db
    .insert(marketingContacts)
    .values({
      id: newId(),
      email: input.email,
      ...splitName(input.name),
      subscribed: true,
      consentAt: at,
      source: "contact_form",
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing();
  await db.batch([message, contact]);
  return id;
}
