// The member's receipt for each membership payment (a join, an upgrade's prorated charge, a
// renewal, an offer's first month), in the member's language: what was paid for, the tax and the
// total as the invoice booked them, and when the membership renews. Drawn in the frame the store's
// receipts share, so a buyer's mails look alike whatever they bought.
import type { Locale } from "#contracts/locale.ts";
import type { TaxBehavior } from "#contracts/tax-model.ts";
import type { VipPlan } from "#contracts/vip-plans.ts";
import { escapeHtml } from "../../lib/page-head";
import { mailAmount, mailDate, mailDateTime } from "./format";
import { mailLayout } from "./layout";
import type { MailMessage } from "./types";

const en = {
  subject: (tier: string, brand: string) => `Your ${brand} ${tier} receipt`,
  intro: "Thank you for your membership! Here is your receipt.",
  paidOn: (when: string) => `Paid on ${when}`,
  item: (tier: string, plan: VipPlan | null) =>
    plan === "yearly" ? `${tier} membership, billed yearly` : plan === "monthly" ? `${tier} membership, billed monthly` : `${tier} membership`,
  subtotal: "Subtotal",
  taxAdded: (place: string) => `Tax (${place})`,
  taxIncluded: (place: string) => `Includes tax (${place})`,
  total: "Total",
  renews: (date: string) => `Your membership renews on ${date}.`,
  manage: "See or change your membership:",
  why: (brand: string) => `You get this e-mail because you paid for a membership on ${brand}.`,
  signature: (brand: string) => `— ${brand}`,
};

const ptBR: typeof en = {
  subject: (tier, brand) => `Seu recibo ${tier} do ${brand}`,
  intro: "Obrigado pela sua assinatura! Aqui está o seu recibo.",
  paidOn: (when) => `Pago em ${when}`,
  item: (tier, plan) =>
    plan === "yearly" ? `Assinatura ${tier}, cobrada anualmente` : plan === "monthly" ? `Assinatura ${tier}, cobrada mensalmente` : `Assinatura ${tier}`,
  subtotal: "Subtotal",
  taxAdded: (place) => `Impostos (${place})`,
  taxIncluded: (place) => `Impostos incluídos (${place})`,
  total: "Total",
  renews: (date) => `Sua assinatura renova em ${date}.`,
  manage: "Veja ou altere sua assinatura:",
  why: (brand) => `Você recebe este e-mail porque pagou uma assinatura no ${brand}.`,
  signature: (brand) => `— ${brand}`,
};

export const MEMBERSHIP_RECEIPT_TEXTS: Record<Locale, typeof en> = { en, "pt-BR": ptBR };

export type MembershipReceiptFacts = {
  /** The tier's name in the mail's language. */
  tier: string;
  plan: VipPlan | null;
  paidAt: Date;
  currency: string;
  /** What was charged, tax included. */
  totalCents: number;
  /** The tax within the total, where it is owed ("DE", "US-CA"); none when nothing was taxed. */
  tax: { cents: number; jurisdiction: string; behavior: TaxBehavior } | null;
  renewsAt: Date | null;
  /** The member's membership page. */
  membershipUrl: string;
  siteUrl: string;
};

export function membershipReceiptMail({
  to,
  brandName,
  locale,
  facts,
}: {
  to: string;
  brandName: string;
  locale: Locale;
  facts: MembershipReceiptFacts;
}): MailMessage {
  const t = MEMBERSHIP_RECEIPT_TEXTS[locale];
  const money = (cents: number) => mailAmount(locale, cents, facts.currency);
  const tax = facts.tax && facts.tax.cents > 0 ? facts.tax : null;
  const amounts: [string, string][] = [];
  if (tax?.behavior === "exclusive") amounts.push([t.subtotal, money(facts.totalCents - tax.cents)], [t.taxAdded(tax.jurisdiction), money(tax.cents)]);
  amounts.push([t.total, money(facts.totalCents)]);
  if (tax?.behavior === "inclusive") amounts.push([t.taxIncluded(tax.jurisdiction), money(tax.cents)]);
  const item = t.item(facts.tier, facts.plan);
  const renews = facts.renewsAt ? t.renews(mailDate(locale, facts.renewsAt)) : null;

  const text = [t.intro, "", t.paidOn(mailDateTime(locale, facts.paidAt)), "", item, "", ...amounts.map(([label, value]) => `${label}: ${value}`)];
  if (renews) text.push("", renews);
  text.push("", t.manage, facts.membershipUrl, "", t.signature(brandName));

  const e = escapeHtml;
  const html = [
    `<div lang="${locale}">`,
    `<p>${e(t.intro)}</p>`,
    `<h1 style="font-size:18px">${e(item)}</h1>`,
    `<p>${e(t.paidOn(mailDateTime(locale, facts.paidAt)))}</p>`,
    `<table>${amounts.map(([label, value]) => `<tr><th align="left" style="padding-right:12px">${e(label)}</th><td>${e(value)}</td></tr>`).join("")}</table>`,
    renews ? `<p>${e(renews)}</p>` : "",
    `<p>${e(t.manage)} <a href="${e(facts.membershipUrl)}">${e(facts.membershipUrl)}</a></p>`,
    `<p>${e(t.signature(brandName))}</p>`,
    "</div>",
  ];
  const subject = t.subject(facts.tier, brandName);
  const framed = mailLayout({
    locale,
    title: subject,
    brandName,
    siteUrl: facts.siteUrl,
    body: html.filter(Boolean).join("\n"),
    footer: `<p style="margin:0;">${e(t.why(brandName))}</p>`,
  });
  return { to, subject, text: text.join("\n"), html: framed };
}
