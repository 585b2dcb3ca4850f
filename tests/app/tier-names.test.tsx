// A member above VIP sees their own tier named on their pages: the membership panel's title and the
// door pass's, in both languages (VIP keeps "VIP Membership" / "Your VIP pass"); the tier move's
// Confirm is the primary action, not a destructive one. The API is a fake fetch.
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { createRoute, type AnyRoute } from "@tanstack/react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { VipPassCard } from "../../app/features/vip-pass/VipPassCard";
import type { MembershipResponse } from "../../worker/contracts/payments";
import type { TierView } from "../../worker/contracts/tiers/tiers";
import type { VipPassResponse } from "../../worker/contracts/tickets/vip-pass";
import { createTestRoot, json, mockApi, renderApp, sessionUser, stubRoute } from "./accounts-harness";
import { activeMembership, membershipPanelRoute } from "./fixtures/membership";
import { configRoute, siteConfig } from "./fixtures/config";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NO_PRICES = { monthlyUsd: null, yearlyUsd: null, monthlyBrl: null, yearlyBrl: null };
const tier = (id: string, rank: number, en: string, ptBR: string): TierView => ({
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
});
const LADDER = [tier("member", 0, "Member", "Membro"), tier("vip", 1, "VIP", "VIP"), tier("inner-circle", 2, "Inner Circle", "Círculo Íntimo")];

describe("the membership panel names the member's tier", () => {
  const root = createTestRoot();
  const routeTree = root.addChildren([membershipPanelRoute(root), stubRoute(root, "/vip-signup")]);
  const serve = (current: MembershipResponse) =>
    mockApi({
      "GET /api/auth/me": json(200, { user: sessionUser({ isVIP: true }) }),
      ...configRoute(siteConfig()),
      "GET /api/tiers": json(200, { tiers: LADDER }),
      "GET /api/payments/membership": json(200, current),
    });

  it("says Inner Circle Membership to an Inner Circle member, in English and Portuguese", async () => {
    for (const [locale, title] of [
      ["en", "Inner Circle Membership"],
      ["pt-BR", "Assinatura Círculo Íntimo"],
    ] as const) {
      serve(activeMembership({ tierId: "inner-circle", moves: [], pendingChange: null }));
      renderApp(routeTree, "/panel", { locale });
      expect(await screen.findByRole("heading", { level: 2, name: title })).toBeTruthy();
      cleanup();
    }
  });

  it("keeps VIP Membership for a VIP", async () => {
    serve(activeMembership({ tierId: "vip", moves: [], pendingChange: null }));
    renderApp(routeTree, "/panel");
    expect(await screen.findByRole("heading", { level: 2, name: "VIP Membership" })).toBeTruthy();
  });

  it("asks a tier move's Confirm in the primary style", async () => {
    serve(
      activeMembership({
        tierId: "vip",
        pendingChange: null,
        tier: { id: "vip", name: { en: "VIP", ptBR: "VIP" }, benefits: { en: [], ptBR: [] } },
        moves: [{ id: "inner-circle", name: { en: "Inner Circle", ptBR: "Círculo Íntimo" }, plan: "monthly", kind: "upgrade" }],
      }),
    );
    renderApp(routeTree, "/panel");
    fireEvent.click(await screen.findByRole("button", { name: "Upgrade to Inner Circle (monthly)" }));
    const dialog = await screen.findByRole("dialog", { name: "Move to Inner Circle?" });
    const confirm = within(dialog).getByRole("button", { name: /Confirm|Processing/ });
    expect(confirm.className).toBe("btn btn-primary");
  });
});

describe("the door pass names the member's tier", () => {
  const PASS: VipPassResponse = {
    token: "header.payload.signature",
    code: "1001-123456",
    passNumber: 1001,
    expiresAt: "2026-11-21T23:06:00.000Z",
    serverTime: "2026-11-21T23:05:30.000Z",
    member: { id: "22222222-2222-4222-8222-222222222222", name: "ic_fan", username: "ic_fan", avatarUrl: null, vipSince: "2025-03-01T12:00:00.000Z" },
  };

  it("says Your Inner Circle pass / Seu passe Círculo Íntimo", async () => {
    for (const [locale, title] of [
      ["en", "Your Inner Circle pass"],
      ["pt-BR", "Seu passe Círculo Íntimo"],
    ] as const) {
      mockApi({
        "GET /api/auth/me": json(200, { user: sessionUser({ isVIP: true, tier: { id: "inner-circle", rank: 2 } }) }),
        "GET /api/tiers": json(200, { tiers: LADDER }),
        "GET /api/vip-pass": json(200, PASS),
      });
      const root = createTestRoot();
      const page = createRoute({ getParentRoute: () => root, path: "/pass", component: () => <VipPassCard /> }) as unknown as AnyRoute;
      renderApp(root.addChildren([page]), "/pass", { locale });
      expect(await screen.findByRole("region", { name: title })).toBeTruthy();
      cleanup();
    }
  });
});
