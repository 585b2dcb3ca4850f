// The event form's VIP access tier (decision 108) against a fake API: the select offers "VIP and
// above" and the paid tiers above VIP (never an archived one the event does not name), in English
// and Portuguese; the choice is sent as vipMinTierId; the Worker's tier_gate_unknown shows at the field.
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, sentJson } from "./accounts-harness";
import { EVENTS, fakeEventsServer as fakeServer, MIAMI, optionsOf, renderEvents } from "./fixtures/admin-event-form";

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
