// The settings page's retention offer section (decision 103): saved as numbers, the form's own
// range checks before anything is sent, the server's refusal shown at its field, in both languages.
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { createRoute, type AnyRoute } from "@tanstack/react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RetentionSettingsSection } from "../../app/features/admin/offers/RetentionSettingsSection";
import { apiError, createTestRoot, json, mockApi, renderApp, sentJson } from "./accounts-harness";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(locale: "en" | "pt-BR") {
  const root = createTestRoot();
  const page = createRoute({ getParentRoute: () => root, path: "/page", component: () => <RetentionSettingsSection /> }) as unknown as AnyRoute;
  return renderApp(root.addChildren([page]), "/page", { locale });
}

const API = "/api/admin/offers/retention";
const OFF = { enabled: false, percentOff: 25, periods: 3 };

describe("the settings page's retention offer section", () => {
  it("saves the switch and both numbers together, as numbers", async () => {
    const api = mockApi({
      "GET /api/auth/me": json(200, { user: null }),
      [`GET ${API}`]: json(200, OFF),
      [`PUT ${API}`]: (req: Request) => req.json().then((body) => json(200, body)),
    });
    renderAt("en");
    fireEvent.click(await screen.findByLabelText("Offer a discount to members who start to cancel"));
    fireEvent.change(screen.getByLabelText("Percent off each discounted renewal"), { target: { value: "40" } });
    fireEvent.change(screen.getByLabelText("Renewals discounted (billing periods)"), { target: { value: "2" } });
    fireEvent.click(screen.getByRole("button", { name: "Save retention offer" }));
    expect(await screen.findByText("Retention offer saved.")).toBeTruthy();
    expect(sentJson(api.callsTo(`PUT ${API}`)[0])).toEqual({ enabled: true, percentOff: 40, periods: 2 });
  });

  it("checks the ranges in Portuguese before sending anything", async () => {
    const api = mockApi({ "GET /api/auth/me": json(200, { user: null }), [`GET ${API}`]: json(200, OFF) });
    renderAt("pt-BR");
    fireEvent.change(await screen.findByLabelText("Percentual de desconto em cada renovação com desconto"), { target: { value: "101" } });
    fireEvent.change(screen.getByLabelText("Renovações com desconto (períodos de cobrança)"), { target: { value: "13" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar oferta de retenção" }));
    const alerts = (await screen.findAllByRole("alert")).map((a) => a.textContent);
    expect(alerts).toEqual(["Informe um percentual inteiro de 1 a 100.", "Informe um número inteiro de 1 a 12."]);
    expect(api.callsTo(`PUT ${API}`)).toHaveLength(0);
  });

  it("shows the server's refusal at its field", async () => {
    mockApi({
      "GET /api/auth/me": json(200, { user: null }),
      [`GET ${API}`]: json(200, OFF),
      [`PUT ${API}`]: apiError(400, "retention_periods_invalid", "bad", "periods", { min: 1, max: 12 }),
    });
    renderAt("en");
    fireEvent.click(await screen.findByRole("button", { name: "Save retention offer" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Enter a whole number from 1 to 12.");
    expect(screen.getByLabelText("Renewals discounted (billing periods)").getAttribute("aria-invalid")).toBe("true");
  });
});
