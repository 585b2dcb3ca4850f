// The /admin guard through the real /admin file route: a visitor is sent to sign in; a signed-in
// member, VIP or door staff member stays on the address and sees the spec's admin gate (in both
// languages) with no back-office data asked for; an administrator gets the page.
import { createRoute, type AnyRoute } from "@tanstack/react-router";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as AdminRoute } from "../../app/routes/admin/route";
import type { Locale } from "../../app/i18n/locale";
import type { SessionUser } from "../../worker/contracts/auth";
import { createTestRoot, json, mockApi, mountFileRoute, renderApp, sessionUser, stubRoute } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderAdmin(me: SessionUser | null, locale: Locale = "en") {
  const root = createTestRoot();
  const admin = mountFileRoute(AdminRoute, "/admin", root);
  const usersPage = createRoute({
    getParentRoute: () => admin,
    path: "users",
    // Stands for every back-office loader: it must not run for someone the guard refuses.
    loader: ({ context }) =>
      void context.queryClient.prefetchQuery({ queryKey: ["admin-users"], queryFn: () => fetch("/api/admin/users").then((r) => r.json()) }),
    component: () => <p>user management</p>,
  }) as unknown as AnyRoute;
  const tree = root.addChildren([admin.addChildren([usersPage]), stubRoute(root, "/social/login"), stubRoute(root, "/")]);
  const api = mockApi({ "GET /api/auth/me": json(200, { user: me }), ...configRoute(), "GET /api/admin/users": json(200, { users: [] }) });
  return { ...renderApp(tree, "/admin/users", { locale }), api };
}

describe("the /admin guard", () => {
  it("sends a visitor to sign in, coming back to the page afterwards", async () => {
    const { router } = renderAdmin(null);
    expect((await screen.findByTestId("stub-page")).textContent).toBe("/social/login");
    expect(router.state.location.search).toEqual({ redirect: "/admin/users" });
  });

  it.each([
    ["a member", sessionUser()],
    ["a VIP member", sessionUser({ isVIP: true })],
    ["door staff", sessionUser({ isDoorStaff: true })],
  ])("shows %s 'Admin Access Required' on the same address, asking for no back-office data", async (_who, me) => {
    const { router, api } = renderAdmin(me);
    expect(await screen.findByRole("heading", { name: "Admin Access Required" })).toBeTruthy();
    expect(screen.getByText("You don't have permission to access this content.")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/admin/users");
    expect(screen.queryByText("user management")).toBeNull();
    expect(screen.queryByTestId("stub-page")).toBeNull();
    expect(api.callsTo("GET /api/admin/users")).toHaveLength(0);
  });

  it("says so in Brazilian Portuguese", async () => {
    renderAdmin(sessionUser({ isDoorStaff: true }), "pt-BR");
    expect(await screen.findByRole("heading", { name: "Acesso de administrador necessário" })).toBeTruthy();
    expect(screen.getByText("Você não tem permissão para acessar este conteúdo.")).toBeTruthy();
  });

  it("lets an administrator in", async () => {
    renderAdmin(sessionUser({ isAdmin: true }));
    expect(await screen.findByText("user management")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Admin Access Required" })).toBeNull());
  });
});
