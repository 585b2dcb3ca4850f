// A disputed VIP payment's evidence (decision 094), assembled by the site from its own rows: the
// member's e-mail, sign-up and e-mail verification, the invoice paid (time, plan, amount), and what
// the member used of the VIP time that payment bought, in its period: full-track streams, perks
// revealed, the mails sent to them (receipts and notices), as Stripe's access_activity_log.
import type { DB } from "../../db/client";
import { findVipPayment } from "../../db/tiers/vip-payments";
import { REFUND_POLICY_DISCLOSURE, type AccessLogEntry, type DisputeEvidence, type DisputeMembership } from "#contracts/disputes-model.ts";

/** The membership kind's name, as payment_disputes.kind records it. */
export const VIP_KIND_NAME = "VIP subscription";

/** What a VIP payment's activity reads at most per fact (the newest; Stripe's text fields are bounded). */
const ACTIVITY_MAX = 200;

const iso = (ms: number) => new Date(ms).toISOString();
const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

/** The member a disputed subscription is, with its plan; null when the member is gone. */
export const findVipMember = (db: DB, userId: string, subscriptionId: string) =>
  db.$client
    .prepare(
      `SELECT u.id AS userId, u.username, u.email, u.created_at AS createdAt, u.email_verified_at AS emailVerifiedAt,
              (SELECT s.plan FROM subscriptions s WHERE s.id = ?2) AS plan
       FROM users u WHERE u.id = ?1`,
    )
    .bind(userId, subscriptionId)
    .first<DisputeMembership & { createdAt: number; emailVerifiedAt: number | null }>();

type Fact = { kind: AccessLogEntry["kind"]; at: number; detail: AccessLogEntry["detail"] };

async function activity(db: DB, userId: string, email: string, from: number, to: number): Promise<Fact[]> {
  const [streams, perks, mails] = await db.$client.batch<{ at: number; detail: string }>([
    db.$client
      .prepare(
        `SELECT p.played_at AS at, coalesce(t.title, p.track_id) AS detail FROM track_plays p LEFT JOIN tracks t ON t.id = p.track_id
         WHERE p.user_id = ?1 AND p.played_at >= ?2 AND p.played_at < ?3 ORDER BY p.played_at DESC LIMIT ${ACTIVITY_MAX}`,
      )
      .bind(userId, from, to),
    db.$client
      .prepare(
        `SELECT r.revealed_at AS at, coalesce(k.title, r.perk_id) AS detail FROM perk_reveals r LEFT JOIN perks k ON k.id = r.perk_id
         WHERE r.user_id = ?1 AND r.revealed_at >= ?2 AND r.revealed_at < ?3 ORDER BY r.revealed_at DESC LIMIT ${ACTIVITY_MAX}`,
      )
      .bind(userId, from, to),
    db.$client
      .prepare(
        `SELECT created_at AS at, subject AS detail FROM mail_outbox WHERE lower(to_address) = lower(?1) AND created_at >= ?2 AND created_at < ?3
         ORDER BY created_at DESC LIMIT ${ACTIVITY_MAX}`,
      )
      .bind(email, from, to),
  ]);
  return [
    ...(streams?.results ?? []).map((r) => ({ kind: "stream" as const, at: r.at, detail: { track: r.detail } })),
    ...(perks?.results ?? []).map((r) => ({ kind: "perk" as const, at: r.at, detail: { perk: r.detail } })),
    ...(mails?.results ?? []).map((r) => ({ kind: "mail" as const, at: r.at, detail: { subject: r.detail } })),
  ];
}

export type VipEvidence = { evidence: DisputeEvidence; accessLog: AccessLogEntry[]; membership: DisputeMembership };

/** The evidence for a disputed VIP payment; null when the payment or its member is gone. */
export async function vipEvidence(db: DB, paymentIntentId: string, now = Date.now()): Promise<VipEvidence | null> {
  const p = await findVipPayment(db, paymentIntentId);
  const member = p?.userId ? await findVipMember(db, p.userId, p.subscriptionId) : null;
  if (!p || !member) return null;
  const { createdAt, emailVerifiedAt, ...membership } = member;
  const facts: Fact[] = [
    { kind: "sign_up" as const, at: createdAt, detail: { username: member.username } },
    ...(emailVerifiedAt ? [{ kind: "email_verified" as const, at: emailVerifiedAt, detail: { email: member.email } }] : []),
    { kind: "vip_payment" as const, at: p.paidAt, detail: { invoice: p.invoiceId, plan: member.plan, amount: money(p.amountCents, p.currency) } },
    ...(await activity(db, member.userId, member.email, p.paidAt, Math.min(p.periodEnd ?? now, now))),
  ].sort((a, b) => a.at - b.at);
  const log = facts.map((f) => ({ kind: f.kind, at: iso(f.at), ip: null, detail: f.detail }));
  const line = (e: AccessLogEntry) => [e.at, e.kind, ...Object.entries(e.detail ?? {}).flatMap(([k, v]) => (v === null ? [] : [`${k}=${v}`]))].join(" ");
  const period = p.periodEnd ? ` for the period until ${iso(p.periodEnd)}` : "";
  const receipt = [
    `VIP membership (${member.plan ?? "subscription"}) of ${member.username} <${member.email}>: invoice ${p.invoiceId} paid ${iso(p.paidAt)}${period}, ${money(p.amountCents, p.currency)}.`,
    `Member since ${iso(createdAt)}${emailVerifiedAt ? `, e-mail verified ${iso(emailVerifiedAt)}` : ", e-mail not verified"}.`,
    "VIP gives full-track streaming, VIP posts, chat and perks while the membership is paid.",
  ].join("\n");
  return {
    membership,
    evidence: {
      customerEmailAddress: member.email,
      customerPurchaseIp: null,
      receipt,
      shippingCarrier: null,
      shippingTrackingNumber: null,
      refundPolicyDisclosure: REFUND_POLICY_DISCLOSURE,
      accessActivityLog: log.map(line).join("\n"),
    },
    accessLog: log,
  };
}
