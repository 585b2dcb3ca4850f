import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { LegalPage } from "../components/LegalPage";
import { usePageMeta } from "../lib/usePageMeta";

export const Route = createFileRoute("/copyright")({ component: Copyright });

const m = defineMessages({
  contentH: { id: "legal.copyright.content.heading", defaultMessage: "Content Copyright" },
  content: {
    id: "legal.copyright.content.body",
    defaultMessage: "All music, recordings, videos, photographs and artwork on this site are protected by copyright and belong to the artist or their licensors.",
  },
  codeH: { id: "legal.copyright.code.heading", defaultMessage: "Code Ownership" },
  code: { id: "legal.copyright.code.body", defaultMessage: "The design and software of this site are owned by {brand}." },
  usageH: { id: "legal.copyright.usage.heading", defaultMessage: "Usage Rights" },
  usage: {
    id: "legal.copyright.usage.body",
    defaultMessage: "You may stream content and share links to it for personal, non-commercial use. Copying, downloading or redistributing content without permission is not allowed.",
  },
  contactH: { id: "legal.copyright.contact.heading", defaultMessage: "Contact" },
  contact: { id: "legal.copyright.contact.body", defaultMessage: "To report a copyright concern, write to {email}." },
});

const SECTIONS = [
  { key: "content", heading: m.contentH, body: m.content },
  { key: "code", heading: m.codeH, body: m.code },
  { key: "usage", heading: m.usageH, body: m.usage },
  { key: "contact", heading: m.contactH, body: m.contact },
];

const meta = defineMessages({
  title: { id: "meta.copyright.title", defaultMessage: "Copyright Notice" },
  description: { id: "meta.copyright.description", defaultMessage: "Who owns the music, videos and images on {brand}, and how you may use them." },
});

function Copyright() {
  usePageMeta(meta);
  return <LegalPage title={<FormattedMessage id="legal.copyright.title" defaultMessage="Copyright Notice" />} sections={SECTIONS} />;
}
