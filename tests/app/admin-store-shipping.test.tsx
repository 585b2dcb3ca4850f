// /admin/store/shipping against a fake API: the zone × weight-class table in both currencies and
// the free-shipping threshold, amounts typed in whole units and sent in cents, "Never free" as
// null, an amount that is not one keeping the form from saving, in both languages.
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as ShippingRoute } from "../../app/routes/admin/store_.shipping";
import type { ShippingSettings } from "../../worker/contracts/store/shipping";
import { SHIPPING_ZONES, WEIGHT_CLASSES } from "../../worker/contracts/store/model";
import { createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson } from "./accounts-harness";

const API = "/api/admin/store/shipping";
const SAVED: ShippingSettings = {
  rates: SHIPPING_ZONES.flatMap((zone, z) =>
    WEIGHT_CLASSES.map((weightClass, w) => ({ zone, weightClass, usdCents: 500 + 100 * (3 * z + w), brlCents: 2500 + 500 * (3 * z + w) })),
  ),
  freeShippingOver: { usd: 7500, brl: null },
};

function renderPage(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  return renderApp(root.addChildren([mountFileRoute(ShippingRoute, "/admin/store/shipping", root)]), "/admin/store/shipping", { locale });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("/admin/store/shipping", () => {
  it("shows every rate and the threshold, and saves the whole table in cents", async () => {
    const api = mockApi({
      [`GET ${API}`]: json(200, SAVED),
      [`PUT ${API}`]: async (req: Request) => json(200, await req.json()),
    });
    renderPage();
    const usLight = (await screen.findByLabelText("United States, Light (a shirt, a poster), in USD")) as HTMLInputElement;
    expect(usLight.value).toBe("8.00");
    expect((screen.getByLabelText("Rest of the world, Heavy (vinyl, bundles), in BRL") as HTMLInputElement).value).toBe("65.00");
    expect((screen.getByLabelText("Free from, in USD") as HTMLInputElement).value).toBe("75.00");
    expect((screen.getByRole("checkbox", { name: "Never free (BRL)" }) as HTMLInputElement).checked).toBe(true);

    fireEvent.change(usLight, { target: { value: "6,5" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Never free (USD)" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Never free (BRL)" }));
    fireEvent.change(screen.getByLabelText("Free from, in BRL"), { target: { value: "300" } });
    fireEvent.click(screen.getByRole("button", { name: "Save shipping" }));
    expect(await screen.findByRole("status")).toBeTruthy();
    const sent = sentJson(api.callsTo(`PUT ${API}`)[0]) as ShippingSettings;
    expect(sent.rates).toHaveLength(9);
    expect(sent.rates.find((r) => r.zone === "us" && r.weightClass === "light")).toEqual({ zone: "us", weightClass: "light", usdCents: 650, brlCents: 4000 });
    expect(sent.freeShippingOver).toEqual({ usd: null, brl: 30000 });
    expect(screen.getByRole("status").textContent).toBe("Shipping saved");
  });

  it("keeps an amount that is not one from being saved", async () => {
    const api = mockApi({ [`GET ${API}`]: json(200, SAVED) });
    renderPage();
    fireEvent.change(await screen.findByLabelText("Brazil, Standard (a hoodie, a CD box), in USD"), { target: { value: "9.999" } });
    expect((await screen.findByRole("alert")).textContent).toBe("Enter an amount of 0 or more, with at most two decimals.");
    expect((screen.getByRole("button", { name: "Save shipping" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByLabelText("Brazil, Standard (a hoodie, a CD box), in USD").getAttribute("aria-invalid")).toBe("true");
    expect(api.callsTo(`PUT ${API}`)).toHaveLength(0);
  });

  it("speaks Portuguese", async () => {
    mockApi({ [`GET ${API}`]: json(200, SAVED) });
    renderPage("pt-BR");
    expect(await screen.findByLabelText("Brasil, Leve (uma camiseta, um pôster), em USD")).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("button", { name: "Salvar frete" })).toBeTruthy());
    expect(screen.getByRole("checkbox", { name: "Nunca grátis (BRL)" })).toBeTruthy();
  });
});
