// /api/contact: the landing page's contact form (docs/features.md#events-virtual-meets-and-the-contact-form), and the
// accessibility statement's, which sends the accessibility topic. Anyone may write, signed in or not. A submission is stored (and, when they ticked "subscribe", a
// confirmation mail asks the sender to confirm the subscription), then the admin is told by mail off the response path: a mail failure is
// logged and never loses the message, which the back office shows either way.
import { Hono, type Context } from "hono";
import { createMiddleware } from "hono/factory";
import { readConfig } from "../env";
import type { HonoEnv } from "../types";
import { z } from "#contracts/zod.ts";
import { userText } from "#contracts/text.ts";
import { RATE_LIMITS } from "#contracts/limits.ts";
import { CONTACT_HONEYPOT_FIELD, CONTACT_LIMITS, CONTACT_MESSAGES, CONTACT_TOPICS, type ContactResponse, type ContactTopic } from "#contracts/contact.ts";
import { saveContactSubmission, splitName, type ContactSubmission } from "../db/contact";
import { askToSubscribe, requestCountry } from "../services/newsletter/subscription";
import { validate } from "../lib/validate";
import { clientIp, hitRateLimit } from "../services/rate-limit";
import { requireHuman } from "../services/bot-check";
import { createMailService } from "../services/mail";
import { contactNotificationMail, contactTopicName } from "../services/mail/templates";
import { readSettings } from "../db/settings";
import { requestLanguage } from "../middleware/content-language";

/** A required line (or block, for the message) of typed text: missing or blank reads as "X is required". */
const requiredText = (max: number, requiredMessage: string, tooLongMessage: string, multiline = false) =>
  z.string({ error: requiredMessage }).pipe(userText({ min: 1, minMessage: requiredMessage, max, maxMessage: tooLongMessage, multiline }));

export const contactSchema = z.strictObject({
  name: requiredText(CONTACT_LIMITS.name, CONTACT_MESSAGES.nameRequired, CONTACT_MESSAGES.nameTooLong),
  email: z
    .string({ error: CONTACT_MESSAGES.emailInvalid })
    .trim()
    .pipe(z.email({ error: CONTACT_MESSAGES.emailInvalid }))
    .pipe(z.string().max(CONTACT_LIMITS.email, CONTACT_MESSAGES.emailTooLong)),
  subject: requiredText(CONTACT_LIMITS.subject, CONTACT_MESSAGES.subjectRequired, CONTACT_MESSAGES.subjectTooLong),
  message: requiredText(CONTACT_LIMITS.message, CONTACT_MESSAGES.messageRequired, CONTACT_MESSAGES.messageTooLong, true),
  subscribe: z.boolean().default(true),
  topic: z.enum(CONTACT_TOPICS).default("general"),
  // Only ever empty here: a filled one was answered by dropHoneypot already.
  [CONTACT_HONEYPOT_FIELD]: z.string().optional(),
});

const ok = (c: Context<HonoEnv>) => c.json<ContactResponse>({ ok: true });

/** The media types the JSON validator reads (hono's own test), parameters such as charset allowed. */
const JSON_BODY = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/** Anything in the hidden field but nothing or blank text: a bot. */
const honeypotFilled = (body: unknown) => {
  if (typeof body !== "object" || body === null || !(CONTACT_HONEYPOT_FIELD in body)) return false;
  const value: unknown = (body as Record<string, unknown>)[CONTACT_HONEYPOT_FIELD];
  return value !== undefined && !(typeof value === "string" && value.trim() === "");
};

/**
 * A filled honeypot gets the same 200 as a real message, before any validation or rate limit, so
 * a bot learns nothing; nothing is stored or mailed. (Hono keeps the parsed body for the validator.)
 */
const dropHoneypot = createMiddleware<HonoEnv>(async (c, next) => {
  // Only a JSON body is read: the validator refuses any other, and reading a form or binary body as
  // text makes workerd warn that the result will probably be corrupted.
  const body: unknown = JSON_BODY.test(c.req.header("content-type") ?? "") ? await c.req.json().catch(() => null) : null;
  if (honeypotFilled(body)) return ok(c);
  await next();
});

/** Mails the admin; a failure is only logged: the message is stored and the back office lists it. */
async function notifyAdmin(c: Context<HonoEnv>, submission: ContactSubmission) {
  try {
    const cfg = readConfig(c.env);
    const { notificationLocale } = await readSettings(c.var.db);
    const { locale: writtenIn, ...facts } = submission;
    const mail = contactNotificationMail({ to: cfg.ADMIN_EMAIL, brandName: cfg.BRAND_NAME, locale: notificationLocale, writtenIn, ...facts });
    await createMailService(c.env, c.var.db).send(mail);
  } catch (err) {
    console.error("contact notification mail failed", err);
  }
}

/**
 * The ticked "Keep me posted" box asks for a subscription: a confirmation mail follows and the
 * address is a subscriber only after its click. A failure here is logged; the message is kept.
 */
async function subscribeSender(c: Context<HonoEnv>, submission: ContactSubmission) {
  try {
    await askToSubscribe(c.env, c.var.db, new URL(c.req.url).origin, {
      email: submission.email,
      ...splitName(submission.name),
      locale: submission.locale,
      country: requestCountry(c.req.raw),
      source: "contact_form",
    });
  } catch (err) {
    console.error("contact form: the subscription request failed", err);
  }
}

/**
 * A message with a topic arrives labelled with its name, in the language the admins read their
 * notifications in, so the inbox shows it before anyone opens the message.
 */
async function topicLabels(c: Context<HonoEnv>, topic: ContactTopic): Promise<string[]> {
  if (topic === "general") return [];
  const name = contactTopicName((await readSettings(c.var.db)).notificationLocale, topic);
  return name ? [name] : [];
}

export const contactRoutes = new Hono<HonoEnv>().post("/", dropHoneypot, validate("json", contactSchema), async (c) => {
  const { name, email, subject, message, subscribe, topic } = c.req.valid("json");
  const db = c.var.db;
  await hitRateLimit(db, `contact:ip:${clientIp(c.req)}`, RATE_LIMITS.contactPerIp);
  await requireHuman(c, "contact");
  const submission = { name, email, subject, message, subscribe, topic, locale: requestLanguage(c) };
  await saveContactSubmission(db, submission, await topicLabels(c, topic));
  c.executionCtx.waitUntil(notifyAdmin(c, submission));
  if (subscribe) await subscribeSender(c, submission);
  return ok(c);
});
