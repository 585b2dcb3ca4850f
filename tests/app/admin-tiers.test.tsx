// /admin/tiers against a fake API: the ladder's table, the top first, with badge swatch, prices,
// members and state; the form's own checks before sending (no price) in the admin's words; a
// create with both languages side by side and a benefits list (its exact body, prices in cents);
// a server refusal at its field; VIP edited without price fields; archive after the question;
// move up; the loading failure and the hint while no tier above VIP exists; Portuguese.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as TiersAdminRoute } from "../../app/routes/admin/tiers";
import type { AdminTier } from "../../worker/contracts/tiers/admin";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson } from "./accounts-harness";

const API = "/api/admin/tiers";
const NO_PRICES = { monthlyUsd: null, yearlyUsd: null, monthlyBrl: null, yearlyBrl: null };
const adminTier = (id: string, rank: number, en: string, ptBR: string, extra: Partial<AdminTier> = {}): AdminTier => ({
  id,
  rank,
  name: { en, ptBR },
  description: { en: "", ptBR: "" },
  benefits: { en: [], ptBR: [] },
  prices: NO_PRICES,
  badgeColor: "#64748b",
  trialDays: 0,
  lossless: false,
  archived: false,
  memberCount: 0,
  builtIn: rank < 2,
  ...extra,
});
const MEMBER = adminTier("member", 0, "Member", "Membro", { memberCount: 40 });
const VIP = adminTier("vip", 1, "VIP", "VIP", { memberCount: 12, badgeColor: "#d4a017" });
const INNER = adminTier("inner-circle", 2, "Inner Circle", "Círculo Íntimo", {
  prices: { monthlyUsd: 2499, yearlyUsd: 24900, monthlyBrl: 12990, yearlyBrl: 129900 },
  badgeColor: "#4c1d95",
  trialDays: 7,
  memberCount: 3,
});
const GOLD = adminTier("gold", 3, "Gold", "Ouro", { prices: { ...NO_PRICES, monthlyUsd: 4999 }, archived: true, memberCount: 1 });

function fakeServer(extra: Parameters<typeof mockApi>[0] = {}, tiers = [MEMBER, VIP, INNER, GOLD]) {
  return mockApi({ "GET /api/auth/me": json(200, { user: null }), [`GET ${API}`]: json(200, { tiers }), ...extra });
}

function renderPage(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  return renderApp(root.addChildren([mountFileRoute(TiersAdminRoute, "/admin/tiers", root)]), "/admin/tiers", { locale });
}

