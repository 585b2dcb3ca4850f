import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { CopyrightPage } from "../features/legal/CopyrightPage";
import { usePageMeta } from "../lib/usePageMeta";

export const Route = createFileRoute("/copyright")({ component: Copyright });

const meta = defineMessages({
  title: { id: "meta.copyright.title", defaultMessage: "Copyright Notice" },
  description: { id: "meta.copyright.description", defaultMessage: "Who owns the music, videos and images on {brand}, and how you may use them." },
});

function Copyright() {
  usePageMeta(meta);
  return <CopyrightPage />;
}
