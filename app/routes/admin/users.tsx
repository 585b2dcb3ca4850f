import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import UsersMessages from "../../features/admin/users/messages?feature";
import { UsersPage } from "../../features/admin/users/UsersPage";
import { usersQueryOptions } from "../../features/admin/users/queries";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/admin/users")({
  // Prefetch the first page without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(usersQueryOptions({ search: "", role: "all", page: 1 })),
  component: AdminUsers,
});

const meta = defineMessages({
  title: { id: "meta.admin.users.title", defaultMessage: "Admin: Users" },
});

function AdminUsers() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="admin.users.title" defaultMessage="User Management" />}
      intro={<FormattedMessage id="admin.users.intro" defaultMessage="Members, their roles and access." />}
    >
      <UsersMessages>
        <UsersPage />
      </UsersMessages>
    </PageFrame>
  );
}