const row = (name: string) => screen.getByRole("row", { name: new RegExp(name) });
const plain = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/admin/tiers", () => {
  it.each(["en", "pt-BR"] as const)("in %s, every row's button names itself with its visible text first (WCAG 2.5.3)", async (locale) => {
    fakeServer();
    renderPage(locale);
    await screen.findByRole("row", { name: /Inner Circle/ });
    const buttons = screen.getAllByRole("row").flatMap((tableRow) => within(tableRow).queryAllByRole("button"));
    expect(buttons.length).toBeGreaterThan(8);
    for (const button of buttons) expect(button.getAttribute("aria-label")).toContain(button.textContent);
  });

  it("lists the ladder, the top first, with swatch, prices in both currencies, trial, members and state", async () => {
    fakeServer();
    renderPage();
    await screen.findByRole("row", { name: /Inner Circle/ });
    const names = screen.getAllByRole("rowheader").map((cell) => cell.textContent);
    expect(names).toEqual(["GoldOuro", "Inner CircleCírculo Íntimo", "VIPVIP", "MemberMembro"]);
    const inner = row("Inner Circle");
    expect(plain(inner.textContent)).toContain("$24.99 · R$129.90");
    expect(plain(inner.textContent)).toContain("$249.00 · R$1,299.00");
    expect(within(inner).getByText("7 days")).toBeTruthy();
    expect(within(inner).getByText("3")).toBeTruthy();
    expect(within(inner).getByText("Offered")).toBeTruthy();
    expect((inner.querySelector(".admin-tiers-swatch") as HTMLElement).style.background).toBe("#4c1d95");
    expect(within(row("Gold")).getByText("Archived")).toBeTruthy();
    expect(within(row("Gold")).getByRole("button", { name: "Bring back Gold" })).toBeTruthy();
    // VIP and the free tier: edited only, their prices configured elsewhere.
    expect(within(row("VIP")).getByText("Built in")).toBeTruthy();
    expect(within(row("VIP")).getAllByText("Configured")).toHaveLength(2);
    expect(within(row("VIP")).queryByRole("button", { name: /Move|Archive/ })).toBeNull();
    expect(within(row("VIP")).getByRole("button", { name: "Edit VIP" })).toBeTruthy();
    // The top admin tier cannot go up, the lowest cannot go down.
    expect((within(row("Gold")).getByRole("button", { name: "Move up: Gold" }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(inner).getByRole("button", { name: "Move down: Inner Circle" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText("No tiers above VIP yet")).toBeNull();
  });

  it("creates a tier from both languages side by side, with benefits added and removed, prices sent in cents", async () => {
    const created = adminTier("backstage-crew", 4, "Backstage Crew", "Equipe de Bastidores");
    const { callsTo } = fakeServer({ [`POST ${API}`]: json(201, { tier: created }) });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Add tier" }));
    const form = await screen.findByRole("dialog", { name: "Add tier" });
    const en = within(form).getByRole("group", { name: "English" });
    const pt = within(form).getByRole("group", { name: "Portuguese (Brazil)" });
    fireEvent.change(within(en).getByLabelText("Name"), { target: { value: "Backstage Crew" } });
    fireEvent.change(within(pt).getByLabelText("Name"), { target: { value: "Equipe de Bastidores" } });
    fireEvent.change(within(en).getByLabelText("Description"), { target: { value: "Meet the crew." } });

    // The schema's own check: no price at all.
    fireEvent.click(within(form).getByRole("button", { name: "Create" }));
    expect(await within(form).findByText("Give the tier a monthly or a yearly price.")).toBeTruthy();
    expect(callsTo(`POST ${API}`)).toHaveLength(0);

    fireEvent.click(within(en).getByRole("button", { name: "Add a benefit (English)" }));
    fireEvent.click(within(en).getByRole("button", { name: "Add a benefit (English)" }));
    fireEvent.change(within(en).getByLabelText("Benefit 1 (English)"), { target: { value: "Soundcheck visits" } });
    fireEvent.change(within(en).getByLabelText("Benefit 2 (English)"), { target: { value: "Gone" } });
    fireEvent.click(within(en).getByRole("button", { name: "Remove benefit 2 (English)" }));
    fireEvent.click(within(pt).getByRole("button", { name: "Add a benefit (Portuguese (Brazil))" }));
    fireEvent.change(within(pt).getByLabelText("Benefit 1 (Portuguese (Brazil))"), { target: { value: "Visitas à passagem de som" } });
    fireEvent.change(within(form).getByLabelText("Monthly price (USD)"), { target: { value: "49.90" } });
    fireEvent.change(within(form).getByLabelText("Yearly price (BRL)"), { target: { value: "2.499,00".replace(".", "") } });
    fireEvent.change(within(form).getByLabelText("Badge colour"), { target: { value: "#112233" } });
    fireEvent.change(within(form).getByLabelText("Free trial (days)"), { target: { value: "14" } });
    fireEvent.click(within(form).getByLabelText("Lossless listening"));
    fireEvent.click(within(form).getByRole("button", { name: "Create" }));

    await waitFor(() => expect(callsTo(`POST ${API}`)).toHaveLength(1));
    expect(sentJson(callsTo(`POST ${API}`)[0])).toEqual({
      nameEn: "Backstage Crew",
      namePtBr: "Equipe de Bastidores",
      descriptionEn: "Meet the crew.",
      descriptionPtBr: "",
      benefitsEn: ["Soundcheck visits"],
      benefitsPtBr: ["Visitas à passagem de som"],
      monthlyUsdCents: 4990,
      yearlyUsdCents: null,
      monthlyBrlCents: null,
      yearlyBrlCents: 249900,
      badgeColor: "#112233",
      trialDays: 14,
      lossless: true,
    });
    expect(await screen.findByText("Tier created.")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows the Worker's refusal at its field: a name whose address is taken", async () => {
    fakeServer({ [`POST ${API}`]: apiError(409, "tier_id_taken", "A tier with this name's address already exists", "nameEn") });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Add tier" }));
    const form = await screen.findByRole("dialog", { name: "Add tier" });
    fireEvent.change(within(within(form).getByRole("group", { name: "English" })).getByLabelText("Name"), { target: { value: "Inner Circle" } });
    fireEvent.change(within(within(form).getByRole("group", { name: "Portuguese (Brazil)" })).getByLabelText("Name"), { target: { value: "Círculo" } });
    fireEvent.change(within(form).getByLabelText("Monthly price (USD)"), { target: { value: "10" } });
    fireEvent.click(within(form).getByRole("button", { name: "Create" }));
    const name = within(within(form).getByRole("group", { name: "English" })).getByLabelText("Name");
    await waitFor(() => expect(name.getAttribute("aria-invalid")).toBe("true"));
    expect(within(form).getByText("A tier with this English name already exists. Choose another name.")).toBeTruthy();
  });

  it("edits VIP's texts and badge without price or trial fields, sending null prices", async () => {
    const { callsTo } = fakeServer({ [`PUT ${API}/vip`]: json(200, { tier: VIP }) });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Edit VIP" }));
    const form = await screen.findByRole("dialog", { name: "Edit VIP" });
    expect(within(form).queryByLabelText("Monthly price (USD)")).toBeNull();
    expect(within(form).queryByLabelText("Free trial (days)")).toBeNull();
    expect(within(form).getByText(/VIP costs the configured monthly price/)).toBeTruthy();
    fireEvent.change(within(within(form).getByRole("group", { name: "English" })).getByLabelText("Description"), { target: { value: "The first paid tier." } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(callsTo(`PUT ${API}/vip`)).toHaveLength(1));
    expect(sentJson(callsTo(`PUT ${API}/vip`)[0])).toMatchObject({
      descriptionEn: "The first paid tier.",
      monthlyUsdCents: null,
      yearlyUsdCents: null,
      monthlyBrlCents: null,
      yearlyBrlCents: null,
      trialDays: 0,
      badgeColor: "#d4a017",
    });
  });

  it("archives after the question, which says the members keep it; moves a tier up", async () => {
    const { callsTo } = fakeServer({
      [`POST ${API}/inner-circle/archive`]: json(200, { tier: { ...INNER, archived: true } }),
      [`POST ${API}/inner-circle/move`]: json(200, { tiers: [MEMBER, VIP, GOLD, INNER] }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Archive Inner Circle" }));
    const dialog = await screen.findByRole("dialog", { name: "Archive this tier?" });
    expect(dialog.textContent).toContain("Inner Circle will no longer be offered to new members. Its 3 members keep it.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Archive" }));
    await waitFor(() => expect(callsTo(`POST ${API}/inner-circle/archive`)).toHaveLength(1));
    expect(await screen.findByText("Tier archived.")).toBeTruthy();

    fireEvent.click(within(row("Inner Circle")).getByRole("button", { name: "Move up: Inner Circle" }));
    await waitFor(() => expect(callsTo(`POST ${API}/inner-circle/move`)).toHaveLength(1));
    expect(sentJson(callsTo(`POST ${API}/inner-circle/move`)[0])).toEqual({ direction: "up" });
    expect(await screen.findByText("Inner Circle moved.")).toBeTruthy();
  });

  it("says when a move is refused, and when the list fails to load", async () => {
    fakeServer({ [`POST ${API}/inner-circle/move`]: apiError(409, "tier_cannot_move", "Already at that end") });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Move up: Inner Circle" }));
    expect(await screen.findByText("This tier cannot move that way. The list has been refreshed.")).toBeTruthy();
    cleanup();
    mockApi({ "GET /api/auth/me": json(200, { user: null }), [`GET ${API}`]: apiError(500, "internal", "Boom") });
    renderPage();
    expect(await screen.findByText("Failed to load tiers")).toBeTruthy();
  });

  it("shows the hint while no tier above VIP exists, in Portuguese", async () => {
    fakeServer({}, [MEMBER, VIP]);
    renderPage("pt-BR");
    expect(await screen.findByText("Ainda não há níveis acima do VIP")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Adicionar nível" })).toBeTruthy();
    expect(within(row("^Member ?Membro")).getAllByText("Grátis")).toHaveLength(2);
    expect(within(row("VIP")).getByRole("button", { name: "Editar VIP" })).toBeTruthy();
  });
});
