// The Terms of Service (docs/features.md#events-virtual-meets-and-the-contact-form, Legal pages: monthly renewal, 14-day refund, 30 days'
// notice of price changes, card payments; the price is the configured one, docs/features.md#payments-and-vip).
// The words are in messages.<locale>.json under legal.terms.*; this file holds the page's
// structure and the date its text last changed.
import { LegalDocument, type LegalSection } from "./LegalDocument";
import LegalMessages from "./messages?feature";

/**
 * The day the terms text last changed (YYYY-MM-DD), shown as "Last updated". Move it whenever a
 * legal.terms.* message changes, in either language (tests/app/legal.test.tsx fails until you do).
 */
export const LAST_UPDATED = "2026-11-21";

const SECTIONS: readonly LegalSection[] = [
  {
    id: "intro",
    heading: { id: "legal.terms.intro.heading" },
    blocks: [{ p: { id: "legal.terms.intro.p1" } }, { p: { id: "legal.terms.intro.p2" } }],
  },
  {
    id: "account",
    heading: { id: "legal.terms.account.heading" },
    blocks: [
      {
        list: [
          { id: "legal.terms.account.age" },
          { id: "legal.terms.account.accurate" },
          { id: "legal.terms.account.one" },
          { id: "legal.terms.account.password" },
          { id: "legal.terms.account.username" },
        ],
      },
      { p: { id: "legal.terms.account.p1" } },
    ],
  },
  {
    id: "vip",
    heading: { id: "legal.terms.vip.heading" },
    blocks: [
      { p: { id: "legal.terms.vip.p1" } },
      { p: { id: "legal.terms.vip.cancel" } },
      { p: { id: "legal.terms.vip.p2" } },
      { p: { id: "legal.terms.vip.p3" } },
    ],
  },
  {
    id: "payment",
    heading: { id: "legal.terms.payment.heading" },
    blocks: [
      {
        list: [
          { id: "legal.terms.payment.renewal" },
          { id: "legal.terms.payment.provider" },
          { id: "legal.terms.payment.refund" },
          { id: "legal.terms.payment.priceChange" },
          { id: "legal.terms.payment.failed" },
        ],
      },
      { p: { id: "legal.terms.payment.p1" } },
    ],
  },
  {
    id: "prohibited",
    heading: { id: "legal.terms.prohibited.heading" },
    blocks: [
      { p: { id: "legal.terms.prohibited.p1" } },
      {
        list: [
          { id: "legal.terms.prohibited.harassment" },
          { id: "legal.terms.prohibited.hate" },
          { id: "legal.terms.prohibited.spam" },
          { id: "legal.terms.prohibited.sharing" },
          { id: "legal.terms.prohibited.scraping" },
          { id: "legal.terms.prohibited.circumvent" },
          { id: "legal.terms.prohibited.disrupt" },
        ],
      },
    ],
  },
  {
    id: "content",
    heading: { id: "legal.terms.content.heading" },
    blocks: [{ p: { id: "legal.terms.content.p1" } }, { p: { id: "legal.terms.content.p2" } }],
  },
  {
    id: "moderation",
    heading: { id: "legal.terms.moderation.heading" },
    blocks: [{ p: { id: "legal.terms.moderation.p1" } }, { p: { id: "legal.terms.moderation.p2" } }],
  },
  {
    id: "ip",
    heading: { id: "legal.terms.ip.heading" },
    blocks: [{ p: { id: "legal.terms.ip.p1" } }, { p: { id: "legal.terms.ip.p2" } }],
  },
  {
    id: "disclaimers",
    heading: { id: "legal.terms.disclaimers.heading" },
    blocks: [{ p: { id: "legal.terms.disclaimers.p1" } }, { p: { id: "legal.terms.disclaimers.p2" } }, { p: { id: "legal.terms.disclaimers.p3" } }],
  },
  {
    id: "changes",
    heading: { id: "legal.terms.changes.heading" },
    blocks: [{ p: { id: "legal.terms.changes.p1" } }],
  },
  {
    id: "law",
    heading: { id: "legal.terms.law.heading" },
    blocks: [{ p: { id: "legal.terms.law.p1" } }],
  },
  {
    id: "contact",
    heading: { id: "legal.terms.contact.heading" },
    blocks: [{ p: { id: "legal.terms.contact.p1" } }],
  },
];

export function TermsPage() {
  return (
    <LegalMessages>
      <LegalDocument title={{ id: "legal.terms.title" }} lastUpdated={LAST_UPDATED} sections={SECTIONS} />
    </LegalMessages>
  );
}
