// The event form's VIP access tier (decision 108) against a fake API: the select offers "VIP and
// above" and the paid tiers above VIP (never an archived one the event does not name), in English
// and Portuguese; the choice is sent as vipMinTierId; the Worker's tier_gate_unknown shows at the field.
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

describe("the event's VIP access tier", () => {
  it.each([
    ["en", "Edit Freestyle Forever — Miami", /^VIP access for/, ["VIP and above (every paid tier)", "Inner Circle and above"]],
    ["pt-BR", "Editar Freestyle Forever — Miami", /^Acesso VIP para/, ["VIP e acima (todo nível pago)", "Círculo Íntimo e acima"]],
  ] as const)("offers VIP and above and the paid tiers above it (%s)", async (locale, edit, label, options) => {
    fakeServer();
    renderEvents(locale);
    await screen.findByRole("table");
    fireEvent.click(screen.getByRole("button", { name: edit }));
    const select = screen.getByLabelText(label) as HTMLSelectElement;
    await waitFor(() => expect(optionsOf(select)).toEqual(options));
    expect(select.value).toBe("");
  });

  it("sends the chosen tier as vipMinTierId, and shows the Worker's refusal at the field", async () => {
    const server = fakeServer(() => apiError(400, "tier_gate_unknown", "That membership tier does not exist", "vipMinTierId"));
    renderEvents();
    await screen.findByRole("table");
    fireEvent.click(screen.getByRole("button", { name: "Edit Freestyle Forever — Miami" }));
    const select = screen.getByLabelText(/^VIP access for/) as HTMLSelectElement;
    await waitFor(() => expect(optionsOf(select)).toHaveLength(2));
    fireEvent.change(select, { target: { value: "inner-circle" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.callsTo(`PUT ${EVENTS}/${MIAMI.id}`)).toHaveLength(1));
    expect(sentJson(server.callsTo(`PUT ${EVENTS}/${MIAMI.id}`)[0])).toMatchObject({ vipMinTierId: "inner-circle" });
    expect(await screen.findByText("That membership tier no longer exists. Choose another.")).toBeTruthy();
  });
});
