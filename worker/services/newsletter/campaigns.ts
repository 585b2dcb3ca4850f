// Sending a campaign through the campaign queue (decision 045). Every message is one step and
// queues the next, so no invocation runs long and a paused or cancelled campaign stops between
// steps (and, inside a step, between provider batches):
// - `start`: a scheduled campaign's moment came (the message was queued with a delay); it starts
//   only if it is still scheduled for that moment;
// - `step`: a snapshot page of the audience becomes recipient rows, or, once the snapshot is done,
//   up to STEP_RECIPIENTS queued rows are mailed in batches of MAIL_BATCH_LIMIT and marked.
// Exactly once per recipient: a row is mailed only while 'queued' and marked right after its batch;
// a step retried after its batch was accepted but before the marks were written resends the same
// batch under the same keys, which the provider (Resend's Idempotency-Key) and the local outbox
// (one copy per key) drop.
import { readConfig, type AppEnv } from "../../env";
import { createDb, type DB } from "../../db/client";
import {
  claimDueScheduled,
  findCampaign,
  finishCampaign,
  markSent,
  moveCampaign,
  queuedRecipients,
  addToRecipientTotal,
  snapshotStep,
  SNAPSHOT_DONE,
  type CampaignAudit,
  type QueuedRecipient,
  type StoredCampaign,
} from "../../db/campaigns";
import type { Locale } from "#contracts/locale.ts";
import { sha256Hex } from "../../lib/crypto";
import { inLanguage } from "../../lib/content-language";
import { signContactLink } from "../../lib/signed-link";
import { createMailService } from "../mail";
import { MAIL_BATCH_LIMIT, type MailMessage } from "../mail/types";
import { renderCampaignMail } from "../mail/campaign";
import { readTiers } from "../../db/tiers/tiers";
import { passesGate } from "../../db/tiers/gate";
import { FREE_TIER_RANK, VIP_TIER_RANK, type TierView } from "#contracts/tiers/tiers.ts";
import type { CampaignBlock } from "#contracts/newsletter-model.ts";
import { handleTicketJob, isTicketJob, type TicketJobMessage } from "../tickets/cancellation";
import { isVipPaymentLookup, lookUpVipPayment, type VipPaymentLookupMessage } from "../membership/payment-lookup";
import { isMasterFormatsJob, type MasterFormatsMessage } from "../media/master-formats";
import { isEntryStreamJob, type EntryStreamMessage } from "../contests/entry-stream";

export type CampaignMessage = { type: "start"; campaignId: string; scheduledAt: number } | { type: "step"; campaignId: string };

/** Recipients mailed per step: five provider batches. */
export const STEP_RECIPIENTS = 500;
/** The cron looks this far ahead and queues the start with a delay, so a campaign leaves on its minute. */
export const SCHEDULE_HORIZON_MS = 10 * 60 * 1000;

/** The preference page and the one-click unsubscribe of a recipient, from its signed token. */
export const preferencesUrl = (siteUrl: string, token: string) => `${siteUrl}/newsletter/preferences?t=${token}`;
export const unsubscribePageUrl = (siteUrl: string, token: string) => `${siteUrl}/newsletter/unsubscribe?t=${token}`;
export const oneClickUrl = (siteUrl: string, token: string) => `${siteUrl}/api/newsletter/unsubscribe?t=${token}`;

/**
 * Stands for a recipient's token in a mail rendered once per language. Random per isolate, so no
 * text an administrator types can match it and pull a recipient's token into the mail's body; made
 * on first use, since workerd allows no random values at a module's top level.
 */
let tokenSlotValue: string | null = null;
const tokenSlot = () => (tokenSlotValue ??= `slot${crypto.randomUUID().replaceAll("-", "")}`);

type Rendered = { subject: string; html: string; text: string };

/**
 * Whose mail it is, as far as blocks for tiers ask (decision 099): their member's tier id (null: a
 * contact without an account, who gets no block for tiers) and the ladder to read its rank from.
 * Left out (the preview, a test to the admin's own address), every block is shown.
 */
export type MailReader = { tierId: string | null; tiers: readonly TierView[] };

