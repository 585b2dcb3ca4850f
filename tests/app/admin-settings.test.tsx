// /admin/settings against a fake API that keeps what it is sent: the site's facts and the viewer's
// role, the saved timeout, artist name and switches; a change saved with the exact PUT body, its
// saving state and confirmation; the artist name sent only when edited, checked before sending and
// the server's refusal of it shown at the field; the error banner when the save fails; what shows
// after a reload comes from the server; the load failure with retry; the page in Portuguese.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as SettingsRoute } from "../../app/routes/admin/settings";
import type { AdminSettingsResponse, SiteSettings } from "../../worker/contracts/admin-settings";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson } from "./accounts-harness";

/** As the Worker answers before any artist name is saved: the chat persona's. */
const SAVED: SiteSettings = { sessionTimeoutHours: 48, notifications: { newUser: true, newVip: false, ticketPurchase: true }, artistName: "Lola Rivera" };

const response = (settings: SiteSettings): AdminSettingsResponse => ({
  settings,
  site: { name: "Freestyle Lovers", supportEmail: "support@fans.example", adminEmail: "admin@fans.example" },
  viewer: { email: "boss@fans.example", role: "super_admin", roleLabel: "Super Admin" },
});

/** A server that stores what a PUT sends (whole or partial) and answers GETs from it. */
function fakeServer(initial: SiteSettings = SAVED, { failPut = false, refusePut }: { failPut?: boolean; refusePut?: () => Response } = {}) {
  let stored = structuredClone(initial);
  const api = mockApi({
    "GET /api/auth/me": json(200, { user: null }),
    "GET /api/admin/settings": () => json(200, response(stored)),
    "PUT /api/admin/settings": async (request) => {
      if (failPut) return apiError(500, "internal", "Something went wrong");
      if (refusePut) return refusePut();
      const body = (await request.json()) as Partial<SiteSettings>;
      stored = { ...stored, ...body, notifications: { ...stored.notifications, ...body.notifications } };
      return json(200, response(stored));
    },
  });
  return { ...api, stored: () => stored };
}

function renderSettings(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  return renderApp(root.addChildren([mountFileRoute(SettingsRoute, "/admin/settings", root)]), "/admin/settings", { locale });
}

