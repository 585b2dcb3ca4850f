// The event form's presale tier (decision 104) against a fake API: with the presale on, the select
// offers "VIP and above" and the paid tiers above VIP from /api/admin/tier-choices (never an
// archived one the event does not name), in English and Portuguese; the choice is sent as
// presaleMinTierId; the Worker's tier_gate_unknown shows at the field.
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as EventsRoute } from "../../app/routes/admin/events";
import type { GateTierChoice } from "../../worker/contracts/tier-gate";
import { event } from "./fixtures/admin-event";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson } from "./accounts-harness";

const EVENTS = "/api/admin/events";
const MIAMI = event("00000000-0000-4000-8000-000000000001");
const TIERS: GateTierChoice[] = [
  { id: "member", rank: 0, archived: false, name: { en: "Member", ptBR: "Membro" } },
  { id: "vip", rank: 1, archived: false, name: { en: "VIP", ptBR: "VIP" } },
  { id: "inner-circle", rank: 2, archived: false, name: { en: "Inner Circle", ptBR: "Círculo Íntimo" } },
  { id: "old-gold", rank: 3, archived: true, name: { en: "Old Gold", ptBR: "Ouro Antigo" } },
];

function fakeServer(
  put: Parameters<typeof mockApi>[0][string] = (request) => request.json().then((body) => json(200, { event: { ...MIAMI, ...(body as object) } })),
) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: null }),
    "GET /api/admin/tier-choices": json(200, { tiers: TIERS }),
    [`GET ${EVENTS}`]: json(200, { events: [MIAMI] }),
    "GET /api/admin/venues": json(200, { venues: [] }),
    [`PUT ${EVENTS}/${MIAMI.id}`]: put,
  });
}

function renderEvents(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  return renderApp(root.addChildren([mountFileRoute(EventsRoute, "/admin/events", root)]), "/admin/events", { locale });
}

const optionsOf = (select: HTMLSelectElement) => [...select.options].map((o) => o.textContent);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Opens MIAMI's form and turns its shared presale on, with its dates and code. */
async function openPresale(edit: string, presaleOn: RegExp) {
  await screen.findByRole("table");
  fireEvent.click(screen.getByRole("button", { name: edit }));
  fireEvent.click(screen.getByRole("checkbox", { name: presaleOn }));
}

describe("the presale's lowest tier", () => {
  it.each([
    [
      "en",
      "Edit Freestyle Forever — Miami",
      /This event has a VIP presale/,
      /^Lowest membership tier/,
      ["VIP and above (every paid tier)", "Inner Circle and above"],
    ],
    [
      "pt-BR",
      "Editar Freestyle Forever — Miami",
      /Este evento tem pré-venda VIP/,
      /^Nível de assinatura mínimo/,
      ["VIP e acima (todo nível pago)", "Círculo Íntimo e acima"],
    ],
  ] as const)("offers VIP and above and the paid tiers above it (%s)", async (locale, edit, presaleOn, label, options) => {
    fakeServer();
    renderEvents(locale);
    await openPresale(edit, presaleOn);
    const select = screen.getByLabelText(label) as HTMLSelectElement;
    await waitFor(() => expect(optionsOf(select)).toEqual(options));
    expect(select.value).toBe("");
  });

  it("sends the chosen tier as presaleMinTierId, and shows the Worker's refusal at the field", async () => {
    const server = fakeServer(() => apiError(400, "tier_gate_unknown", "That membership tier does not exist", "presaleMinTierId"));
    renderEvents();
    await openPresale("Edit Freestyle Forever — Miami", /This event has a VIP presale/);
    fireEvent.change(screen.getByLabelText(/^Presale start/), { target: { value: "2031-11-01T10:00" } });
    fireEvent.change(screen.getByLabelText(/^Presale end/), { target: { value: "2031-11-03T10:00" } });
    fireEvent.change(screen.getByLabelText(/^Presale code( \*)?$/), { target: { value: "MIAMI-VIP" } });
    const select = screen.getByLabelText(/^Lowest membership tier/) as HTMLSelectElement;
    await waitFor(() => expect(optionsOf(select)).toHaveLength(2));
    fireEvent.change(select, { target: { value: "inner-circle" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.callsTo(`PUT ${EVENTS}/${MIAMI.id}`)).toHaveLength(1));
    expect(sentJson(server.callsTo(`PUT ${EVENTS}/${MIAMI.id}`)[0])).toMatchObject({ presaleCodeMode: "shared", presaleMinTierId: "inner-circle" });
    expect(await screen.findByText("That membership tier no longer exists. Choose another.")).toBeTruthy();
  });
});
