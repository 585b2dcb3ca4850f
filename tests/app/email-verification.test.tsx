// E-mail verification in the app: the /verify-email page that uses a link, the banner an
// unverified member sees with its Resend button, and Settings › E-mail address.
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import type { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as VerifyRoute } from "../../app/routes/verify-email";
import { Route as SettingsRoute } from "../../app/routes/settings";
import { EmailVerificationBanner } from "../../app/components/EmailVerificationBanner";
import { apiError, json, mockApi, mountFileRoute, renderApp, sentJson, sessionUser, stubRoute } from "./accounts-harness";

// The root renders the banner as the site's layout does, above the page.
const root = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: () => (
    <>
      <EmailVerificationBanner />
      <Outlet />
    </>
  ),
});
const routeTree = root.addChildren([
  mountFileRoute(VerifyRoute, "/verify-email", root),
  mountFileRoute(SettingsRoute, "/settings", root),
  stubRoute(root, "/"),
  stubRoute(root, "/social"),
  stubRoute(root, "/social/login"),
]);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const unverified = sessionUser({ emailVerified: false, pendingEmail: null });
const verified = sessionUser({ emailVerified: true, pendingEmail: null });

describe("/verify-email", () => {
  it("sends the token once and says the address is confirmed", async () => {
    const api = mockApi({ "GET /api/auth/me": json(200, { user: null }), "POST /api/auth/verify-email": json(200, { ok: true, outcome: "verified" }) });
    renderApp(routeTree, "/verify-email?token=abc123");
    expect(await screen.findByText(/Your e-mail address is confirmed/)).toBeTruthy();
    expect(api.callsTo("POST /api/auth/verify-email")).toHaveLength(1);
    expect(sentJson(api.callsTo("POST /api/auth/verify-email")[0])).toEqual({ token: "abc123" });
  });

  it("says so in Portuguese when a new address is confirmed", async () => {
    mockApi({ "GET /api/auth/me": json(200, { user: null }), "POST /api/auth/verify-email": json(200, { ok: true, outcome: "email_changed" }) });
    renderApp(routeTree, "/verify-email?token=abc123", { locale: "pt-BR" });
    expect(await screen.findByText("Seu novo endereço de e-mail está confirmado e agora é o da sua conta.")).toBeTruthy();
  });

  it.each([
    ["a used link", apiError(400, "verification_invalid", "x"), "This verification link is not valid or was already used."],
    ["an expired link", apiError(410, "verification_expired", "x"), "This verification link has expired. Ask for a new one."],
  ])("explains %s", async (_label, answer, text) => {
    mockApi({ "GET /api/auth/me": json(200, { user: null }), "POST /api/auth/verify-email": answer });
    renderApp(routeTree, "/verify-email?token=abc123");
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it("explains an expired link in Portuguese", async () => {
    mockApi({ "GET /api/auth/me": json(200, { user: null }), "POST /api/auth/verify-email": apiError(410, "verification_expired", "x") });
    renderApp(routeTree, "/verify-email?token=abc123", { locale: "pt-BR" });
    expect(await screen.findByText("Este link de confirmação expirou. Peça um novo.")).toBeTruthy();
  });

  it("sends nothing without a token", async () => {
    const api = mockApi({ "GET /api/auth/me": json(200, { user: null }) });
    renderApp(routeTree, "/verify-email");
    expect(await screen.findByText(/This page needs the link from the e-mail/)).toBeTruthy();
    expect(api.callsTo("POST /api/auth/verify-email")).toHaveLength(0);
  });
});

describe("the banner", () => {
  it("asks an unverified member to confirm, and Resend sends a new link", async () => {
    const api = mockApi({
      "GET /api/auth/me": json(200, { user: unverified }),
      "POST /api/auth/verify-email/resend": json(200, { ok: true, sentTo: unverified.email }),
    });
    renderApp(routeTree, "/");
    expect(await screen.findByText(/Please confirm your e-mail address: we sent a link to fan@example.com/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Resend the link" }));
    expect(await screen.findByText("A new link is on its way to fan@example.com.")).toBeTruthy();
    expect(api.callsTo("POST /api/auth/verify-email/resend")).toHaveLength(1);
  });

  it("says to wait when resending too often, in Portuguese", async () => {
    mockApi({
      "GET /api/auth/me": json(200, { user: unverified }),
      "POST /api/auth/verify-email/resend": apiError(429, "rate_limited", "x"),
    });
    renderApp(routeTree, "/", { locale: "pt-BR" });
    fireEvent.click(await screen.findByRole("button", { name: "Reenviar o link" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Muitas tentativas. Aguarde alguns minutos e tente novamente.");
  });

  it("is not shown to a verified member or a visitor", async () => {
    mockApi({ "GET /api/auth/me": json(200, { user: verified }) });
    renderApp(routeTree, "/");
    await screen.findByTestId("stub-page");
    await waitFor(() => expect(screen.queryByRole("button", { name: "Resend the link" })).toBeNull());
    expect(screen.queryByText(/Please confirm your e-mail address/)).toBeNull();
  });
});

describe("Settings › E-mail address", () => {
  const settingsApi = (answer: Response) =>
    mockApi({
      "GET /api/auth/me": json(200, { user: verified }),
      "GET /api/account/sessions": json(200, { sessions: [] }),
      "POST /api/auth/email-change": answer,
    });

  async function submitChange(email: string, password: string) {
    fireEvent.change(await screen.findByLabelText("New e-mail address"), { target: { value: email } });
    const section = (await screen.findByRole("heading", { name: "E-mail address" })).closest("section");
    const passwordInput = section?.querySelector<HTMLInputElement>('input[name="currentPassword"]');
    if (!passwordInput) throw new Error("no password field");
    fireEvent.change(passwordInput, { target: { value: password } });
    fireEvent.click(screen.getByRole("button", { name: "Change e-mail address" }));
  }

  it("sends the new address and the password, and says where the link went", async () => {
    const api = settingsApi(json(200, { ok: true, sentTo: "new@example.com" }));
    renderApp(routeTree, "/settings");
    await submitChange("new@example.com", "secret123");
    expect(await screen.findByText("We sent a link to new@example.com. Open it to finish the change.")).toBeTruthy();
    expect(sentJson(api.callsTo("POST /api/auth/email-change")[0])).toEqual({ email: "new@example.com", currentPassword: "secret123" });
  });

  it("shows a wrong password at its field", async () => {
    settingsApi(apiError(403, "invalid_credentials", "x", "currentPassword"));
    renderApp(routeTree, "/settings");
    await submitChange("new@example.com", "wrong");
    expect(await screen.findByText("That is not your current password")).toBeTruthy();
  });

  it("shows a taken address at the e-mail field, in Portuguese", async () => {
    settingsApi(apiError(409, "email_taken", "x"));
    renderApp(routeTree, "/settings", { locale: "pt-BR" });
    fireEvent.change(await screen.findByLabelText("Novo endereço de e-mail"), { target: { value: "taken@example.com" } });
    const section = (await screen.findByRole("heading", { name: "Endereço de e-mail" })).closest("section");
    fireEvent.change(section?.querySelector('input[name="currentPassword"]') as HTMLInputElement, { target: { value: "secret123" } });
    fireEvent.click(screen.getByRole("button", { name: "Alterar e-mail" }));
    expect(await screen.findByText("Já existe uma conta com este e-mail")).toBeTruthy();
  });
});