const fact = (label: string) => screen.getByText(label).closest(".settings-fact")!.querySelector("dd")!.textContent;
const timeoutSelect = () => screen.getByLabelText<HTMLSelectElement>(/^Session Timeout/);
const toggle = (name: string) => screen.getByRole("switch", { name });
const artistInput = () => screen.getByLabelText<HTMLInputElement>("Artist Name");

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("/admin/settings", () => {
  it("shows the site's facts, the viewer's role, and the saved timeout and switches", async () => {
    const { callsTo } = fakeServer();
    renderSettings();
    expect(await screen.findByRole("heading", { level: 1, name: "Settings" })).toBeTruthy();
    await screen.findByRole("heading", { level: 2, name: "Site Information" });
    expect(fact("Site Name")).toBe("Freestyle Lovers");
    expect(fact("Support Email")).toBe("support@fans.example");
    expect(fact("Admin Email")).toBe("admin@fans.example");
    expect(fact("Your Role")).toBe("Super Admin");

    expect(timeoutSelect().value).toBe("48");
    expect([...timeoutSelect().options].map((o) => [o.value, o.textContent])).toEqual([
      ["12", "12 hours"],
      ["24", "24 hours (default)"],
      ["48", "48 hours"],
    ]);
    expect(toggle("New User Registrations").getAttribute("aria-checked")).toBe("true");
    expect(toggle("New VIP Subscriptions").getAttribute("aria-checked")).toBe("false");
    expect(toggle("Ticket Purchases").getAttribute("aria-checked")).toBe("true");
    expect(toggle("New VIP Subscriptions").getAttribute("aria-describedby")).toBeTruthy();
    expect(screen.getByText("Each one sends an e-mail to the admin address, admin@fans.example.")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Artist" })).toBeTruthy();
    expect(artistInput().value).toBe("Lola Rivera");
    expect(artistInput().maxLength).toBe(80);
    const hint = document.getElementById(artistInput().getAttribute("aria-describedby")!);
    expect(hint?.textContent).toBe("Shown as the performer of events in search results.");
    expect(artistInput().getAttribute("aria-invalid")).toBeNull();
    expect(callsTo("GET /api/admin/settings")).toHaveLength(1);
    expect(callsTo("PUT /api/admin/settings")).toHaveLength(0);
  });

  it("saves a changed timeout and switch with the exact PUT body, shows 'Saving...', then 'Settings saved'", async () => {
    const server = fakeServer();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const original = server.fetchMock.getMockImplementation()!;
    server.fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === "PUT") await gate; // hold the save open to see its pending state
      return original(input, init);
    });
    renderSettings();
    await screen.findByRole("heading", { level: 2, name: "Notifications" });

    fireEvent.change(timeoutSelect(), { target: { value: "12" } });
    fireEvent.click(toggle("New VIP Subscriptions"));
    fireEvent.click(toggle("Ticket Purchases"));
    expect(toggle("New VIP Subscriptions").getAttribute("aria-checked")).toBe("true");
    expect(toggle("Ticket Purchases").getAttribute("aria-checked")).toBe("false");
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));

    const saving = await screen.findByRole("button", { name: "Saving..." });
    expect((saving as HTMLButtonElement).disabled).toBe(true);
    expect(timeoutSelect().disabled).toBe(true);
    release();

    expect((await screen.findByRole("status")).textContent).toBe("Settings saved");
    expect((screen.getByRole("button", { name: "Save Settings" }) as HTMLButtonElement).disabled).toBe(false);
    const puts = server.callsTo("PUT /api/admin/settings");
    expect(puts).toHaveLength(1);
    // The artist name was not edited: it is not sent, so the persona's name is not stored as chosen.
    expect(sentJson(puts[0])).toEqual({ sessionTimeoutHours: 12, notifications: { newUser: true, newVip: true, ticketPurchase: false } });
    expect(server.stored()).toEqual({
      sessionTimeoutHours: 12,
      notifications: { newUser: true, newVip: true, ticketPurchase: false },
      artistName: "Lola Rivera",
    });

    // A further change takes the confirmation away: it no longer describes the form.
    fireEvent.click(toggle("New User Registrations"));
    expect(screen.queryByText("Settings saved")).toBeNull();
  });

  it("saves an edited artist name, trimmed, with the same button, and shows it after a reload", async () => {
    const server = fakeServer();
    const first = renderSettings();
    await screen.findByRole("heading", { level: 2, name: "Artist" });
    fireEvent.change(artistInput(), { target: { value: "  Marina Sol " } });
    expect(artistInput().value).toBe("  Marina Sol ");
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));

    expect((await screen.findByRole("status")).textContent).toBe("Settings saved");
    const puts = server.callsTo("PUT /api/admin/settings");
    expect(puts).toHaveLength(1);
    expect(sentJson(puts[0])).toEqual({ sessionTimeoutHours: 48, notifications: SAVED.notifications, artistName: "Marina Sol" });
    expect(artistInput().value).toBe("Marina Sol");
    first.unmount();

    renderSettings();
    await waitFor(() => expect(artistInput().value).toBe("Marina Sol"));
  });

  it("refuses an empty artist name before sending: the field says why and takes the focus", async () => {
    const server = fakeServer();
    renderSettings();
    await screen.findByRole("heading", { level: 2, name: "Artist" });
    fireEvent.change(artistInput(), { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));

    expect(await screen.findByText("Artist name is required")).toBeTruthy();
    expect(artistInput().getAttribute("aria-invalid")).toBe("true");
    expect(artistInput().getAttribute("aria-describedby")).toContain(screen.getByText("Artist name is required").id);
    await waitFor(() => expect(document.activeElement).toBe(artistInput()));
    expect(server.callsTo("PUT /api/admin/settings")).toHaveLength(0);

    // Typing takes the complaint away.
    fireEvent.change(artistInput(), { target: { value: "M" } });
    expect(screen.queryByText("Artist name is required")).toBeNull();
    expect(artistInput().getAttribute("aria-invalid")).toBeNull();
  });

  it("shows the server's refusal of the artist name at the field, by its code, instead of the banner", async () => {
    const server = fakeServer(SAVED, {
      refusePut: () => apiError(400, "artist_name_too_long", "Artist name must be at most 80 characters", "artistName", { max: 80 }),
    });
    renderSettings();
    await screen.findByRole("heading", { level: 2, name: "Artist" });
    fireEvent.change(artistInput(), { target: { value: "Marina Sol" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));

    expect(await screen.findByText("Artist name must be at most 80 characters")).toBeTruthy();
    expect(artistInput().getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(artistInput().value).toBe("Marina Sol");
    expect(server.stored()).toEqual(SAVED);
  });

  it("shows what the server holds after a reload", async () => {
    const server = fakeServer();
    const first = renderSettings();
    await screen.findByRole("heading", { level: 2, name: "Notifications" });
    fireEvent.change(timeoutSelect(), { target: { value: "12" } });
    fireEvent.click(toggle("New User Registrations"));
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    await screen.findByText("Settings saved");
    first.unmount();

    renderSettings(); // a new page load: a new query cache, read from the server
    await waitFor(() => expect(timeoutSelect().value).toBe("12"));
    expect(toggle("New User Registrations").getAttribute("aria-checked")).toBe("false");
    expect(server.callsTo("GET /api/admin/settings")).toHaveLength(2);
  });

  it("shows an error banner when the save fails, and keeps the form as edited", async () => {
    const server = fakeServer(SAVED, { failPut: true });
    renderSettings();
    await screen.findByRole("heading", { level: 2, name: "Notifications" });
    fireEvent.change(timeoutSelect(), { target: { value: "24" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Failed to save settings. Please try again.");
    expect(screen.queryByText("Settings saved")).toBeNull();
    expect(timeoutSelect().value).toBe("24");
    expect((screen.getByRole("button", { name: "Save Settings" }) as HTMLButtonElement).disabled).toBe(false);
    expect(server.stored()).toEqual(SAVED);
  });

  it("says when the settings cannot be loaded, and tries again on request", async () => {
    let fail = true;
    mockApi({
      "GET /api/auth/me": json(200, { user: null }),
      "GET /api/admin/settings": () => (fail ? apiError(503, "unavailable", "Down") : json(200, response(SAVED))),
    });
    renderSettings();
    // A 5xx is tried once more before the page gives up (about a second later).
    const alert = await screen.findByRole("alert", {}, { timeout: 5000 });
    expect(alert.textContent).toContain("Failed to load settings");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(timeoutSelect().value).toBe("48"));
  });

  it("reads in Portuguese", async () => {
    fakeServer();
    renderSettings("pt-BR");
    expect(await screen.findByRole("heading", { level: 1, name: "Configurações" })).toBeTruthy();
    await screen.findByRole("heading", { level: 2, name: "Informações do site" });
    expect(fact("Nome do site")).toBe("Freestyle Lovers");
    expect(fact("Sua função")).toBe("Super Administrador");
    const select = screen.getByLabelText<HTMLSelectElement>("Tempo limite da sessão");
    expect([...select.options].map((o) => o.textContent)).toEqual(["12 horas", "24 horas (padrão)", "48 horas"]);
    expect(screen.getByRole("switch", { name: "Novos cadastros de usuários" })).toBeTruthy();
    expect(screen.getByRole("switch", { name: "Novas assinaturas VIP" })).toBeTruthy();
    expect(screen.getByRole("switch", { name: "Compras de ingressos" })).toBeTruthy();
    const artist = screen.getByLabelText<HTMLInputElement>("Nome do artista");
    expect(artist.value).toBe("Lola Rivera");
    expect(screen.getByText("Aparece como o artista dos eventos nos resultados de busca.")).toBeTruthy();
    fireEvent.change(artist, { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar configurações" }));
    expect(await screen.findByText("O nome do artista é obrigatório")).toBeTruthy();
    fireEvent.change(artist, { target: { value: "Lola Rivera" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar configurações" }));
    expect((await screen.findByRole("status")).textContent).toBe("Configurações salvas");
  });
});
