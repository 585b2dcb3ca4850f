// /api/webhooks/mail/:provider: the mail provider's delivery, bounce and complaint reports
// (decision 045). Authenticated by the provider's signature (Resend, through Svix) or the Basic
// credentials in the webhook's URL (Postmark), checked over the raw body before anything is read.
// A hard bounce or a complaint suppresses the address; every report updates its campaign's figures,
// once: a replayed report (its provider message id seen before) changes nothing.
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { notFound, routeError } from "../lib/errors";
import { MAIL_PROVIDERS, type MailProvider } from "../services/mail/types";
import { verifyMailWebhook } from "../services/mail/webhooks";
import { claimMailDelivery, recordDeliveryReport, releaseMailDelivery } from "../db/newsletter";
import type { DB } from "../db/client";
import type { MailWebhookReport } from "../services/mail/webhooks";

/** A report replayed (the same message id and address) is answered like the first but applied once. */
async function applyOnce(db: DB, report: MailWebhookReport) {
  if (report.deliveryId === null) return recordDeliveryReport(db, report);
  if (!(await claimMailDelivery(db, report.deliveryId))) return;
  try {
    await recordDeliveryReport(db, report);
  } catch (err) {
    await releaseMailDelivery(db, report.deliveryId);
    throw err;
  }
}

const isProvider = (value: string): value is MailProvider => MAIL_PROVIDERS.some((p) => p === value);

export const mailWebhookRoutes = new Hono<HonoEnv>().post("/:provider", async (c) => {
  const provider = c.req.param("provider");
  if (!isProvider(provider)) throw notFound();
  const secret = c.env.MAIL_WEBHOOK_SECRET;
  // Without a secret nothing can be verified: the endpoint is off.
  if (!secret) throw notFound();
  const body = await c.req.text();
  const reports = await verifyMailWebhook(provider, secret, c.req.raw.headers, body, Date.now());
  if (reports === null) throw routeError("invalid_signature", { status: 401 });
  for (const report of reports) await applyOnce(c.var.db, report);
  return c.json({ received: reports.length });
});
