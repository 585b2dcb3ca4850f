import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { TermsPage } from "../features/legal/TermsPage";
import { usePageMeta } from "../lib/usePageMeta";

export const Route = createFileRoute("/terms")({ component: Terms });

const meta = defineMessages({
  title: { id: "meta.terms.title", defaultMessage: "Terms of Service" },
  description: { id: "meta.terms.description", defaultMessage: "The terms for using {brand}: your account, VIP membership, payments and conduct." },
});

function Terms() {
  usePageMeta(meta);
  return <TermsPage />;
}
