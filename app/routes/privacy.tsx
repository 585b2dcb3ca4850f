import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { LegalPage } from "../components/LegalPage";
import { usePageMeta } from "../lib/usePageMeta";

export const Route = createFileRoute("/privacy")({ component: Privacy });

const m = defineMessages({
  introH: { id: "legal.privacy.intro.heading", defaultMessage: "Introduction" },
  intro: {
    id: "legal.privacy.intro.body",
    defaultMessage: "This policy explains what information {brand} collects when you use the site, how we use it and the choices you have.",
  },
  collectedH: { id: "legal.privacy.collected.heading", defaultMessage: "Information We Collect" },
  collected: {
    id: "legal.privacy.collected.body",
    defaultMessage:
      "The account details you give us (username, e-mail address and a password we store only as a secure hash), the profile information you choose to share, the posts and comments you write, and basic usage data such as the pages you visit.",
  },
  usageH: { id: "legal.privacy.usage.heading", defaultMessage: "How We Use Information" },
  usage: {
    id: "legal.privacy.usage.body",
    defaultMessage:
      "To run your account, show your profile and posts to the community, provide VIP features, answer your messages and understand how the site is used so we can improve it. We do not sell your personal information.",
  },
  securityH: { id: "legal.privacy.security.heading", defaultMessage: "Security" },
  security: {
    id: "legal.privacy.security.body",
    defaultMessage:
      "Passwords are hashed, sessions use secure cookies, and payments are handled by our card payment provider: we never see or store your card number.",
  },
  rightsH: { id: "legal.privacy.rights.heading", defaultMessage: "Your Rights" },
  rights: {
    id: "legal.privacy.rights.body",
    defaultMessage: "You can view and edit your profile at any time, and you can ask us for a copy of your data or to delete your account.",
  },
  contactH: { id: "legal.privacy.contact.heading", defaultMessage: "Contact" },
  contact: { id: "legal.privacy.contact.body", defaultMessage: "Questions about privacy? Write to {email}." },
});

const SECTIONS = [
  { key: "intro", heading: m.introH, body: m.intro },
  { key: "collected", heading: m.collectedH, body: m.collected },
  { key: "usage", heading: m.usageH, body: m.usage },
  { key: "security", heading: m.securityH, body: m.security },
  { key: "rights", heading: m.rightsH, body: m.rights },
  { key: "contact", heading: m.contactH, body: m.contact },
];

const meta = defineMessages({
  title: { id: "meta.privacy.title", defaultMessage: "Privacy Policy" },
  description: { id: "meta.privacy.description", defaultMessage: "What information {brand} collects, how it is used and the choices you have." },
});

function Privacy() {
  usePageMeta(meta);
  return <LegalPage title={<FormattedMessage id="legal.privacy.title" defaultMessage="Privacy Policy" />} sections={SECTIONS} />;
}
