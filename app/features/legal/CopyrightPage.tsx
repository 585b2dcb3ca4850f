// The Copyright Notice (docs/features.md#events-virtual-meets-and-the-contact-form, Legal pages).
// The words are in messages.<locale>.json under legal.copyright.*; this file holds the page's
// structure and the date its text last changed.
import { LegalDocument, type LegalSection } from "./LegalDocument";
import LegalMessages from "./messages?feature";

/**
 * The day the copyright text last changed (YYYY-MM-DD), shown as "Last updated". Move it whenever a
 * legal.copyright.* message changes, in either language (tests/app/legal.test.tsx fails until you do).
 */
export const LAST_UPDATED = "2026-11-21";

const SECTIONS: readonly LegalSection[] = [
  {
    id: "content",
    heading: { id: "legal.copyright.content.heading" },
    blocks: [{ p: { id: "legal.copyright.content.p1" } }, { p: { id: "legal.copyright.content.p2" } }],
  },
  {
    id: "code",
    heading: { id: "legal.copyright.code.heading" },
    blocks: [{ p: { id: "legal.copyright.code.p1" } }],
  },
  {
    id: "usage",
    heading: { id: "legal.copyright.usage.heading" },
    blocks: [
      { p: { id: "legal.copyright.usage.p1" } },
      {
        list: [{ id: "legal.copyright.usage.stream" }, { id: "legal.copyright.usage.share" }],
      },
      { p: { id: "legal.copyright.usage.p2" } },
      {
        list: [
          { id: "legal.copyright.usage.download" },
          { id: "legal.copyright.usage.redistribute" },
          { id: "legal.copyright.usage.commercial" },
          { id: "legal.copyright.usage.derivative" },
        ],
      },
      { p: { id: "legal.copyright.usage.p3" } },
    ],
  },
  {
    id: "notice",
    heading: { id: "legal.copyright.notice.heading" },
    blocks: [
      { p: { id: "legal.copyright.notice.p1" } },
      {
        list: [
          { id: "legal.copyright.notice.owner" },
          { id: "legal.copyright.notice.work" },
          { id: "legal.copyright.notice.location" },
          { id: "legal.copyright.notice.goodFaith" },
          { id: "legal.copyright.notice.accuracy" },
        ],
      },
      { p: { id: "legal.copyright.notice.p2" } },
      { p: { id: "legal.copyright.notice.p3" } },
    ],
  },
  {
    id: "contact",
    heading: { id: "legal.copyright.contact.heading" },
    blocks: [{ p: { id: "legal.copyright.contact.p1" } }],
  },
];

export function CopyrightPage() {
  return (
    <LegalMessages>
      <LegalDocument title={{ id: "legal.copyright.title" }} lastUpdated={LAST_UPDATED} sections={SECTIONS} />
    </LegalMessages>
  );
}
