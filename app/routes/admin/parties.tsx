import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { PartiesAdminPage } from "../../features/admin/parties/PartiesAdminPage";
import { adminPartiesQueryOptions } from "../../features/admin/parties/queries";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/admin/parties")({
  // Prefetch without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(adminPartiesQueryOptions()),
  component: AdminParties,
});

const meta = defineMessages({
  title: { id: "meta.admin.parties.title", defaultMessage: "Admin: Listening Parties" },
});

function AdminParties() {
  usePageMeta(meta);
  return <PartiesAdminPage />;
}
