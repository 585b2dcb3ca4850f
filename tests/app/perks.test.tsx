// /perks against a fake API: a VIP reveals a code (and sees it again), a member gets the VIP-only
// teaser with a way to become VIP, a visitor is asked to sign in; the codes-gone message from the
// list and from a 409; loading failure with retry, the empty state, and Portuguese.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PublicPerk } from "../../worker/contracts/perks";
import { Route as PerksRoute } from "../../app/routes/perks";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sessionUser, stubRoute, type ApiRoutes } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

const perk = (id: string, title: string, overrides: Partial<PublicPerk> = {}): PublicPerk => ({
  id,
  title,
  description: `${title}: the details.`,
  pictureUrl: `/media/perks/${id}-0123456789abcdef.png`,
  audience: "vip",
  minTier: null,
  hasCode: true,
  startsAt: "2026-01-01T12:00:00.000Z",
  endsAt: "2026-12-31T12:00:00.000Z",
  locked: false,
  revealedAt: null,
  codesGone: false,
  ...overrides,
});

const MERCH = perk("11111111-0000-4000-8000-000000000001", "Merch discount");
const VINYL = perk("11111111-0000-4000-8000-000000000002", "Signed vinyl");

function api(me: ReturnType<typeof sessionUser> | null, perks: PublicPerk[], extra: ApiRoutes = {}) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: me }),
    ...configRoute(),
    "GET /api/perks": json(200, { perks }),
    ...extra,
  });
}

function renderPerks(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  const tree = root.addChildren([mountFileRoute(PerksRoute, "/perks", root), stubRoute(root, "/social/login"), stubRoute(root, "/vip-signup")]);
  return renderApp(tree, "/perks", { locale });
}

