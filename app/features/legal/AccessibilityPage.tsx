// The Accessibility Statement (docs/features.md#events-virtual-meets-and-the-contact-form, Legal
// pages): the standard aimed at, what the site does, how it is checked, the known limitations with
// their workarounds, and the contact form with the accessibility topic, which reaches the admins'
// inbox labelled (decision 091); the route passes the form in, as features do not import each other. The words are in messages.<locale>.json under
// legal.accessibility.*; this file holds the page's structure and the day it was last reviewed.
import type { ReactNode } from "react";
import { LegalDocument, type LegalSection } from "./LegalDocument";
import LegalMessages from "./messages?feature";

/**
 * The day the statement was last checked against the site (YYYY-MM-DD), shown as "Last reviewed".
 * Move it whenever a legal.accessibility.* message changes (tests/app/legal.test.tsx fails until
 * you do) and when tests/node/accessibility-statement.test.ts says a limitation no longer holds.
 */
export const LAST_REVIEWED = "2026-11-28";

const sections = (contactForm: ReactNode): readonly LegalSection[] => [
  {
    id: "commitment",
    heading: { id: "legal.accessibility.commitment.heading" },
    blocks: [{ p: { id: "legal.accessibility.commitment.p1" } }, { p: { id: "legal.accessibility.commitment.p2" } }],
  },
  {
    id: "status",
    heading: { id: "legal.accessibility.status.heading" },
    blocks: [{ p: { id: "legal.accessibility.status.p1" } }],
  },
  {
    id: "features",
    heading: { id: "legal.accessibility.features.heading" },
    blocks: [
      {
        list: [
          { id: "legal.accessibility.features.keyboard" },
          { id: "legal.accessibility.features.players" },
          { id: "legal.accessibility.features.forms" },
          { id: "legal.accessibility.features.language" },
          { id: "legal.accessibility.features.motion" },
          { id: "legal.accessibility.features.codes" },
          { id: "legal.accessibility.features.charts" },
        ],
      },
    ],
  },
  {
    id: "testing",
    heading: { id: "legal.accessibility.testing.heading" },
    blocks: [
      { p: { id: "legal.accessibility.testing.p1" } },
      {
        list: [{ id: "legal.accessibility.testing.axe" }, { id: "legal.accessibility.testing.keyboard" }, { id: "legal.accessibility.testing.names" }],
      },
      { p: { id: "legal.accessibility.testing.p2" } },
    ],
  },
  {
    id: "limitations",
    heading: { id: "legal.accessibility.limitations.heading" },
    blocks: [
      { p: { id: "legal.accessibility.limitations.p1" } },
      {
        list: [
          { id: "legal.accessibility.limitations.captions" },
          { id: "legal.accessibility.limitations.audio" },
          { id: "legal.accessibility.limitations.meets" },
          { id: "legal.accessibility.limitations.door" },
          { id: "legal.accessibility.limitations.unscanned" },
          { id: "legal.accessibility.limitations.payments" },
        ],
      },
    ],
  },
  {
    id: "contact",
    heading: { id: "legal.accessibility.contact.heading" },
    blocks: [{ p: { id: "legal.accessibility.contact.p1" } }, { p: { id: "legal.accessibility.contact.p2" } }, { element: contactForm }],
  },
  {
    id: "review",
    heading: { id: "legal.accessibility.review.heading" },
    blocks: [{ p: { id: "legal.accessibility.review.p1" } }],
  },
];

export function AccessibilityPage({ contactForm }: { contactForm: ReactNode }) {
  return (
    <LegalMessages>
      <LegalDocument
        title={{ id: "legal.accessibility.title" }}
        dateLabel={{ id: "legal.lastReviewed" }}
        lastUpdated={LAST_REVIEWED}
        sections={sections(contactForm)}
      />
    </LegalMessages>
  );
}
