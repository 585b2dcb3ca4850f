// /admin/users by tier (decision 100): the tier filter offers the ladder the answer carries (names in
// the page's language), the membership and months-supported filters go to the server, back on
// page 1, and each row shows its tier's badge (its colour, readable text) and months supported.
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as UsersRoute } from "../../app/routes/admin/users";
import type { AdminUser, AdminUsersResponse } from "../../worker/contracts/admin/users";
import type { TierBadge } from "../../worker/contracts/tiers/badges";
import { createTestRoot, json, mockApi, mountFileRoute, renderApp, sessionUser } from "./accounts-harness";

const API = "/api/admin/users";
const ME = sessionUser({ id: "00000000-0000-4000-8000-000000000001", email: "boss@example.com", username: "boss", isAdmin: true });
const FREE: TierBadge = { id: "member", rank: 0, name: { en: "Member", ptBR: "Membro" }, color: "#64748b" };
const VIP: TierBadge = { id: "vip", rank: 1, name: { en: "VIP", ptBR: "VIP" }, color: "#d4a017" };
const INNER: TierBadge = { id: "inner-circle", rank: 2, name: { en: "Inner Circle", ptBR: "Círculo Íntimo" }, color: "#7c3aed" };

const member = (n: number, extra: Partial<AdminUser>): AdminUser => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  email: `fan${n}@example.com`,
  username: `fan_${n}`,
  joinedAt: "2024-03-01T12:00:00.000Z",
  lastSignInAt: null,
  status: "active",
  ban: null,
  isAdmin: false,
  isVIP: false,
  vipSource: "none",
  isDoorStaff: false,
  tier: null,
  monthsSupported: 0,
  ...extra,
});

const USERS = [
  member(2, { isVIP: true, vipSource: "paid", tier: INNER, monthsSupported: 4 }),
  member(3, { isVIP: true, vipSource: "paid", tier: VIP, monthsSupported: 1 }),
  member(4, {}),
];

function serve() {
  const answer: AdminUsersResponse = { users: USERS, page: 1, pageSize: 20, total: 3, totalPages: 1, tiers: [FREE, VIP, INNER] };
  const api = mockApi({ "GET /api/auth/me": json(200, { user: ME }), [`GET ${API}`]: json(200, answer) });
  return () => api.callsTo(`GET ${API}`).map(([input]) => Object.fromEntries(new URL(String(input), "http://localhost").searchParams));
}

function renderUsers(locale: "en" | "pt-BR") {
  const root = createTestRoot();
  return renderApp(root.addChildren([mountFileRoute(UsersRoute, "/admin/users", root)]), "/admin/users", { locale });
}

const rowOf = (email: string) => screen.getByText(email, { selector: ".admin-users-email" }).closest("tr")!;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/admin/users by tier", () => {
  it("shows each member's tier badge and months supported, and sends the tier filters", async () => {
    const queries = serve();
    renderUsers("en");
    await screen.findByText("fan2@example.com", {}, { timeout: 5000 });
    const badge = rowOf("fan2@example.com").querySelector<HTMLElement>(".badge-tier")!;
    expect(badge.textContent).toBe("Inner Circle");
    expect(badge.style.background).toBe("#7c3aed");
    expect(badge.style.color).toBe("#ffffff");
    expect(rowOf("fan2@example.com").textContent).toContain("4 months supported");
    expect(rowOf("fan3@example.com").textContent).toContain("1 month supported");
    expect(rowOf("fan4@example.com").querySelector(".badge-tier")).toBeNull();

    const tier = screen.getByLabelText("Tier") as HTMLSelectElement;
    expect([...tier.options].map((o) => o.textContent)).toEqual(["All Tiers", "Member", "VIP", "Inner Circle"]);
    const membership = screen.getByLabelText("Membership") as HTMLSelectElement;
    expect([...membership.options].map((o) => o.textContent)).toEqual(["Any Membership", "Paying", "Trialing", "Past Due", "Cancelling", "Free"]);

    fireEvent.change(tier, { target: { value: "inner-circle" } });
    await waitFor(() => expect(queries().at(-1)).toEqual({ role: "all", page: "1", tier: "inner-circle" }));
    fireEvent.change(membership, { target: { value: "cancelling" } });
    fireEvent.change(screen.getByLabelText("Supported at least (months)"), { target: { value: "6" } });
    await waitFor(() => expect(queries().at(-1)).toEqual({ role: "all", page: "1", tier: "inner-circle", membership: "cancelling", minMonths: "6" }));
  });

  it("in Portuguese: the tiers' Portuguese names, the filters and months supported", async () => {
    serve();
    renderUsers("pt-BR");
    await screen.findByText("fan2@example.com", {}, { timeout: 5000 });
    expect(rowOf("fan2@example.com").querySelector(".badge-tier")!.textContent).toBe("Círculo Íntimo");
    expect(rowOf("fan2@example.com").textContent).toContain("4 meses de apoio");
    expect(rowOf("fan3@example.com").textContent).toContain("1 mês de apoio");
    const tier = screen.getByLabelText("Nível") as HTMLSelectElement;
    expect([...tier.options].map((o) => o.textContent)).toEqual(["Todos os níveis", "Membro", "VIP", "Círculo Íntimo"]);
    const membership = screen.getByLabelText("Assinatura") as HTMLSelectElement;
    expect([...membership.options].map((o) => o.textContent)).toEqual([
      "Qualquer assinatura",
      "Pagando",
      "Em teste",
      "Pagamento atrasado",
      "Cancelando",
      "Gratuito",
    ]);
    expect(screen.getByLabelText("Apoiando há pelo menos (meses)")).toBeTruthy();
  });
});
