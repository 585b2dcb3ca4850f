// /admin/parties' lowest tier (decision 104) against a fake API: ticking "VIP members only" shows
// the select (VIP and above, then the paid tiers above VIP from /api/admin/tier-choices), in
// English and Portuguese; the choice is sent as minTierId, null for a party for every member; the
// Worker's tier_gate_archived is shown in the form's words.
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as PartiesAdminRoute } from "../../app/routes/admin/parties";
import type { GateTierChoice } from "../../worker/contracts/tiers/gate";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson } from "./accounts-harness";

const API = "/api/admin/parties";
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
    [`GET ${API}`]: json(200, { parties: [] }),
    [`GET ${API}/sources`]: json(200, { albums: [{ id: "radio-heartline", title: "Radio Heartline", trackCount: 3, durationSeconds: 166 }], playlists: [] }),
    ...extra,
  });
}

function renderPage(locale?: "pt-BR") {
  const root = createTestRoot();
  renderApp(root.addChildren([mountFileRoute(PartiesAdminRoute, "/admin/parties", root)]), "/admin/parties", locale ? { locale } : undefined);
}

const optionsOf = (select: HTMLSelectElement) => [...select.options].map((o) => o.textContent);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Fills the form's other fields: a title, the album, a start. */
async function fillParty() {
  fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Circle night" } });
  const album = screen.getByRole("combobox", { name: "Album" }) as HTMLSelectElement;
  await waitFor(() => expect(optionsOf(album)).toHaveLength(2));
  fireEvent.change(album, { target: { value: "radio-heartline" } });
  fireEvent.change(screen.getByLabelText("Start (your local time)"), { target: { value: "2031-07-10T18:00" } });
}

describe("a VIP party's lowest tier", () => {
  it.each([
    ["en", "Schedule a party", "VIP members only", "Lowest membership tier", ["VIP and above (every paid tier)", "Inner Circle and above"]],
    ["pt-BR", "Agendar uma festa", "Só para membros VIP", "Nível de assinatura mínimo", ["VIP e acima (todo nível pago)", "Círculo Íntimo e acima"]],
  ] as const)("shows the tiers (%s) once the party is for VIP members, never an archived one", async (locale, create, vipOnly, label, options) => {
    fakeServer();
    renderPage(locale === "pt-BR" ? "pt-BR" : undefined);
    fireEvent.click(await screen.findByRole("button", { name: create }));
    expect(screen.queryByLabelText(label)).toBeNull();
    fireEvent.click(screen.getByLabelText(vipOnly));
    const select = (await screen.findByLabelText(label)) as HTMLSelectElement;
    await waitFor(() => expect(optionsOf(select)).toEqual(options));
  });

  it("sends the chosen tier as minTierId, and shows the Worker's refusal of an archived one", async () => {
    const { callsTo } = fakeServer({ [`POST ${API}`]: apiError(400, "tier_gate_archived", "That membership tier is archived", "minTierId") });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Schedule a party" }));
    await fillParty();
    fireEvent.click(screen.getByLabelText("VIP members only"));
    const select = (await screen.findByLabelText("Lowest membership tier")) as HTMLSelectElement;
    await waitFor(() => expect(optionsOf(select)).toHaveLength(2));
    fireEvent.change(select, { target: { value: "inner-circle" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(callsTo(`POST ${API}`)).toHaveLength(1));
    expect(sentJson(callsTo(`POST ${API}`)[0])).toMatchObject({ vipOnly: true, minTierId: "inner-circle" });
    expect((await screen.findByRole("alert")).textContent).toBe("That membership tier is archived. Choose another.");
  });

  it("sends null for a party for every member, whatever was chosen before unticking", async () => {
    const { callsTo } = fakeServer({ [`POST ${API}`]: apiError(400, "party_source_empty", "Empty", "sourceId") });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Schedule a party" }));
    await fillParty();
    fireEvent.click(screen.getByLabelText("VIP members only"));
    const select = (await screen.findByLabelText("Lowest membership tier")) as HTMLSelectElement;
    await waitFor(() => expect(optionsOf(select)).toHaveLength(2));
    fireEvent.change(select, { target: { value: "inner-circle" } });
    fireEvent.click(screen.getByLabelText("VIP members only"));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(callsTo(`POST ${API}`)).toHaveLength(1));
    expect(sentJson(callsTo(`POST ${API}`)[0])).toMatchObject({ vipOnly: false, minTierId: null });
  });
});
