import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { ContactForm } from "../features/contact/ContactForm";
import { AccessibilityPage } from "../features/legal/AccessibilityPage";
import { usePageMeta } from "../lib/usePageMeta";

export const Route = createFileRoute("/accessibility")({ component: Accessibility });

const meta = defineMessages({
  title: { id: "meta.accessibility.title", defaultMessage: "Accessibility Statement" },
  description: {
    id: "meta.accessibility.description",
    defaultMessage: "How accessible {brand} is, how we check it, what does not work well yet and how to tell us about a problem.",
  },
});

function Accessibility() {
  usePageMeta(meta);
  return <AccessibilityPage contactForm={<ContactForm topic="accessibility" />} />;
}
