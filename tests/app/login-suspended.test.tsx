// The sign-in page for a suspended member (403 account_suspended, worker/services/suspension.ts):
// the reason, the end in the viewer's language and time zone (or "suspended" alone when
// permanent) and a link to the contact form, in both languages. Any other refusal still reads
// "Invalid email or password" (auth-forms.test.tsx).
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as LoginRoute } from "../../app/routes/social/login";
import { apiError, createTestRoot, mockApi, mountFileRoute, renderApp, stubRoute } from "./accounts-harness";

const root = createTestRoot();
const routeTree = root.addChildren([
  mountFileRoute(LoginRoute, "/social/login", root),
  stubRoute(root, "/"),
  stubRoute(root, "/vip-signup"),
  stubRoute(root, "/social/signup"),
]);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const UNTIL = "2026-12-24T15:30:00.000Z";
const longDate = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short" }).format(new Date(UNTIL));

async function signIn(locale: "en" | "pt-BR") {
  renderApp(routeTree, "/social/login", { locale });
  await screen.findByRole("heading", { level: 1 });
  fireEvent.change(screen.getByLabelText(locale === "en" ? "Email" : "E-mail"), { target: { value: "fan@example.com" } });
  fireEvent.change(screen.getByLabelText(locale === "en" ? "Password" : "Senha"), { target: { value: "secret1" } });
  fireEvent.click(screen.getByRole("button", { name: locale === "en" ? "Sign In" : "Entrar" }));
  return screen.findByRole("alert");
}

describe("sign-in while suspended", () => {
  it.each([
    ["en", `Your account is suspended until ${longDate("en")}. Reason: Spamming the feed`, "contact us"],
    ["pt-BR", `Sua conta está suspensa até ${longDate("pt-BR")}. Motivo: Spamming the feed`, "fale conosco"],
  ] as const)("shows a timed suspension's end and reason, and the contact link (%s)", async (locale, text, link) => {
    mockApi({
      "POST /api/auth/login": apiError(403, "account_suspended", "Your account is suspended until …", undefined, { reason: "Spamming the feed", until: UNTIL }),
    });
    const alert = await signIn(locale);
    expect(alert.querySelector(".suspended-text")!.textContent).toBe(text);
    expect(within(alert).getByRole("link", { name: link }).getAttribute("href")).toBe("/#contact");
  });

  it.each([
    ["en", "Your account is suspended. Reason: Harassment"],
    ["pt-BR", "Sua conta está suspensa. Motivo: Harassment"],
  ] as const)("says a permanent suspension has no end (%s)", async (locale, text) => {
    mockApi({
      "POST /api/auth/login": apiError(403, "account_suspended", "Your account is suspended. Reason: Harassment", undefined, { reason: "Harassment" }),
    });
    const alert = await signIn(locale);
    expect(alert.querySelector(".suspended-text")!.textContent).toBe(text);
  });

  it.each([
    ["en", "Your account is suspended. Reason: Content reported to the moderators"],
    ["pt-BR", "Sua conta está suspensa. Motivo: Conteúdo denunciado aos moderadores"],
  ] as const)("reads the moderation queue's reason code in the viewer's language (%s)", async (locale, text) => {
    mockApi({
      "POST /api/auth/login": apiError(403, "account_suspended", "Your account is suspended. Reason: Content reported to the moderators", undefined, {
        reason: "reported_content",
      }),
    });
    const alert = await signIn(locale);
    expect(alert.querySelector(".suspended-text")!.textContent).toBe(text);
  });

  it("leaves the reason out when a ban from before reasons has none", async () => {
    mockApi({ "POST /api/auth/login": apiError(403, "account_suspended", "Your account is suspended.", undefined, { reason: "" }) });
    const alert = await signIn("en");
    expect(alert.querySelector(".suspended-text")!.textContent).toBe("Your account is suspended.");
  });
});
