// /api/webhooks/mail/:provider: the mail provider's delivery, bounce and complaint reports
// (decision 045). Authenticated by the provider's signature (Resend, through Svix) or the Basic
// credentials in the webhook's URL (Postmark), checked over the raw body before anything is read.
// A hard bounce or a complaint suppresses the address; every report updates its campaign's figures.
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { notFound, unauthorized } from "../lib/errors";
import { MAIL_PROVIDERS, type MailProvider } from "../services/mail/types";
import { verifyMailWebhook } from "../services/mail/webhooks";
import { recordDeliveryReport } from "../db/newsletter";

const isProvider = (value: string): value is MailProvider => MAIL_PROVIDERS.some((p) => p === value);

export const mailWebhookRoutes = new Hono<HonoEnv>().post("/:provider", async (c) => {
  const provider = c.req.param("provider");
  if (!isProvider(provider)) throw notFound();
  const secret = c.env.MAIL_WEBHOOK_SECRET;
  // Without a secret nothing can be verified: the endpoint is off.
  if (!secret) throw notFound();
  const body = await c.req.text();
  const reports = await verifyMailWebhook(provider, secret, c.req.raw.headers, body, Date.now());
  if (reports === null) throw unauthorized("Invalid webhook signature", "invalid_signature");
  for (const report of reports) await recordDeliveryReport(c.var.db, report);
  return c.json({ received: reports.length });
});
