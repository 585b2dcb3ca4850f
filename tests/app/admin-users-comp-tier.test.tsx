// /admin/users: a complimentary membership names its tier (decision 098). Beside the comp switch
// the paid tiers still offered (free tier and archived ones left out, names in the page's
// language), VIP chosen; the grant sends the tier chosen. A comp held shows no choice.
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as UsersRoute } from "../../app/routes/admin/users";
import type { AdminUser, AdminUsersResponse } from "../../worker/contracts/admin/users";
import type { TierChoicesResponse } from "../../worker/contracts/tiers/gate";
import { createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson, sessionUser } from "./accounts-harness";

const API = "/api/admin/users";
const ME = sessionUser({ id: "00000000-0000-4000-8000-000000000001", email: "boss@example.com", username: "boss", isAdmin: true });
const CHOICES: TierChoicesResponse = {
  tiers: [
    { id: "member", rank: 0, name: { en: "Member", ptBR: "Membro" }, archived: false },
    { id: "vip", rank: 1, name: { en: "VIP", ptBR: "VIP" }, archived: false },
    { id: "inner-circle", rank: 2, name: { en: "Inner Circle", ptBR: "Círculo Íntimo" }, archived: false },
    { id: "old-guard", rank: 3, name: { en: "Old Guard", ptBR: "Velha Guarda" }, archived: true },
  ],
};

const member = (n: number, extra: Partial<AdminUser> = {}): AdminUser => ({
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

const FAN = member(2);
const COMPED = member(3, { isVIP: true, vipSource: "comp" });

function serve() {
  const answer: AdminUsersResponse = { users: [FAN, COMPED], page: 1, pageSize: 20, total: 2, totalPages: 1 };
  return mockApi({
    "GET /api/auth/me": json(200, { user: ME }),
    [`GET ${API}`]: json(200, answer),
    "GET /api/admin/tier-choices": json(200, CHOICES),
    [`PUT ${API}/${FAN.id}/vip`]: json(200, { user: { ...FAN, isVIP: true, vipSource: "comp" } }),
  });
}

function renderUsers(locale: "en" | "pt-BR") {
  const root = createTestRoot();
  return renderApp(root.addChildren([mountFileRoute(UsersRoute, "/admin/users", root)]), "/admin/users", { locale });
}

const optionsOf = (select: HTMLSelectElement) => [...select.options].map((o) => [o.value, o.textContent]);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/admin/users: the comp's tier", () => {
  it("offers the paid tiers still sold, VIP chosen, and grants the tier chosen", async () => {
    const server = serve();
    renderUsers("en");
    const select = (await screen.findByLabelText("Comp tier: fan2@example.com", {}, { timeout: 5000 })) as HTMLSelectElement;
    expect(optionsOf(select)).toEqual([
      ["vip", "VIP"],
      ["inner-circle", "Inner Circle"],
    ]);
    expect(select.value).toBe("vip");
    // A comp held is taken away by its switch: no tier to choose.
    expect(screen.queryByLabelText("Comp tier: fan3@example.com")).toBeNull();

    fireEvent.change(select, { target: { value: "inner-circle" } });
    fireEvent.click(screen.getByRole("switch", { name: "Comp VIP: fan2@example.com" }));
    await waitFor(() => expect(server.callsTo(`PUT ${API}/${FAN.id}/vip`)).toHaveLength(1));
    expect(sentJson(server.callsTo(`PUT ${API}/${FAN.id}/vip`)[0])).toEqual({ comp: true, tierId: "inner-circle" });
  });

  it("in Portuguese: the tiers' Portuguese names; left as it is, the grant is VIP", async () => {
    const server = serve();
    renderUsers("pt-BR");
    const select = (await screen.findByLabelText("Nível da cortesia: fan2@example.com", {}, { timeout: 5000 })) as HTMLSelectElement;
    expect(optionsOf(select)).toEqual([
      ["vip", "VIP"],
      ["inner-circle", "Círculo Íntimo"],
    ]);
    fireEvent.click(screen.getByRole("switch", { name: "VIP cortesia: fan2@example.com" }));
    await waitFor(() => expect(server.callsTo(`PUT ${API}/${FAN.id}/vip`)).toHaveLength(1));
    expect(sentJson(server.callsTo(`PUT ${API}/${FAN.id}/vip`)[0])).toEqual({ comp: true, tierId: "vip" });
  });
});
