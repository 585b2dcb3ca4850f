// Queries for the contact form: the message people send.
import type { DB } from "./client";
import { contactMessages } from "./schema/contact";
import { newId } from "../lib/crypto";
import type { Locale } from "#contracts/locale.ts";
import type { ContactTopic } from "#contracts/contact.ts";

export type ContactSubmission = {
  name: string;
  email: string;
  subject: string;
  message: string;
  subscribe: boolean;
  /** The language the form was written in (the admin's reply is mailed in it). */
  locale: Locale;
  topic: ContactTopic;
};

/** "Ana Maria Souza" → first "Ana", last "Maria Souza"; a single word has no last name. */
export function splitName(name: string): { firstName: string | null; lastName: string | null } {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  return { firstName: first || null, lastName: rest.length > 0 ? rest.join(" ") : null };
}

/**
 * Stores the message (unread, normal priority, with the labels given: its topic's name for a
 * topic other than the general one). Subscribing is the double opt-in's
 * business (services/newsletter/subscription.ts): the route asks for it after this.
 * Returns the new message's id.
 */
export async function saveContactSubmission(db: DB, input: ContactSubmission, labels: string[], now = Date.now()): Promise<string> {
  const id = newId();
  const at = new Date(now);
  await db.insert(contactMessages).values({
    id,
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
    status: "unread",
    priority: "normal",
    labels,
    locale: input.locale,
    createdAt: at,
    updatedAt: at,
  });
  return id;
}
