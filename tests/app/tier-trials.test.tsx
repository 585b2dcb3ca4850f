// The membership panel during a free trial (decision 102): "Free trial until <date>, then <amount>"
// in place of the renewal's date and amount, in both languages; a paid membership keeps its
// renewal lines; the trial_ending notification's sentence. The API is a fake fetch.
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MembershipResponse } from "../../worker/contracts/payments";
import { createIntl } from "react-intl";
import { notificationText } from "../../app/components/notifications/notificationText";
import en from "../../app/i18n/en?english";
import ptBR from "../../app/i18n/pt-BR.json";
import type { Locale } from "../../app/i18n/locale";
import { createTestRoot, json, mockApi, renderApp, sessionUser, stubRoute } from "./accounts-harness";
import { activeMembership, membershipPanelRoute } from "./fixtures/membership";
import { configRoute, siteConfig } from "./fixtures/config";

const root = createTestRoot();
const panelRoute = membershipPanelRoute(root);
const routeTree = root.addChildren([panelRoute, stubRoute(root, "/vip-signup")]);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const trialing = (overrides: Partial<MembershipResponse> = {}): MembershipResponse =>
  activeMembership({
    renewalAmount: { cents: 2499, currency: "USD" },
    tierId: "inner-circle",
    pendingChange: null,
    trialEndsAt: "2031-07-15T12:00:00.000Z",
    moves: [],
    ...overrides,
  });

const plain = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

function serve(current: MembershipResponse) {
  mockApi({
    "GET /api/auth/me": json(200, { user: sessionUser() }),
    ...configRoute(siteConfig()),
    "GET /api/payments/membership": json(200, current),
  });
}

describe("the membership panel during a trial", () => {
  it("says until when the trial runs and what its end charges, in English and Portuguese", async () => {
    for (const [locale, text] of [
      ["en", "Free trial until July 15, 2031, then $24.99"],
      ["pt-BR", "Teste grátis até 15 de julho de 2031, depois US$ 24,99"],
    ] as const) {
      serve(trialing());
      renderApp(routeTree, "/panel", { locale });
      expect(plain((await screen.findByTestId("membership-trial")).textContent)).toBe(text);
      // The trial's end is not shown a second time as a renewal.
      expect(screen.queryByTestId("membership-renewal-amount")).toBeNull();
      cleanup();
    }
  });

  it("a paid membership shows its renewal, no trial", async () => {
    serve(trialing({ trialEndsAt: null }));
    renderApp(routeTree, "/panel");
    expect(plain((await screen.findByTestId("membership-renewal-amount")).textContent)).toBe("$24.99");
    expect(screen.queryByTestId("membership-trial")).toBeNull();
  });
});

describe("the trial_ending notification's text", () => {
  const text = (locale: Locale) =>
    notificationText(
      createIntl({
        locale,
        messages: locale === "en" ? en : ptBR,
        timeZone: "UTC",
        onError: (e) => {
          throw e;
        },
      }),
      {
        kind: "trial_ending",
        actor: null,
        actorCount: 1,
        params: { at: "2031-07-15T12:00:00.000Z", title: "Inner Circle", titlePtBr: "Círculo Íntimo", cents: 2499, currency: "USD" },
      },
    );

  it("names the tier, the date, the amount and how not to be charged, in both languages", () => {
    expect(plain(text("en"))).toBe("Your free trial of Inner Circle ends on July 15, 2031, then $24.99 is charged — cancel before then not to be charged");
    expect(plain(text("pt-BR"))).toBe(
      "Seu teste grátis de Círculo Íntimo termina em 15 de julho de 2031, depois US$ 24,99 será cobrado — cancele antes para não ser cobrado",
    );
  });
});
