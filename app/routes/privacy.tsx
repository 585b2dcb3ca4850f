import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { PrivacyPage } from "../features/legal/PrivacyPage";
import { usePageMeta } from "../lib/usePageMeta";

export const Route = createFileRoute("/privacy")({ component: Privacy });

const meta = defineMessages({
  title: { id: "meta.privacy.title", defaultMessage: "Privacy Policy" },
  description: { id: "meta.privacy.description", defaultMessage: "What information {brand} collects, how it is used and the choices you have." },
});

function Privacy() {
  usePageMeta(meta);
  return <PrivacyPage />;
}
