// /settings against a fake API (decision 039): its sections in order, the Devices list (this
// device marked, the others each with a Sign out, dates in the viewer's language), signing out
// one device and every other one, the password change (its checks, a wrong current password,
// success), a failed load, a visitor sent to sign in, and all of it in Portuguese.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DeviceSession } from "../../worker/contracts/account-api";
import { Route as SettingsRoute } from "../../app/routes/settings";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson, sessionUser, stubRoute, type ApiRoutes } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

const device = (id: string, overrides: Partial<DeviceSession> = {}): DeviceSession => ({
  id: id.repeat(32),
  browser: "Chrome 120",
  os: "Windows 10",
  createdAt: "2026-06-01T15:30:00.000Z",
  lastSeenAt: "2026-06-03T09:05:00.000Z",
  current: false,
  ...overrides,
});

const LAPTOP = device("a", { current: true });
const PHONE = device("b", { browser: "Safari 17", os: "iOS 17.4", createdAt: "2026-05-20T08:00:00.000Z" });
const OLD = device("c", { browser: null, os: null });

function api(me: ReturnType<typeof sessionUser> | null, sessions: DeviceSession[], extra: ApiRoutes = {}) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: me }),
    ...configRoute(),
    "GET /api/account/sessions": json(200, { sessions }),
    ...extra,
  });
}

function renderSettings(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  const tree = root.addChildren([mountFileRoute(SettingsRoute, "/settings", root), stubRoute(root, "/social/login")]);
  return renderApp(tree, "/settings", { locale });
}

const section = (name: string) => screen.getByRole("region", { name });
const deviceItem = (text: string) =>
  within(screen.getByRole("list", { name: "Signed-in devices" }))
    .getByText(text)
    .closest("li")!;
