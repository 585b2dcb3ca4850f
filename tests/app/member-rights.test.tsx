// /settings › Download my data and Delete account (decision 041) against a fake API: the export's
// states (none, preparing then ready by polling, failed, one an hour), the deletion's checks, its
// confirmation dialog, the Worker's refusals at their fields or above the form, success sending
// the member home signed out, and the texts in Portuguese.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DataExportStatus } from "../../worker/contracts/member-data";
import { Route as SettingsRoute } from "../../app/routes/settings";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson, sessionUser, stubRoute, type ApiRoutes } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

const READY: DataExportStatus = {
  status: "ready",
  requestedAt: "2026-06-01T15:30:00.000Z",
  readyAt: "2026-06-01T15:30:05.000Z",
  expiresAt: "2026-06-02T15:30:05.000Z",
  sizeBytes: 52_000,
  downloadUrl: "/api/account/export/download?token=abc",
};

function api(extra: ApiRoutes = {}) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: sessionUser() }),
    ...configRoute(),
    "GET /api/account/sessions": json(200, { sessions: [] }),
    "GET /api/account/export": json(200, { status: "none" }),
    ...extra,
  });
}

function renderSettings(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  const tree = root.addChildren([mountFileRoute(SettingsRoute, "/settings", root), stubRoute(root, "/social/login"), stubRoute(root, "/")]);
  return renderApp(tree, "/settings", { locale });
}

const section = (name: string) => screen.getByRole("region", { name });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("Download my data", () => {
  it("asks for a copy, shows it being prepared, then the download link once the Worker says ready", async () => {
    let status: DataExportStatus = { status: "none" };
    const { callsTo } = api({
      "GET /api/account/export": () => json(200, status),
      "POST /api/account/export": () => {
        status = { status: "preparing", requestedAt: READY.requestedAt };
        return json(202, status);
      },
    });
    renderSettings();
    const button = await screen.findByRole("button", { name: "Prepare my data" });
    const mine = section("Download my data");
    // The current password is asked first, in the browser and then by the Worker.
    fireEvent.click(button);
    expect(await within(mine).findByText("Enter your current password")).toBeTruthy();
    expect(callsTo("POST /api/account/export")).toHaveLength(0);
    fireEvent.change(within(mine).getByLabelText("Current password"), { target: { value: "s3cret-pass" } });
    fireEvent.click(button);
    expect((await within(mine).findByTestId("export-preparing")).textContent).toContain("Preparing your data.");
    expect(callsTo("POST /api/account/export")).toHaveLength(1);
    expect(sentJson(callsTo("POST /api/account/export")[0] as never)).toEqual({ currentPassword: "s3cret-pass" });
    status = READY; // the next poll finds it ready
    const ready = await within(mine).findByTestId("export-ready", undefined, { timeout: 5000 });
    expect(ready.textContent).toContain("Your copy is ready (52 kB).");
    const link = within(ready).getByRole("link", { name: "Download (zip)" });
    expect(link.getAttribute("href")).toBe(READY.downloadUrl);
    expect(link.hasAttribute("download")).toBe(true);
    expect(within(mine).getByRole<HTMLButtonElement>("button", { name: "Prepare a new copy" }).disabled).toBe(false);
  });

  it("says when the copy failed, and that one copy an hour is allowed", async () => {
    api({
      "GET /api/account/export": json(200, { status: "failed", requestedAt: READY.requestedAt }),
      "POST /api/account/export": apiError(429, "export_rate_limited", "You can ask for one export an hour."),
    });
    renderSettings();
    const mine = await waitFor(() => section("Download my data"));
    expect(await within(mine).findByText("Preparing your data failed. Please try again.")).toBeTruthy();
    fireEvent.change(within(mine).getByLabelText("Current password"), { target: { value: "s3cret-pass" } });
    fireEvent.click(within(mine).getByRole("button", { name: "Prepare my data" }));
    expect(await within(mine).findByText("You can ask for one copy an hour. Please try again later.")).toBeTruthy();
  });
});

