// Tier recognition on the member's side (decision 100), through the real profile route: the tier
// badge beside the name in the reader's language with readable text, no badge for the free tier,
// months supported, "member since" and months supported absent when hidden, and the owner's two
// choices sent with Edit Profile; in English and Portuguese.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as ProfileRoute } from "../../app/routes/social/profile/$userId";
import type { ProfileView } from "../../worker/contracts/profiles";
import type { TierBadge } from "../../worker/contracts/tiers/badges";
import { createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson, sessionUser, stubRoute } from "./accounts-harness";

const root = createTestRoot();
const routeTree = root.addChildren([mountFileRoute(ProfileRoute, "/social/profile/$userId", root), stubRoute(root, "/"), stubRoute(root, "/vip-signup")]);
const OWNER_ID = "11111111-1111-4111-8111-111111111111";
const INNER: TierBadge = { id: "inner-circle", rank: 2, name: { en: "Inner Circle", ptBR: "Círculo Íntimo" }, color: "#7c3aed" };
const VIP: TierBadge = { id: "vip", rank: 1, name: { en: "VIP", ptBR: "VIP" }, color: "#d4a017" };

const profileOf = (overrides: Partial<ProfileView> = {}): ProfileView => ({
  id: OWNER_ID,
  username: "fan_one",
  avatarUrl: null,
  bio: null,
  website: null,
  location: null,
  isVIP: true,
  isAdmin: false,
  tier: INNER,
  createdAt: "2024-03-15T12:00:00.000Z",
  monthsSupported: 7,
  ...overrides,
});

function serve(profile: ProfileView, me = sessionUser()) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: me }),
    [`GET /api/profiles/${profile.id}`]: json(200, { profile }),
    [`GET /api/profiles/${profile.id}/posts`]: json(200, { posts: [] }),
    "PATCH /api/profiles/me": json(200, { profile }),
  });
}

const open = async (locale: "en" | "pt-BR" = "en") => {
  renderApp(routeTree, `/social/profile/${OWNER_ID}`, { locale });
  return screen.findByRole("heading", { level: 1 }, { timeout: 5000 });
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("tier recognition on profiles", () => {
  it("shows the tier badge, member since and months supported (English)", async () => {
    serve(profileOf());
    const heading = await open();
    const badge = heading.querySelector<HTMLElement>(".badge-tier")!;
    expect(badge.textContent).toBe("Inner Circle");
    expect(badge.style.background).toBe("#7c3aed");
    expect(badge.style.color).toBe("#ffffff");
    expect(screen.getByText("Joined March 15, 2024")).toBeTruthy();
    expect(screen.getByText("Supporter for 7 months")).toBeTruthy();
  });

  it("in Portuguese, with black text on VIP's gold", async () => {
    serve(profileOf({ tier: VIP, monthsSupported: 1 }));
    const heading = await open("pt-BR");
    const badge = heading.querySelector<HTMLElement>(".badge-tier")!;
    expect(badge.textContent).toBe("VIP");
    expect(badge.style.color).toBe("#000000");
    expect(screen.getByText("Apoiador há 1 mês")).toBeTruthy();
    expect(screen.getByText("Membro desde 15 de março de 2024")).toBeTruthy();
  });

  it("shows no badge for the free tier, and neither line when the member hides both", async () => {
    const { createdAt: _c, monthsSupported: _m, ...hidden } = profileOf({ tier: null, isVIP: false });
    serve(hidden);
    const heading = await open();
    expect(heading.querySelector(".badge-tier, .badge-vip")).toBeNull();
    expect(screen.queryByText(/Joined/)).toBeNull();
    expect(screen.queryByText(/Supporter for/)).toBeNull();
  });

  it("sends the owner's choices to hide them with Edit Profile, and only when changed", async () => {
    const api = serve(profileOf({ privacy: { hideMemberSince: false, hideMonthsSupported: true } }), sessionUser({ id: OWNER_ID }));
    await open("pt-BR");
    fireEvent.click(screen.getByRole("button", { name: "Editar perfil" }));
    const dialog = await screen.findByRole("dialog");
    const since = within(dialog).getByRole("checkbox", { name: "Ocultar quando entrei" }) as HTMLInputElement;
    const months = within(dialog).getByRole("checkbox", { name: "Ocultar há quantos meses apoio" }) as HTMLInputElement;
    expect([since.checked, months.checked]).toEqual([false, true]);
    fireEvent.click(since);
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar alterações" }));
    await waitFor(() => expect(api.callsTo("PATCH /api/profiles/me")).toHaveLength(1));
    expect(sentJson(api.callsTo("PATCH /api/profiles/me")[0] as never)).toMatchObject({ hideMemberSince: true, hideMonthsSupported: true });
  });
});
