// /api/admin/messages: the contact-message inbox (administrators only: the admin tree's gate runs
// first). List with search and filters, mark read / unread, set priority and labels, delete, and
// reply by e-mail. A reply is stored before it is mailed, so the admin's text survives a mail
// failure: it then shows as 'Not sent', and the answer carries the reason.
import { Hono } from "hono";
import type { HonoEnv } from "../../types";
import { readConfig } from "../../env";
import { z } from "#contracts/zod.ts";
import { userText } from "#contracts/text.ts";
import { validate } from "../../lib/validate";
import { notFound, routeError } from "../../lib/errors";
import { deleteMessage, findMessage, findMessageRow, insertReply, listMessages, markReplySent, updateMessage } from "../../db/admin-messages";
import { createMailService } from "../../services/mail";
import { MailDeliveryError } from "../../services/mail/live";
import { contactReplyMail } from "../../services/mail/templates";
import {
  INBOX_ERROR_CODES,
  INBOX_MESSAGES,
  LABEL_MAX,
  LABELS_MAX,
  MESSAGE_PRIORITIES,
  MESSAGE_SEARCH_MAX,
  MESSAGE_STATUSES,
  REPLY_MAX,
  type AdminMessageResponse,
  type AdminMessagesResponse,
} from "#contracts/admin/messages.ts";
import { actorOf } from "../../middleware/guards";
import { notifyContactReply } from "../../services/notifications/triggers";

const MESSAGE_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const messagesQuerySchema = z.object({
  search: z.string().trim().max(MESSAGE_SEARCH_MAX).optional().default(""),
  status: z
    .enum(["all", ...MESSAGE_STATUSES])
    .optional()
    .default("all"),
  priority: z
    .enum(["all", ...MESSAGE_PRIORITIES])
    .optional()
    .default("all"),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});

const label = userText({ min: 1, minMessage: INBOX_MESSAGES.labelRequired, max: LABEL_MAX, maxMessage: INBOX_MESSAGES.labelTooLong });

export const messageUpdateSchema = z
  .strictObject({
    status: z.enum(["read", "unread"]).optional(),
    priority: z.enum(MESSAGE_PRIORITIES).optional(),
    // The same label twice (in any case) is kept once, in its first spelling.
    labels: z
      .array(label)
      .max(LABELS_MAX, INBOX_MESSAGES.tooManyLabels)
      .transform((labels) => labels.filter((l, i) => labels.findIndex((o) => o.toLowerCase() === l.toLowerCase()) === i))
      .optional(),
  })
  .refine((body) => body.status !== undefined || body.priority !== undefined || body.labels !== undefined, INBOX_MESSAGES.nothingToChange);

export const replySchema = z.strictObject({
  content: z
    .string({ error: INBOX_MESSAGES.replyRequired })
    .pipe(userText({ min: 1, minMessage: INBOX_MESSAGES.replyRequired, max: REPLY_MAX, maxMessage: INBOX_MESSAGES.replyTooLong, multiline: true })),
});

const idParam = validate("param", z.object({ id: z.string().regex(MESSAGE_ID_PATTERN, INBOX_MESSAGES.messageNotFound) }));
const messageNotFound = () => notFound(INBOX_MESSAGES.messageNotFound, INBOX_ERROR_CODES.notFound);

/** The reason a mail was not accepted, as the admin reads it. */
function notSentReason(err: unknown): string {
  if (err instanceof MailDeliveryError) return `The mail provider refused the reply (HTTP ${err.status}). It is saved as not sent.`;
  return "The mail service could not be reached. The reply is saved as not sent.";
}

export const messagesRoutes = new Hono<HonoEnv>()
  .get("/", validate("query", messagesQuerySchema), async (c) => c.json<AdminMessagesResponse>(await listMessages(c.var.db, c.req.valid("query"))))

  .patch("/:id", idParam, validate("json", messageUpdateSchema), async (c) => {
    const message = await updateMessage(c.var.db, actorOf(c), c.req.valid("param").id, c.req.valid("json"));
    if (!message) throw messageNotFound();
    return c.json<AdminMessageResponse>({ message });
  })

  .delete("/:id", idParam, async (c) => {
    if (!(await deleteMessage(c.var.db, actorOf(c), c.req.valid("param").id))) throw messageNotFound();
    return c.body(null, 204);
  })

  .post("/:id/replies", idParam, validate("json", replySchema), async (c) => {
    const db = c.var.db;
    const actor = actorOf(c);
    const { id } = c.req.valid("param");
    const { content } = c.req.valid("json");
    const original = await findMessageRow(db, id);
    if (!original) throw messageNotFound();
    const replyId = await insertReply(db, actor, id, content);
    if (!replyId) throw messageNotFound(); // deleted meanwhile

    const mail = contactReplyMail({
      to: original.email,
      brandName: readConfig(c.env).BRAND_NAME,
      locale: original.locale,
      name: original.name,
      subject: original.subject,
      reply: content,
      original: original.message,
      writtenAt: original.createdAt,
    });
    try {
      await createMailService(c.env, db).send(mail);
    } catch (err) {
      console.error("admin reply: mail not accepted", err);
      throw routeError(INBOX_ERROR_CODES.replyNotSent, { message: notSentReason(err) });
    }
    await markReplySent(db, actor, id, replyId, original.status);
    // A member who wrote from their account's address also sees it in their centre (once it went out).
    c.executionCtx.waitUntil(notifyContactReply(c.env, db, { id: replyId, email: original.email, adminId: actor.id }));
    const message = await findMessage(db, id);
    if (!message) throw messageNotFound();
    return c.json<AdminMessageResponse>({ message }, 201);
  });