describe("Download my data: the password", () => {
  it("shows a wrong current password at the field, and too many attempts as such", async () => {
    let answer = () => apiError(403, "invalid_credentials", "The current password is not right");
    api({ "GET /api/account/export": json(200, { status: "none" }), "POST /api/account/export": () => answer() });
    renderSettings();
    const mine = await waitFor(() => section("Download my data"));
    fireEvent.change(await within(mine).findByLabelText("Current password"), { target: { value: "wrong-one" } });
    fireEvent.click(within(mine).getByRole("button", { name: "Prepare my data" }));
    expect(await within(mine).findByText("That is not your current password")).toBeTruthy();
    answer = () => apiError(429, "rate_limited", "Too many attempts.");
    fireEvent.click(within(mine).getByRole("button", { name: "Prepare my data" }));
    expect(await within(mine).findByText("Too many attempts. Please wait a few minutes and try again.")).toBeTruthy();
  });
});

const fill = (form: HTMLElement, password: string, confirmation: string) => {
  fireEvent.change(within(form).getByLabelText("Current password"), { target: { value: password } });
  fireEvent.change(within(form).getByLabelText("Type your username, fan_one, to confirm"), { target: { value: confirmation } });
};

describe("Delete account", () => {
  it("checks the fields, asks once more, and on success signs the member out and goes home", async () => {
    const { callsTo } = api({ "POST /api/account/delete": json(200, { deleted: true }) });
    const { router } = renderSettings();
    const mine = await waitFor(() => section("Delete account"));
    fireEvent.click(within(mine).getByRole("button", { name: "Delete my account" }));
    expect(await within(mine).findByText("Enter your current password")).toBeTruthy();
    expect(within(mine).getByText("Type your username exactly as shown")).toBeTruthy();
    fill(mine, "secret123", "fan_one");
    fireEvent.click(within(mine).getByRole("button", { name: "Delete my account" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete your account?" });
    expect(callsTo("POST /api/account/delete")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete for good" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(sentJson(callsTo("POST /api/account/delete")[0])).toEqual({ currentPassword: "secret123", confirmation: "fan_one" });
  });

  it("puts the Worker's refusals where they belong: a wrong password at its field, the last administrator above the form", async () => {
    let answer = apiError(403, "invalid_credentials", "The current password is not right", "currentPassword");
    api({ "POST /api/account/delete": () => answer.clone() });
    renderSettings();
    const mine = await waitFor(() => section("Delete account"));
    const attempt = async () => {
      fill(mine, "secret123", "fan_one");
      fireEvent.click(within(mine).getByRole("button", { name: "Delete my account" }));
      fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete for good" }));
    };
    await attempt();
    expect(await within(mine).findByText("That is not your current password")).toBeTruthy();
    answer = apiError(409, "last_admin", "The site must keep at least one active administrator.");
    await attempt();
    expect((await within(mine).findByRole("alert")).textContent).toContain("You are the site's last administrator.");
  });

  it("is in Portuguese", async () => {
    api({ "GET /api/account/export": json(200, READY) });
    renderSettings("pt-BR");
    const exportSection = await waitFor(() => section("Baixar meus dados"));
    expect(await within(exportSection).findByRole("link", { name: "Baixar (zip)" })).toBeTruthy();
    const mine = section("Excluir conta");
    expect(within(mine).getByLabelText("Digite seu nome de usuário, fan_one, para confirmar")).toBeTruthy();
    fireEvent.change(within(mine).getByLabelText("Senha atual"), { target: { value: "x" } });
    fireEvent.change(within(mine).getByLabelText("Digite seu nome de usuário, fan_one, para confirmar"), { target: { value: "fan_one" } });
    fireEvent.click(within(mine).getByRole("button", { name: "Excluir minha conta" }));
    const dialog = await screen.findByRole("dialog", { name: "Excluir sua conta?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Manter minha conta" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
