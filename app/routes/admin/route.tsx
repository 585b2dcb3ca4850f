import { createFileRoute, Outlet } from "@tanstack/react-router";
import { AdminGate } from "../../components/Gate";
import { AdminLayout } from "../../components/layout/AdminLayout";
import { AdminMessages } from "../../features/admin/AdminMessages";
import { requireAdminRoute } from "../../lib/session/guards";

/**
 * Every /admin page: administrators only (others are redirected to /), in the back-office layout,
 * with the back office's own messages (they load with this chunk, not with the entry).
 */
export const Route = createFileRoute("/admin")({
  beforeLoad: requireAdminRoute,
  component: AdminRoot,
});

function AdminRoot() {
  return (
    <AdminMessages>
      <AdminLayout>
        {/* The guard already redirected non-admins; the gate covers a sign-out while on the page. */}
        <AdminGate>
          <Outlet />
        </AdminGate>
      </AdminLayout>
    </AdminMessages>
  );
}
