import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import AdminFormMessages from "../../features/admin/components/form/messages?feature";
import ContestsAdminMessages from "../../features/admin/contests/messages?feature";
import { ContestsAdminPage } from "../../features/admin/contests/ContestsAdminPage";
import { adminContestsQueryOptions } from "../../features/admin/contests/queries";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/admin/contests")({
  // Prefetch without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(adminContestsQueryOptions()),
  component: AdminContests,
});

const meta = defineMessages({
  title: { id: "meta.admin.contests.title", defaultMessage: "Admin: Remix Contests" },
});

function AdminContests() {
  usePageMeta(meta);
  return (
    <AdminFormMessages>
      <ContestsAdminMessages>
        <ContestsAdminPage />
      </ContestsAdminMessages>
    </AdminFormMessages>
  );
}