/** Whether a recipient's mail carries `block`: it has no tier gate, or their own tier passes it (no admin exception in mail). */
function blockReaches(block: CampaignBlock, reader: MailReader | undefined) {
  if (!block.tiers || !reader) return true;
  if (reader.tierId === null) return false;
  const rank = reader.tiers.find((t) => t.id === reader.tierId)?.rank ?? FREE_TIER_RANK;
  return passesGate({ isVIP: rank >= VIP_TIER_RANK, tier: { id: reader.tierId, rank } }, block.tiers, reader.tiers);
}

/** The campaign in a language (English when it has no Portuguese), with a slot for each recipient's token. */
export function renderFor(
  env: AppEnv,
  campaign: Pick<StoredCampaign, "subjectEn" | "subjectPtBr" | "bodyEn" | "bodyPtBr">,
  locale: Locale,
  reader?: MailReader,
): Rendered {
  const cfg = readConfig(env);
  // A Portuguese version is its subject and its body together.
  const portuguese = campaign.subjectPtBr && campaign.bodyPtBr ? { subject: campaign.subjectPtBr, blocks: campaign.bodyPtBr } : null;
  const chosen = inLanguage(locale, { subject: campaign.subjectEn, blocks: campaign.bodyEn }, portuguese);
  const subject = chosen.subject;
  const blocks = chosen.blocks.filter((block) => blockReaches(block, reader));
  const siteUrl = cfg.SITE_URL.replace(/\/+$/, "");
  return renderCampaignMail({
    blocks,
    subject,
    locale,
    brandName: cfg.BRAND_NAME,
    siteUrl,
    contactLine: cfg.SENDER_CONTACT_LINE,
    unsubscribeUrl: unsubscribePageUrl(siteUrl, tokenSlot()),
    preferencesUrl: preferencesUrl(siteUrl, tokenSlot()),
  });
}

