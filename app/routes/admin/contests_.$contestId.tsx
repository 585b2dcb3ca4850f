import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import AdminFormMessages from "../../features/admin/components/form/messages?feature";
import ContestsAdminMessages from "../../features/admin/contests/messages?feature";
import { ContestEntriesPage } from "../../features/admin/contests/ContestEntriesPage";
import { adminContestQueryOptions, contestEntriesQueryOptions } from "../../features/admin/contests/queries";
import { usePageMeta } from "../../lib/usePageMeta";

// One contest's entries and results: its own path, not nested in the contests' list page.
export const Route = createFileRoute("/admin/contests_/$contestId")({
  // Prefetch without throwing: the page shows its own loading and failure states.
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(adminContestQueryOptions(params.contestId));
    void context.queryClient.prefetchQuery(contestEntriesQueryOptions(params.contestId));
  },
  component: AdminContestEntries,
});

const meta = defineMessages({
  title: { id: "meta.admin.contestEntries.title", defaultMessage: "Admin: Contest entries" },
});

function AdminContestEntries() {
  usePageMeta(meta);
  const { contestId } = Route.useParams();
  return (
    <AdminFormMessages>
      <ContestsAdminMessages>
        <ContestEntriesPage contestId={contestId} />
      </ContestsAdminMessages>
    </AdminFormMessages>
  );
}
