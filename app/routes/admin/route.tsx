import { createFileRoute, Outlet } from "@tanstack/react-router";
import { AdminGate, AdminGatePanel } from "../../components/Gate";
import { NotFound } from "../../components/NotFound";
import { AdminLayout } from "../../components/layout/AdminLayout";
import AdminMessages from "../../features/admin/messages?feature";
import { isAdminDenied, requireAdminRoute } from "../../lib/session/guards";

/**
 * Every /admin page: administrators only (a visitor is sent to sign in; any other signed-in
 * person sees 'Admin Access Required' on the page's own address), in the back-office layout,
 * with the back office's own messages (they load with this chunk, not with the entry).
 */
export const Route = createFileRoute("/admin")({
  beforeLoad: requireAdminRoute,
  component: AdminRoot,
  // The guard's refusal, in the site's frame (not the back office's); any other not-found is the 404 page.
  notFoundComponent: ({ data }) =>
    isAdminDenied(data) ? (
      <section className="page page-narrow">
        <AdminGatePanel />
      </section>
    ) : (
      <NotFound />
    ),
});

function AdminRoot() {
  return (
    <AdminMessages>
      <AdminLayout>
        {/* The guard already stopped non-admins; the gate covers a sign-out while on the page. */}
        <AdminGate>
          <Outlet />
        </AdminGate>
      </AdminLayout>
    </AdminMessages>
  );
}
