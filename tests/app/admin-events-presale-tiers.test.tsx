// The event form's presale tier (decision 104) against a fake API: with the presale on, the select
// offers "VIP and above" and the paid tiers above VIP from /api/admin/tier-choices (never an
// archived one the event does not name), in English and Portuguese; the choice is sent as
// presaleMinTierId; the Worker's tier_gate_unknown shows at the field.
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, sentJson } from "./accounts-harness";
import { EVENTS, fakeEventsServer as fakeServer, MIAMI, optionsOf, renderEvents } from "./fixtures/admin-event-form";

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
