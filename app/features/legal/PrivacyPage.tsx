// The Privacy Policy (docs/features.md#events-virtual-meets-and-the-contact-form, Legal pages; analytics as docs/design.md#11-analytics has them).
// The words are in messages.<locale>.json under legal.privacy.*; this file holds the page's
// structure and the date its text last changed.
import { LegalDocument, type LegalSection } from "./LegalDocument";
import LegalMessages from "./messages?feature";

/**
 * The day the privacy text last changed (YYYY-MM-DD), shown as "Last updated". Move it whenever a
 * legal.privacy.* message changes, in either language (tests/app/legal.test.tsx fails until you do).
 */
export const LAST_UPDATED = "2026-11-27";

const SECTIONS: readonly LegalSection[] = [
  {
    id: "intro",
    heading: { id: "legal.privacy.intro.heading" },
    blocks: [{ p: { id: "legal.privacy.intro.p1" } }, { p: { id: "legal.privacy.intro.p2" } }],
  },
  {
    id: "collected",
    heading: { id: "legal.privacy.collected.heading" },
    blocks: [
      { p: { id: "legal.privacy.collected.p1" } },
      {
        list: [
          { id: "legal.privacy.collected.account" },
          { id: "legal.privacy.collected.devices" },
          { id: "legal.privacy.collected.profile" },
          { id: "legal.privacy.collected.activity" },
          { id: "legal.privacy.collected.payments" },
          { id: "legal.privacy.collected.contact" },
          { id: "legal.privacy.collected.chat" },
          { id: "legal.privacy.collected.analytics" },
          { id: "legal.privacy.collected.abuse" },
          { id: "legal.privacy.collected.moderation" },
        ],
      },
      { p: { id: "legal.privacy.collected.p2" } },
    ],
  },
  {
    id: "cookies",
    heading: { id: "legal.privacy.cookies.heading" },
    blocks: [
      { p: { id: "legal.privacy.cookies.p1" } },
      {
        // Every cookie the site sets: the Worker's (session, D1 bookmark, store buyer) and the app's
        // (locale). A new cookie is a new item here.
        list: [
          { id: "legal.privacy.cookies.session" },
          { id: "legal.privacy.cookies.locale" },
          { id: "legal.privacy.cookies.bookmark" },
          { id: "legal.privacy.cookies.buyer" },
        ],
      },
      { p: { id: "legal.privacy.cookies.none" } },
      { p: { id: "legal.privacy.cookies.p2" } },
      {
        list: [
          { id: "legal.privacy.cookies.bots" },
          { id: "legal.privacy.cookies.gpc" },
          { id: "legal.privacy.cookies.retention" },
          { id: "legal.privacy.cookies.thirdParty" },
        ],
      },
    ],
  },
  {
    id: "usage",
    heading: { id: "legal.privacy.usage.heading" },
    blocks: [
      { p: { id: "legal.privacy.usage.p1" } },
      {
        list: [
          { id: "legal.privacy.usage.account" },
          { id: "legal.privacy.usage.community" },
          { id: "legal.privacy.usage.vip" },
          { id: "legal.privacy.usage.emails" },
          { id: "legal.privacy.usage.newsletter" },
          { id: "legal.privacy.usage.safety" },
          { id: "legal.privacy.usage.stats" },
        ],
      },
      { p: { id: "legal.privacy.usage.bases" } },
      { p: { id: "legal.privacy.usage.noSale" } },
    ],
  },
  {
    id: "processors",
    heading: { id: "legal.privacy.processors.heading" },
    blocks: [
      { p: { id: "legal.privacy.processors.p1" } },
      {
        list: [
          { id: "legal.privacy.processors.cloudflare" },
          { id: "legal.privacy.processors.stripe" },
          { id: "legal.privacy.processors.email" },
          { id: "legal.privacy.processors.ai" },
        ],
      },
      { p: { id: "legal.privacy.processors.p2" } },
    ],
  },
  {
    id: "retention",
    heading: { id: "legal.privacy.retention.heading" },
    blocks: [
      {
        list: [
          { id: "legal.privacy.retention.account" },
          { id: "legal.privacy.retention.deleted" },
          { id: "legal.privacy.retention.payments" },
          { id: "legal.privacy.retention.messages" },
          { id: "legal.privacy.retention.newsletter" },
          { id: "legal.privacy.retention.analytics" },
          { id: "legal.privacy.retention.sessions" },
          { id: "legal.privacy.retention.exports" },
          { id: "legal.privacy.retention.chat" },
        ],
      },
    ],
  },
  {
    id: "security",
    heading: { id: "legal.privacy.security.heading" },
    blocks: [
      {
        list: [
          { id: "legal.privacy.security.passwords" },
          { id: "legal.privacy.security.https" },
          { id: "legal.privacy.security.media" },
          { id: "legal.privacy.security.cards" },
          { id: "legal.privacy.security.admins" },
        ],
      },
      { p: { id: "legal.privacy.security.p1" } },
    ],
  },
  {
    id: "rights",
    heading: { id: "legal.privacy.rights.heading" },
    blocks: [
      { p: { id: "legal.privacy.rights.p1" } },
      {
        list: [
          { id: "legal.privacy.rights.access" },
          { id: "legal.privacy.rights.correct" },
          { id: "legal.privacy.rights.delete" },
          { id: "legal.privacy.rights.portability" },
          { id: "legal.privacy.rights.consent" },
          { id: "legal.privacy.rights.object" },
        ],
      },
      { p: { id: "legal.privacy.rights.p2" } },
      { p: { id: "legal.privacy.rights.p3" } },
    ],
  },
  {
    id: "children",
    heading: { id: "legal.privacy.children.heading" },
    blocks: [{ p: { id: "legal.privacy.children.p1" } }, { p: { id: "legal.privacy.children.p2" } }],
  },
  {
    id: "changes",
    heading: { id: "legal.privacy.changes.heading" },
    blocks: [{ p: { id: "legal.privacy.changes.p1" } }],
  },
  {
    id: "contact",
    heading: { id: "legal.privacy.contact.heading" },
    blocks: [{ p: { id: "legal.privacy.contact.p1" } }],
  },
];

export function PrivacyPage() {
  return (
    <LegalMessages>
      <LegalDocument title={{ id: "legal.privacy.title" }} lastUpdated={LAST_UPDATED} sections={SECTIONS} />
    </LegalMessages>
  );
}