/** One recipient's mail: their token in the links, RFC 8058 headers, and ids the provider reports back. */
export function personalise(env: AppEnv, rendered: Rendered, campaignId: string, recipient: QueuedRecipient, token: string): MailMessage {
  const siteUrl = readConfig(env).SITE_URL.replace(/\/+$/, "");
  return {
    to: recipient.email,
    subject: rendered.subject,
    html: rendered.html.replaceAll(tokenSlot(), token),
    text: rendered.text.replaceAll(tokenSlot(), token),
    headers: {
      "List-Unsubscribe": `<${oneClickUrl(siteUrl, token)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    metadata: { campaign: campaignId, contact: recipient.contactId },
    idempotencyKey: `campaign:${campaignId}:${recipient.contactId}`,
    stream: "broadcast",
  };
}

/** Starts sending now: the campaign becomes 'sending' (audited with it when an administrator asked) and its first step is queued. */
export async function startSending(
  env: AppEnv,
  db: DB,
  campaignId: string,
  from: StoredCampaign["status"][],
  now = Date.now(),
  audit?: CampaignAudit,
): Promise<boolean> {
  if (!(await moveCampaign(db, campaignId, from, "sending", now, { startedAt: now, cursor: null }, audit))) return false;
  await env.CAMPAIGN_QUEUE.send({ type: "step", campaignId } satisfies CampaignMessage);
  return true;
}

/** Resumes a paused campaign where it stopped (its cursor and queued rows are kept), audited in the move's batch. */
export async function resumeSending(env: AppEnv, db: DB, campaignId: string, audit: CampaignAudit, now = Date.now()): Promise<boolean> {
  if (!(await moveCampaign(db, campaignId, ["paused"], "sending", now, {}, audit))) return false;
  await env.CAMPAIGN_QUEUE.send({ type: "step", campaignId } satisfies CampaignMessage);
  return true;
}

/** Queues the start of every scheduled campaign due within the horizon, delayed to its moment. */
export async function queueDueCampaigns(env: AppEnv, db: DB, now: number): Promise<number> {
  const due = await claimDueScheduled(db, now, SCHEDULE_HORIZON_MS);
  for (const campaign of due) {
    const delaySeconds = Math.max(0, Math.ceil((campaign.scheduledAt - now) / 1000));
    await env.CAMPAIGN_QUEUE.send({ type: "start", campaignId: campaign.id, scheduledAt: campaign.scheduledAt } satisfies CampaignMessage, { delaySeconds });
  }
  return due.length;
}

/**
 * The campaign queue's consumer (worker/index.ts `queue`). The queue also carries the tickets jobs
 * (an event cancellation's refunds, a moved event's notices: services/tickets), stepped the same way.
 */
export async function campaignQueue(
  batch: MessageBatch<CampaignMessage | TicketJobMessage | MasterFormatsMessage | EntryStreamMessage | VipPaymentLookupMessage>,
  env: AppEnv,
): Promise<void> {
  const db = createDb(env.DB);
  for (const message of batch.messages) {
    try {
      const body = message.body;
      // A master's other format (decision 121): the job and its codec load with the first such message.
      if (isMasterFormatsJob(body)) await (await import("../media/master-derive")).deriveMasterFormat(env, body);
      // A contest entry's streaming copy and waveform (decision 195), loaded the same way.
      else if (isEntryStreamJob(body)) await (await import("../contests/entry-stream-job")).makeEntryStream(env, body);
      else if (isVipPaymentLookup(body)) await lookUpVipPayment(env, db, body.payment);
      else await (isTicketJob(body) ? handleTicketJob(env, db, body) : handleCampaignMessage(env, db, body));
      message.ack();
    } catch (err) {
      console.error(`campaigns: message ${message.id} failed (attempt ${message.attempts}); retrying`, err);
      message.retry({ delaySeconds: Math.min(60, 2 ** message.attempts) });
    }
  }
}

export async function handleCampaignMessage(env: AppEnv, db: DB, body: CampaignMessage, now = Date.now()): Promise<void> {
  if (body.type === "start") {
    const campaign = await findCampaign(db, body.campaignId);
    // Cancelled or moved to another time since: that time's own message (if any) starts it.
    if (!campaign || campaign.status !== "scheduled" || campaign.scheduledAt !== new Date(body.scheduledAt).toISOString()) return;
    await startSending(env, db, campaign.id, ["scheduled"], now);
    return;
  }
  const campaign = await findCampaign(db, body.campaignId);
  if (!campaign || campaign.status !== "sending") return;
  if (campaign.cursor !== SNAPSHOT_DONE) {
    const { written } = await snapshotStep(db, campaign, now);
    await addToRecipientTotal(db, campaign.id, written);
  } else if (!(await sendStep(env, db, campaign, now))) {
    await finishCampaign(db, campaign.id, now);
    return;
  }
  await env.CAMPAIGN_QUEUE.send({ type: "step", campaignId: campaign.id } satisfies CampaignMessage);
}

/** Mails the next queued recipients; false when none were left. Stops early if the campaign was stopped. */
async function sendStep(env: AppEnv, db: DB, campaign: StoredCampaign, now: number): Promise<boolean> {
  const recipients = await queuedRecipients(db, campaign.id, STEP_RECIPIENTS);
  if (recipients.length === 0) return false;
  const secret = readConfig(env).SESSION_SECRET;
  const mail = createMailService(env, db);
  // Rendered once per language and tier among the step's recipients, never per recipient.
  const tiers = await readTiers(db);
  const rendered = new Map<string, Rendered>();
  const renderedIn = ({ locale, tierId }: QueuedRecipient) => {
    const key = `${locale}|${tierId ?? ""}`;
    return rendered.get(key) ?? rendered.set(key, renderFor(env, campaign, locale, { tierId, tiers })).get(key)!;
  };
  for (let i = 0; i < recipients.length; i += MAIL_BATCH_LIMIT) {
    if (i > 0) {
      const current = await findCampaign(db, campaign.id);
      if (current?.status !== "sending") return true;
    }
    const batch = recipients.slice(i, i + MAIL_BATCH_LIMIT);
    const messages = await Promise.all(
      batch.map(async (recipient) =>
        personalise(
          env,
          renderedIn(recipient),
          campaign.id,
          recipient,
          await signContactLink(secret, { contactId: recipient.contactId, campaignId: campaign.id }),
        ),
      ),
    );
    // The same recipients give the same key, so a retried batch is recognised by the provider.
    const key = `campaign-${campaign.id}-${(await sha256Hex(batch.map((r) => r.contactId).join(","))).slice(0, 32)}`;
    const outcomes = await mail.sendBatch(messages, key);
    const sent: string[] = [];
    const failed: { contactId: string; error: string }[] = [];
    outcomes.forEach((outcome, index) => {
      const contactId = batch[index]!.contactId;
      if (outcome.ok) sent.push(contactId);
      else failed.push({ contactId, error: outcome.error.slice(0, 300) });
    });
    await markSent(db, campaign.id, sent, failed, now);
  }
  return true;
}
