// Local-mode helpers. The mailbox shows what the local mail service "sent", so a person can
// finish a password reset offline. Outside local/test mode these routes do not exist (404).
import { Hono } from "hono";
import { isLocalMode } from "../env";
import { notFound } from "../lib/errors";
import type { MailboxResponse } from "../contracts/auth";
import { extractLinks, listOutbox } from "../services/mail/outbox";
import type { HonoEnv } from "../types";

export const devRoutes = new Hono<HonoEnv>()
  .use(async (c, next) => {
    if (!isLocalMode(c.env)) throw notFound();
    await next();
  })
  .get("/mailbox", async (c) => {
    const rows = await listOutbox(c.var.db);
    const messages = rows.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      createdAt: m.createdAt.toISOString(),
      links: extractLinks(m.text),
    }));
    return c.json<MailboxResponse>({ messages });
  });
