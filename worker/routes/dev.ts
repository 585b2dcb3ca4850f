// Local-mode helpers. The mailbox shows what the local mail service "sent", so a person can
// finish a password reset offline. Outside local/test mode on a loopback host they do not exist.
import { Hono } from "hono";
import { localMachineOnly } from "../middleware/local-only";
import type { MailboxResponse } from "../contracts/auth";
import { extractLinks, listOutbox } from "../services/mail/outbox";
import type { HonoEnv } from "../types";

export const devRoutes = new Hono<HonoEnv>().use(localMachineOnly).get("/mailbox", async (c) => {
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