const formatted = (iso: string, locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("/settings", () => {
  it("shows its sections in order, every device with its times, this one marked and the others each with a Sign out", async () => {
    api(sessionUser(), [LAPTOP, PHONE, OLD]);
    renderSettings();
    await screen.findByText("Safari 17 on iOS 17.4");
    // Other sections may follow (sections.ts is a list others append to); these two come first.
    expect(
      screen
        .getAllByRole("heading", { level: 2 })
        .map((h) => h.textContent)
        .slice(0, 2),
    ).toEqual(["Password", "Devices"]);
    const laptop = deviceItem("Chrome 120 on Windows 10");
    expect(within(laptop).getByText("This device")).toBeTruthy();
    expect(within(laptop).queryByRole("button")).toBeNull();
    expect(laptop.textContent).toContain(`Signed in ${formatted(LAPTOP.createdAt, "en")}`);
    expect(laptop.textContent).toContain(`Last active ${formatted(LAPTOP.lastSeenAt, "en")}`);
    expect(within(deviceItem("Safari 17 on iOS 17.4")).getByRole("button", { name: "Sign out Safari 17 on iOS 17.4" })).toBeTruthy();
    expect(within(deviceItem("Unknown browser on unknown system")).queryByText("This device")).toBeNull();
    expect(within(section("Devices")).getByRole("button", { name: "Sign out everywhere else" })).toBeTruthy();
  });

  it("signs one device out by its id and fetches the list again", async () => {
    let sessions = [LAPTOP, PHONE];
    const { callsTo } = api(sessionUser(), [], {
      "GET /api/account/sessions": () => json(200, { sessions }),
      [`DELETE /api/account/sessions/${PHONE.id}`]: () => {
        sessions = [LAPTOP];
        return json(204, null);
      },
    });
    renderSettings();
    fireEvent.click(await screen.findByRole("button", { name: "Sign out Safari 17 on iOS 17.4" }));
    await waitFor(() => expect(screen.queryByText("Safari 17 on iOS 17.4")).toBeNull());
    expect(callsTo(`DELETE /api/account/sessions/${PHONE.id}`)).toHaveLength(1);
    expect(screen.getByText("You are signed in on this device only.")).toBeTruthy();
  });

  it("signs out everywhere else and says how many devices", async () => {
    let sessions = [LAPTOP, PHONE, OLD];
    const { callsTo } = api(sessionUser(), [], {
      "GET /api/account/sessions": () => json(200, { sessions }),
      "POST /api/account/sessions/revoke-others": () => {
        sessions = [LAPTOP];
        return json(200, { ended: 2 });
      },
    });
    renderSettings();
    fireEvent.click(await screen.findByRole("button", { name: "Sign out everywhere else" }));
    expect((await within(section("Devices")).findByRole("status")).textContent).toBe("Signed out of 2 other devices.");
    await waitFor(() => expect(screen.queryByText("Safari 17 on iOS 17.4")).toBeNull());
    expect(callsTo("POST /api/account/sessions/revoke-others")).toHaveLength(1);
  });

  it("says so when signing a device out fails", async () => {
    api(sessionUser(), [LAPTOP, PHONE], { [`DELETE /api/account/sessions/${PHONE.id}`]: apiError(500, "internal", "Internal error") });
    renderSettings();
    fireEvent.click(await screen.findByRole("button", { name: "Sign out Safari 17 on iOS 17.4" }));
    expect((await within(section("Devices")).findByRole("alert")).textContent).toBe("Signing out failed. Please try again.");
  });

  it("checks the password form before sending anything", async () => {
    const { callsTo } = api(sessionUser(), [LAPTOP]);
    renderSettings();
    const form = await screen.findByRole("region", { name: "Password" });
    fireEvent.click(within(form).getByRole("button", { name: "Change password" }));
    expect(await within(form).findByText("Enter your current password")).toBeTruthy();
    expect(within(form).getByText("Enter a new password")).toBeTruthy();
    fireEvent.change(within(form).getByLabelText("New password"), { target: { value: "abc" } });
    fireEvent.change(within(form).getByLabelText("Confirm new password"), { target: { value: "abd" } });
    expect(await within(form).findByText("Password must be at least 6 characters")).toBeTruthy();
    expect(within(form).getByText("Passwords don't match")).toBeTruthy();
    expect(callsTo("POST /api/account/password")).toHaveLength(0);
  });

  it("shows a wrong current password at its field", async () => {
    api(sessionUser(), [LAPTOP], {
      "POST /api/account/password": apiError(403, "invalid_credentials", "The current password is not right", "currentPassword"),
    });
    renderSettings();
    const form = await screen.findByRole("region", { name: "Password" });
    fireEvent.change(within(form).getByLabelText("Current password"), { target: { value: "not-it" } });
    fireEvent.change(within(form).getByLabelText("New password"), { target: { value: "brand-new-456" } });
    fireEvent.change(within(form).getByLabelText("Confirm new password"), { target: { value: "brand-new-456" } });
    fireEvent.click(within(form).getByRole("button", { name: "Change password" }));
    expect(await within(form).findByText("That is not your current password")).toBeTruthy();
    expect(within(form).getByLabelText("Current password").getAttribute("aria-invalid")).toBe("true");
  });

  it("changes the password, says how many other devices were signed out, and empties the form", async () => {
    const { callsTo } = api(sessionUser(), [LAPTOP, PHONE], { "POST /api/account/password": json(200, { ended: 1 }) });
    renderSettings();
    const form = await screen.findByRole("region", { name: "Password" });
    fireEvent.change(within(form).getByLabelText("Current password"), { target: { value: "secret123" } });
    fireEvent.change(within(form).getByLabelText("New password"), { target: { value: "brand-new-456" } });
    fireEvent.change(within(form).getByLabelText("Confirm new password"), { target: { value: "brand-new-456" } });
    fireEvent.click(within(form).getByRole("button", { name: "Change password" }));
    expect((await within(form).findByRole("status")).textContent).toBe("Your password has been changed. 1 other device was signed out.");
    expect(sentJson(callsTo("POST /api/account/password")[0])).toEqual({
      currentPassword: "secret123",
      newPassword: "brand-new-456",
      confirmPassword: "brand-new-456",
    });
    expect((within(form).getByLabelText("New password") as HTMLInputElement).value).toBe("");
    await waitFor(() => expect(callsTo("GET /api/account/sessions").length).toBeGreaterThanOrEqual(2));
  });

  it("shows a failed load of the devices with a retry", async () => {
    let failing = true;
    api(sessionUser(), [], {
      "GET /api/account/sessions": () => (failing ? apiError(500, "internal", "Internal error") : json(200, { sessions: [LAPTOP] })),
    });
    renderSettings();
    await screen.findByRole("region", { name: "Devices" });
    expect((await within(section("Devices")).findByRole("alert")).textContent).toContain("Failed to load your devices");
    failing = false;
    fireEvent.click(within(section("Devices")).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("This device")).toBeTruthy();
  });

  it("sends a visitor to sign in", async () => {
    const { callsTo } = api(null, []);
    const { router } = renderSettings();
    await waitFor(() => expect(router.state.location.pathname).toBe("/social/login"));
    expect(callsTo("GET /api/account/sessions")).toHaveLength(0);
  });

  it("speaks Portuguese", async () => {
    api(sessionUser(), [LAPTOP, PHONE, OLD], { "POST /api/account/password": json(200, { ended: 2 }) });
    renderSettings("pt-BR");
    await screen.findByText("Safari 17 em iOS 17.4");
    expect(
      screen
        .getAllByRole("heading", { level: 2 })
        .map((h) => h.textContent)
        .slice(0, 2),
    ).toEqual(["Senha", "Dispositivos"]);
    const laptop = within(screen.getByRole("list", { name: "Dispositivos conectados" }))
      .getByText("Chrome 120 em Windows 10")
      .closest("li")!;
    expect(within(laptop).getByText("Este dispositivo")).toBeTruthy();
    expect(laptop.textContent).toContain(`Conectado em ${formatted(LAPTOP.createdAt, "pt-BR")}`);
    expect(laptop.textContent).toContain(`Última atividade em ${formatted(LAPTOP.lastSeenAt, "pt-BR")}`);
    expect(screen.getByText("Navegador desconhecido em sistema desconhecido")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Desconectar Safari 17 em iOS 17.4" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sair de todos os outros dispositivos" })).toBeTruthy();

    const form = screen.getByRole("region", { name: "Senha" });
    fireEvent.click(within(form).getByRole("button", { name: "Trocar senha" }));
    expect(await within(form).findByText("Digite sua senha atual")).toBeTruthy();
    fireEvent.change(within(form).getByLabelText("Senha atual"), { target: { value: "secret123" } });
    fireEvent.change(within(form).getByLabelText("Nova senha"), { target: { value: "brand-new-456" } });
    fireEvent.change(within(form).getByLabelText("Confirme a nova senha"), { target: { value: "brand-new-456" } });
    fireEvent.click(within(form).getByRole("button", { name: "Trocar senha" }));
    expect((await within(form).findByRole("status")).textContent).toBe("Sua senha foi trocada. 2 outros dispositivos foram desconectados.");
  });
});