const card = (title: string) => screen.getByRole("article", { name: title });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("/perks", () => {
  it.each([
    ["en", "Inner Circle and above", "VIP only"],
    ["pt-BR", "Círculo Íntimo e acima", "Só VIP"],
  ] as const)("names a perk's tier above VIP (%s), and VIP only where it names none", async (locale, circle, vip) => {
    const CIRCLE = perk("11111111-0000-4000-8000-000000000003", "Backstage", {
      locked: true,
      minTier: { id: "inner-circle", name: { en: "Inner Circle", ptBR: "Círculo Íntimo" } },
    });
    api(sessionUser({ isVIP: true }), [CIRCLE, MERCH]);
    renderPerks(locale);
    await screen.findByRole("article", { name: CIRCLE.title });
    expect(card(CIRCLE.title).querySelector(".perk-badges")?.textContent).toBe(circle);
    expect(card(MERCH.title).querySelector(".perk-badges")?.textContent).toBe(vip);
  });

  it("lets a VIP reveal a code, shows the link, and says when", async () => {
    const { callsTo } = api(sessionUser({ isVIP: true }), [MERCH, VINYL], {
      [`POST /api/perks/${MERCH.id}/reveal`]: json(200, { code: "VIP-20", link: "https://shop.example.com/vip", revealedAt: "2026-06-01T15:30:00.000Z" }),
    });
    renderPerks();
    await screen.findByRole("article", { name: MERCH.title });
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual(["Merch discount", "Signed vinyl"]);
    expect(screen.queryByText("Sign in to reveal the perks that are yours.")).toBeNull();

    fireEvent.click(within(card(MERCH.title)).getByRole("button", { name: "Reveal my code" }));
    expect(await within(card(MERCH.title)).findByText("VIP-20")).toBeTruthy();
    const link = within(card(MERCH.title)).getByRole("link", { name: /Open the offer/ });
    expect(link.getAttribute("href")).toBe("https://shop.example.com/vip");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(within(card(MERCH.title)).getByText(/^Revealed on /)).toBeTruthy();
    expect(callsTo(`POST /api/perks/${MERCH.id}/reveal`)).toHaveLength(1);
    await waitFor(() => expect(callsTo("GET /api/perks").length).toBeGreaterThanOrEqual(2));
  });

  it("opens a link to this site's own store in the same tab", async () => {
    api(sessionUser({ isVIP: true }), [MERCH], {
      [`POST /api/perks/${MERCH.id}/reveal`]: json(200, { code: "FREESTYLE20", link: "/store", revealedAt: "2026-06-01T15:30:00.000Z" }),
    });
    renderPerks();
    await screen.findByRole("article", { name: MERCH.title });
    fireEvent.click(within(card(MERCH.title)).getByRole("button", { name: "Reveal my code" }));
    const link = await within(card(MERCH.title)).findByRole("link", { name: "Open the offer" });
    expect(link.getAttribute("href")).toBe("/store");
    expect(link.getAttribute("target")).toBeNull();
  });

  it("offers a member who revealed before to show the code again", async () => {
    api(sessionUser({ isVIP: true }), [perk(MERCH.id, MERCH.title, { revealedAt: "2026-05-01T10:00:00.000Z" })]);
    renderPerks();
    expect(await screen.findByRole("button", { name: "Show my code again" })).toBeTruthy();
  });

  it("shows a member the VIP-only teaser with a link to become VIP, and no reveal", async () => {
    api(sessionUser(), [perk(MERCH.id, MERCH.title, { locked: true })]);
    renderPerks();
    const teaser = await screen.findByRole("article", { name: MERCH.title });
    expect(within(teaser).getByText("VIP only")).toBeTruthy();
    expect(within(teaser).getByText("This perk is for VIP members.")).toBeTruthy();
    expect(within(teaser).getByRole("link", { name: "Become VIP" }).getAttribute("href")).toBe("/vip-signup");
    expect(within(teaser).queryByRole("button")).toBeNull();
  });

  it("asks a visitor to sign in", async () => {
    api(null, [perk(MERCH.id, MERCH.title, { locked: true })]);
    renderPerks();
    const teaser = await screen.findByRole("article", { name: MERCH.title });
    expect(screen.getByText("Sign in to reveal the perks that are yours.")).toBeTruthy();
    expect(within(teaser).getByRole("link", { name: "Sign in to reveal" }).getAttribute("href")).toBe("/social/login");
  });

  it("says when all codes are handed out: from the list, and from a 409", async () => {
    api(sessionUser({ isVIP: true }), [perk(VINYL.id, VINYL.title, { codesGone: true }), MERCH], {
      [`POST /api/perks/${MERCH.id}/reveal`]: apiError(409, "perk_codes_gone", "All codes for this perk have been handed out"),
    });
    renderPerks();
    const vinyl = await screen.findByRole("article", { name: VINYL.title });
    expect(within(vinyl).getByText("All codes for this perk have been handed out")).toBeTruthy();
    expect(within(vinyl).queryByRole("button")).toBeNull();
    fireEvent.click(within(card(MERCH.title)).getByRole("button", { name: "Reveal my code" }));
    expect((await within(card(MERCH.title)).findByRole("alert")).textContent).toBe("All codes for this perk have been handed out");
  });

  it("shows the empty state", async () => {
    api(sessionUser(), []);
    renderPerks();
    expect(await screen.findByText("No perks right now")).toBeTruthy();
  });

  it("shows a failed load with a retry that loads again", async () => {
    let failing = true;
    api(sessionUser(), [], {
      "GET /api/perks": () => (failing ? apiError(500, "internal", "Internal error") : json(200, { perks: [MERCH] })),
    });
    renderPerks();
    expect((await screen.findByRole("alert")).textContent).toContain("Failed to load perks");
    failing = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("article", { name: MERCH.title })).toBeTruthy();
  });

  it("speaks Portuguese", async () => {
    api(sessionUser(), [perk(MERCH.id, MERCH.title, { locked: true }), perk(VINYL.id, VINYL.title, { audience: "members" })]);
    renderPerks("pt-BR");
    await screen.findByRole("article", { name: MERCH.title });
    expect(within(card(MERCH.title)).getByText("Só VIP")).toBeTruthy();
    expect(within(card(MERCH.title)).getByRole("link", { name: "Seja VIP" })).toBeTruthy();
    expect(within(card(VINYL.title)).getByRole("button", { name: "Revelar meu código" })).toBeTruthy();
  });

  it.each(["en", "pt-BR"] as const)("asks for the perks' texts in the reader's language (%s) and shows what comes back", async (locale) => {
    const texts =
      locale === "pt-BR" ? { title: "Vinil autografado", description: "Cópias numeradas à mão." } : { title: "Signed vinyl", description: "Hand-numbered." };
    const { callsTo } = api(sessionUser({ isVIP: true }), [perk(VINYL.id, texts.title, { description: texts.description })]);
    renderPerks(locale);
    expect(await screen.findByRole("heading", { level: 2, name: texts.title })).toBeTruthy();
    expect(within(card(texts.title)).getByText(texts.description)).toBeTruthy();
    const asked = callsTo("GET /api/perks").map(([input]) =>
      new URL(input instanceof Request ? input.url : String(input), "http://localhost").searchParams.get("lang"),
    );
    // The page's own query asks in its language (the test router's loader, with no language in its context, asks in English).
    expect(asked).toContain(locale);
  });
});
