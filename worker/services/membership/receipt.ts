// Mails the member's receipt for a membership payment once its invoice is stored: run after the
// fulfilment batch by the delivery whose invoice.paid the batch accepted, and keyed by the invoice,
// so a replayed or retried event mails nothing more. Never throws: a failure is logged and the
// payment stands (the membership page shows it).
import { eq } from "drizzle-orm";
import { readConfig, type AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { findSubscription } from "../../db/payments";
import { readTiers } from "../../db/tiers/tiers";
import { readTaxSettings } from "../../db/tax-settings";
import { VIP_TIER_ID } from "#contracts/tiers/tiers.ts";
import { createMailService } from "../mail";
import { membershipReceiptMail } from "../mail/membership-receipt";
import { MEMBERSHIP_LINK } from "../notifications/membership";

/** A paid membership invoice, as its event said it. */
export type PaidMembershipInvoice = {
  /** The invoice's id, else the event's: what keys the mail. */
  key: string;
  subscriptionId: string;
  /** The tier the invoice was made for, when it names one. */
  tierId: string | null;
  amountCents: number;
  currency: string;
  taxCents: number;
  taxJurisdiction: string | null;
  paidAt: number;
};

export async function sendMembershipReceipt(env: AppEnv, db: DB, userId: string, paid: PaidMembershipInvoice): Promise<void> {
  try {
    const [member, sub, tiers, tax] = await Promise.all([
      db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, userId)).get(),
      findSubscription(db, paid.subscriptionId),
      readTiers(db),
      readTaxSettings(db),
    ]);
    if (!member) return;
    const tierId = paid.tierId ?? sub?.tierId ?? VIP_TIER_ID;
    const tier = tiers.find((t) => t.id === tierId) ?? tiers.find((t) => t.id === VIP_TIER_ID);
    const locale = member.locale;
    const cfg = readConfig(env);
    const siteUrl = cfg.SITE_URL.replace(/\/$/, "");
    const mail = membershipReceiptMail({
      to: member.email,
      brandName: cfg.BRAND_NAME,
      locale,
      facts: {
        tier: tier ? (locale === "pt-BR" ? tier.name.ptBR : tier.name.en) : "VIP",
        plan: sub?.plan ?? null,
        paidAt: new Date(paid.paidAt),
        currency: paid.currency,
        totalCents: paid.amountCents,
        tax:
          paid.taxCents > 0 && paid.taxJurisdiction
            ? { cents: paid.taxCents, jurisdiction: paid.taxJurisdiction, behavior: paid.currency === "brl" ? tax.behavior.brl : tax.behavior.usd }
            : null,
        renewsAt: sub?.currentPeriodEnd && !sub.cancelAtPeriodEnd ? sub.currentPeriodEnd : null,
        membershipUrl: siteUrl + MEMBERSHIP_LINK,
        siteUrl,
      },
    });
    await createMailService(env, db).send({ ...mail, idempotencyKey: `membership-receipt:${paid.key}` });
  } catch (err) {
    console.error(`membership: the receipt of invoice ${paid.key} failed`, err);
  }
}
