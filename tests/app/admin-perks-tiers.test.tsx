// /admin/perks' lowest tier (decision 104) against a fake API: a VIP perk offers "VIP and above"
// and the paid tiers above VIP from /api/admin/tier-choices (an archived one only to the perk that
// already names it), in English and Portuguese; the choice is sent as minTierId (null for VIP and
// above, and for a perk for every member, whose form hides the select); the Worker's
// tier_gate_archived shows at the field.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as PerksAdminRoute } from "../../app/routes/admin/perks";
import type { AdminPerk } from "../../worker/contracts/perks";
import type { GateTierChoice } from "../../worker/contracts/tiers/gate";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson } from "./accounts-harness";

const API = "/api/admin/perks";
const PERK: AdminPerk = {
  id: "22222222-0000-4000-8000-000000000001",
  title: "Backstage",
  description: "Meet the band",
  titlePtBr: null,
  descriptionPtBr: null,
  pictureUrl: null,
  link: null,
  codeMode: "none",
  sharedCode: null,
  audience: "vip",
  minTierId: "old-gold",
  startsAt: "2026-01-01T12:00:00.000Z",
  endsAt: "2026-12-31T12:00:00.000Z",
  state: "live",
  reveals: 0,
  codes: { total: 0, claimed: 0, left: 0 },
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};
const TIERS: GateTierChoice[] = [
  { id: "member", rank: 0, archived: false, name: { en: "Member", ptBR: "Membro" } },
  { id: "vip", rank: 1, archived: false, name: { en: "VIP", ptBR: "VIP" } },
  { id: "inner-circle", rank: 2, archived: false, name: { en: "Inner Circle", ptBR: "Círculo Íntimo" } },
  { id: "old-gold", rank: 3, archived: true, name: { en: "Old Gold", ptBR: "Ouro Antigo" } },
];

function fakeServer(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: null }),
    "GET /api/admin/tier-choices": json(200, { tiers: TIERS }),
    [`GET ${API}`]: json(200, { perks: [PERK] }),
    ...extra,
  });
}

function renderPage(locale?: "pt-BR") {
  const root = createTestRoot();
  renderApp(root.addChildren([mountFileRoute(PerksAdminRoute, "/admin/perks", root)]), "/admin/perks", locale ? { locale } : undefined);
}

const optionsOf = (select: HTMLSelectElement) => [...select.options].map((o) => o.textContent);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("a VIP perk's lowest tier", () => {
  it.each([
    ["en", "Add perk", "Lowest membership tier", ["VIP and above (every paid tier)", "Inner Circle and above"]],
    ["pt-BR", "Adicionar vantagem", "Nível de assinatura mínimo", ["VIP e acima (todo nível pago)", "Círculo Íntimo e acima"]],
  ] as const)("a new perk (%s) offers VIP and above and the paid tiers above it, never an archived one", async (locale, add, label, options) => {
    fakeServer();
    renderPage(locale === "pt-BR" ? "pt-BR" : undefined);
    fireEvent.click(await screen.findByRole("button", { name: add }));
    const select = (await within(screen.getByRole("dialog")).findByLabelText(label)) as HTMLSelectElement;
    await waitFor(() => expect(optionsOf(select)).toEqual(options));
    expect(select.value).toBe("");
  });

  it("sends the chosen tier as minTierId, and null for a perk for every member (whose form has no select)", async () => {
    const { callsTo } = fakeServer({ [`POST ${API}`]: json(201, { perk: { ...PERK, minTierId: "inner-circle" } }) });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Add perk" }));
    const form = screen.getByRole("dialog");
    fireEvent.change(within(form).getByLabelText("Title"), { target: { value: "Backstage" } });
    fireEvent.change(within(form).getByLabelText("Description"), { target: { value: "Meet the band" } });
    const select = (await within(form).findByLabelText("Lowest membership tier")) as HTMLSelectElement;
    await waitFor(() => expect(optionsOf(select)).toHaveLength(2));
    fireEvent.change(select, { target: { value: "inner-circle" } });
    fireEvent.click(within(form).getByRole("button", { name: "Create" }));
    await waitFor(() => expect(callsTo(`POST ${API}`)).toHaveLength(1));
    expect(sentJson(callsTo(`POST ${API}`)[0])).toMatchObject({ audience: "vip", minTierId: "inner-circle" });

    cleanup();
    const second = fakeServer({ [`POST ${API}`]: json(201, { perk: { ...PERK, audience: "members", minTierId: null } }) });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Add perk" }));
    const again = screen.getByRole("dialog");
    fireEvent.change(within(again).getByLabelText("Title"), { target: { value: "Backstage" } });
    fireEvent.change(within(again).getByLabelText("Description"), { target: { value: "Meet the band" } });
    fireEvent.change(await within(again).findByLabelText("Lowest membership tier"), { target: { value: "inner-circle" } });
    fireEvent.change(within(again).getByLabelText("Audience"), { target: { value: "members" } });
    expect(within(again).queryByLabelText("Lowest membership tier")).toBeNull();
    fireEvent.click(within(again).getByRole("button", { name: "Create" }));
    await waitFor(() => expect(second.callsTo(`POST ${API}`)).toHaveLength(1));
    expect(sentJson(second.callsTo(`POST ${API}`)[0])).toMatchObject({ audience: "members", minTierId: null });
  });

  it("keeps an archived tier the perk already names, marked, and shows the Worker's refusal at the field", async () => {
    fakeServer({ [`PUT ${API}/${PERK.id}`]: apiError(400, "tier_gate_archived", "That membership tier is archived", "minTierId") });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Edit Backstage" }));
    const form = screen.getByRole("dialog");
    const select = (await within(form).findByLabelText("Lowest membership tier")) as HTMLSelectElement;
    await waitFor(() => expect(optionsOf(select)).toEqual(["VIP and above (every paid tier)", "Inner Circle and above", "Old Gold (archived) and above"]));
    expect(select.value).toBe("old-gold");
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByText("That membership tier is archived. Choose another.")).toBeTruthy();
  });
});
