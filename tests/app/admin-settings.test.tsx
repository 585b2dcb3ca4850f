// /admin/settings against a fake API that keeps what it is sent: the site's facts and the viewer's
// role, the saved timeout, artist name and switches; a change saved with the exact PUT body, its
// saving state and confirmation; the artist name sent only when edited, checked before sending and
// the server's refusal of it shown at the field; the error banner when the save fails; what shows
// after a reload comes from the server; the load failure with retry; the page in Portuguese. The
// artist's short bio (both languages, counted) and links sent only when edited, checked like the
// server does, and the server's refusal of a link shown at its field in both languages; the
// portrait uploaded as the body of PUT /api/admin/settings/portrait, shown once saved, and its
// refusals (415, 400 image_dimensions) in the admin's language.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route as SettingsRoute } from "../../app/routes/admin/settings";
import type { AdminSettingsResponse, SiteSettings } from "../../worker/contracts/admin/settings";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson } from "./accounts-harness";
import { FakeXHR } from "./fixtures/fake-xhr";

/** As the Worker answers before any artist name is saved: the chat persona's. */
const SAVED: SiteSettings = {
  sessionTimeoutHours: 48,
  notifications: { newUser: true, newVip: false, ticketPurchase: true, newOrder: true },
  notificationLocale: "en",
  artistName: "Lola Rivera",
  artistBio: { en: "", "pt-BR": "" },
  artistLinks: { website: null, instagram: null, facebook: null, youtube: null },
  artistPortraitUrl: "/media/site/artist-portrait.jpg",
  vipYearlyPriceCents: 9900,
};

const response = (settings: SiteSettings): AdminSettingsResponse => ({
  settings,
  site: { name: "Freestyle Lovers", supportEmail: "support@fans.example", adminEmail: "admin@fans.example" },
  viewer: { email: "boss@fans.example", role: "super_admin", roleLabel: "Super Admin" },
});

/** The offers section's settings (decision 101): off, as a new site has them. */
const OFFERS = {
  settings: {
    enabled: false,
    thresholds: { plays: 0, likes: 0, eventsAttended: 0, purchases: 0 },
    percentOff: 20,
    tierId: "vip",
    winBack: { enabled: false, percentOff: 30 },
  },
  tiers: [{ id: "vip", name: { en: "VIP", ptBR: "VIP" } }],
};

/** A server that stores what a PUT sends (whole or partial) and answers GETs from it. */
function fakeServer(initial: SiteSettings = SAVED, { failPut = false, refusePut }: { failPut?: boolean; refusePut?: () => Response } = {}) {
  let stored = structuredClone(initial);
  let tax = { registrations: ["DE"], behavior: { usd: "exclusive", brl: "inclusive" } };
  const api = mockApi({
    "GET /api/auth/me": json(200, { user: null }),
    "GET /api/admin/tax/settings": () => json(200, tax),
    "GET /api/admin/offers": json(200, OFFERS),
    "GET /api/admin/offers/retention": json(200, { enabled: false, percentOff: 25, periods: 3 }),
    "PUT /api/admin/tax/settings": async (request) => {
      tax = (await request.json()) as typeof tax;
      return json(200, tax);
    },
    "GET /api/admin/settings": () => json(200, response(stored)),
    "PUT /api/admin/settings": async (request) => {
      if (failPut) return apiError(500, "internal", "Something went wrong");
      if (refusePut) return refusePut();
      const body = (await request.json()) as Partial<SiteSettings>;
      // Links are partial, and "" clears one, as the Worker stores them.
      const links = Object.fromEntries(Object.entries(body.artistLinks ?? {}).map(([k, v]) => [k, v || null]));
      stored = {
        ...stored,
        ...body,
        notifications: { ...stored.notifications, ...body.notifications },
        artistLinks: { ...stored.artistLinks, ...links },
      };
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
const field = (label: string) => screen.getByLabelText<HTMLInputElement | HTMLTextAreaElement>(label);
/** The texts that describe a control (its hint, counter and error), as a screen reader reads them. */
const description = (control: HTMLElement) =>
  (control.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent)
    .join(" | ");

const picture = (name = "portrait.webp", type = "image/webp") => new File(["RIFF....WEBP"], name, { type });

beforeEach(() => {
  FakeXHR.sent = [];
  vi.stubGlobal("XMLHttpRequest", FakeXHR);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("/admin/settings: sales tax and VAT", () => {
  it("shows where the artist collects and the prices' behaviour, and saves them with the exact PUT body", async () => {
    const api = fakeServer();
    renderSettings();
    const field = await screen.findByLabelText<HTMLInputElement>("Registered in");
    expect(field.value).toBe("DE");
    expect(screen.getByText(/DEMO rates of the local checkout/)).toBeTruthy();
    fireEvent.change(field, { target: { value: "de, fr US-CA" } });
    const reais = screen.getByRole("group", { name: "Prices in reais" });
    expect(within(reais).getByLabelText<HTMLInputElement>("Prices include tax").checked).toBe(true);
    fireEvent.click(within(screen.getByRole("group", { name: "Prices in US dollars" })).getByLabelText("Prices include tax"));
    fireEvent.click(screen.getByRole("button", { name: "Save tax settings" }));
    expect((await screen.findByText("Tax settings saved.")).getAttribute("role")).toBe("status");
    expect(sentJson(api.callsTo("PUT /api/admin/tax/settings")[0])).toEqual({
      registrations: ["DE", "FR", "US-CA"],
      behavior: { usd: "inclusive", brl: "inclusive" },
    });
  });

  it("refuses a place that is not a country or a US state without asking the server", async () => {
    const api = fakeServer();
    renderSettings("pt-BR");
    fireEvent.change(await screen.findByLabelText("Registrado em"), { target: { value: "Germany" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar configurações de impostos" }));
    expect((await screen.findByText(/Use códigos de país/)).getAttribute("role")).toBe("alert");
    expect(api.callsTo("PUT /api/admin/tax/settings")).toHaveLength(0);
  });
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
    expect(sentJson(puts[0])).toEqual({ sessionTimeoutHours: 12, notifications: { newUser: true, newVip: true, ticketPurchase: false, newOrder: true } });
    expect(server.stored()).toEqual({
      ...SAVED,
      sessionTimeoutHours: 12,
      notifications: { newUser: true, newVip: true, ticketPurchase: false, newOrder: true },
      artistName: "Lola Rivera",
    });

    // A further change takes the confirmation away: it no longer describes the form.
    fireEvent.click(toggle("New User Registrations"));
    expect(screen.queryByText("Settings saved")).toBeNull();
  });

  it("saves the notification e-mails language only when changed", async () => {
    const server = fakeServer();
    renderSettings();
    const language = await screen.findByLabelText<HTMLSelectElement>("Notification e-mails language");
    expect(language.value).toBe("en");
    fireEvent.change(language, { target: { value: "pt-BR" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect((await screen.findByRole("status")).textContent).toBe("Settings saved");
    expect(sentJson(server.callsTo("PUT /api/admin/settings")[0])).toMatchObject({ notificationLocale: "pt-BR" });
    expect(server.stored().notificationLocale).toBe("pt-BR");
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() => expect(server.callsTo("PUT /api/admin/settings")).toHaveLength(2));
    expect(sentJson(server.callsTo("PUT /api/admin/settings")[1])).not.toHaveProperty("notificationLocale");
  });

  it("shows the notification e-mails language in Portuguese", async () => {
    fakeServer({ ...SAVED, notificationLocale: "pt-BR" });
    renderSettings("pt-BR");
    const language = await screen.findByLabelText<HTMLSelectElement>("Idioma dos e-mails de notificação");
    expect(language.value).toBe("pt-BR");
    expect(within(language).getByRole("option", { name: "Português (Brasil)" })).toBeTruthy();
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
      "GET /api/admin/tax/settings": json(200, { registrations: [], behavior: { usd: "exclusive", brl: "inclusive" } }),
      "GET /api/admin/offers": json(200, OFFERS),
      "GET /api/admin/offers/retention": json(200, { enabled: false, percentOff: 25, periods: 3 }),
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

describe("/admin/settings: the artist's bio, links and portrait", () => {
  it("shows the bio fields with their counters and the four links, empty until saved", async () => {
    fakeServer();
    renderSettings();
    await screen.findByRole("heading", { level: 2, name: "Artist" });
    const bioEn = field("Short Bio (English)");
    expect(bioEn.tagName).toBe("TEXTAREA");
    expect(bioEn.value).toBe("");
    expect(description(bioEn)).toContain("0/1,000 characters");
    expect(field("Short Bio (Portuguese)").getAttribute("lang")).toBe("pt-BR");
    expect(screen.getByRole("group", { name: "Links" })).toBeTruthy();
    for (const label of ["Website", "Instagram", "Facebook", "YouTube"]) {
      expect(field(label).value).toBe("");
      expect(field(label).getAttribute("type")).toBe("url");
    }
  });

  it("sends the edited bio (both languages, trimmed) and only the edited links with the exact PUT body", async () => {
    const server = fakeServer({ ...SAVED, artistLinks: { ...SAVED.artistLinks, youtube: "https://youtube.com/@lola" } });
    renderSettings();
    await screen.findByRole("heading", { level: 2, name: "Artist" });

    fireEvent.change(field("Short Bio (English)"), { target: { value: "  Queen of freestyle.\nSince 1987. " } });
    expect(description(field("Short Bio (English)"))).toContain("31/1,000 characters");
    fireEvent.change(field("Short Bio (Portuguese)"), { target: { value: "Rainha do freestyle." } });
    fireEvent.change(field("Website"), { target: { value: " https://lola.example/ " } });
    fireEvent.change(field("Instagram"), { target: { value: "https://instagram.com/lola" } });
    fireEvent.change(field("YouTube"), { target: { value: "" } }); // cleared
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));

    expect((await screen.findByRole("status")).textContent).toBe("Settings saved");
    const puts = server.callsTo("PUT /api/admin/settings");
    expect(puts).toHaveLength(1);
    expect(sentJson(puts[0])).toEqual({
      sessionTimeoutHours: 48,
      notifications: SAVED.notifications,
      artistBio: { en: "Queen of freestyle.\nSince 1987.", "pt-BR": "Rainha do freestyle." },
      artistLinks: { website: "https://lola.example/", instagram: "https://instagram.com/lola", youtube: "" },
    });
    expect(server.stored().artistLinks).toEqual({ website: "https://lola.example/", instagram: "https://instagram.com/lola", facebook: null, youtube: null });
    expect(field("Website").value).toBe("https://lola.example/");
    expect(field("YouTube").value).toBe("");

    // Saved again unchanged: neither the bio nor the links go.
    fireEvent.click(toggle("New User Registrations"));
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() => expect(server.callsTo("PUT /api/admin/settings")).toHaveLength(2));
    expect(sentJson(server.callsTo("PUT /api/admin/settings")[1])).toEqual({
      sessionTimeoutHours: 48,
      notifications: { ...SAVED.notifications, newUser: false },
    });
  });

  it("refuses a link that is not an http(s) address and a bio over the limit before sending", async () => {
    const server = fakeServer();
    renderSettings();
    await screen.findByRole("heading", { level: 2, name: "Artist" });
    fireEvent.change(field("Facebook"), { target: { value: "javascript:alert(1)" } });
    fireEvent.change(field("Short Bio (Portuguese)"), { target: { value: "a".repeat(1001) } });
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));

    expect(await screen.findByText("Please enter a valid URL")).toBeTruthy();
    expect(field("Facebook").getAttribute("aria-invalid")).toBe("true");
    expect(description(field("Facebook"))).toContain("Please enter a valid URL");
    expect(description(field("Short Bio (Portuguese)"))).toContain("The short bio must be at most 1,000 characters");
    expect(description(field("Short Bio (Portuguese)"))).toContain("1,001/1,000 characters");
    await waitFor(() => expect(document.activeElement).toBe(field("Short Bio (Portuguese)")));
    expect(server.callsTo("PUT /api/admin/settings")).toHaveLength(0);
  });

  it.each([
    ["en", "Save Settings", "Please enter a valid URL"],
    ["pt-BR", "Salvar configurações", "Informe uma URL válida"],
  ] as const)("shows the server's 400 for a link at its field, by its code (%s)", async (locale, save, text) => {
    const server = fakeServer(SAVED, {
      refusePut: () => apiError(400, "website_invalid", "Please enter a valid URL", "artistLinks.facebook"),
    });
    renderSettings(locale);
    const facebook = await screen.findByLabelText<HTMLInputElement>("Facebook");
    fireEvent.change(facebook, { target: { value: "https://facebook.example/lola" } });
    fireEvent.click(screen.getByRole("button", { name: save }));

    expect(await screen.findByText(text)).toBeTruthy();
    expect(facebook.getAttribute("aria-invalid")).toBe("true");
    expect(description(facebook)).toBe(text);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(sentJson(server.callsTo("PUT /api/admin/settings")[0])).toMatchObject({ artistLinks: { facebook: "https://facebook.example/lola" } });
    expect(server.stored()).toEqual(SAVED);
    await waitFor(() => expect(document.activeElement).toBe(facebook));
  });

  it("uploads a new portrait as the body of PUT /api/admin/settings/portrait, with its progress, and shows it", async () => {
    const server = fakeServer();
    renderSettings();
    const portrait = await screen.findByRole<HTMLImageElement>("img", { name: "Current portrait of Lola Rivera" });
    expect(portrait.getAttribute("src")).toBe("/media/site/artist-portrait.jpg");
    const upload = screen.getByRole<HTMLButtonElement>("button", { name: "Upload" });
    expect(upload.disabled).toBe(true);

    const file = picture();
    fireEvent.change(screen.getByLabelText("Upload a new portrait"), { target: { files: [file] } });
    expect(screen.getByText("portrait.webp")).toBeTruthy();
    fireEvent.click(upload);

    expect(FakeXHR.sent).toHaveLength(1);
    const xhr = FakeXHR.sent[0]!;
    expect([xhr.method, xhr.url]).toEqual(["PUT", "/api/admin/settings/portrait"]);
    expect(xhr.body).toBe(file);
    xhr.progress(6, 12);
    expect(screen.getByRole("progressbar", { name: "Upload progress" })).toBeTruthy();
    expect(screen.getByText("50% uploaded")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cancel upload" })).toBeTruthy();

    await xhr.respond(200, response({ ...SAVED, artistPortraitUrl: "/media/site/artist-portrait.webp" }));
    expect((await screen.findByRole("status")).textContent).toBe("New portrait saved");
    expect(screen.getByRole("img", { name: "Current portrait of Lola Rivera" }).getAttribute("src")).toBe("/media/site/artist-portrait.webp");
    // The upload saved on its own: the settings' PUT was not sent.
    expect(server.callsTo("PUT /api/admin/settings")).toHaveLength(0);
  });

  it.each([
    ["en", 415, "unsupported_type", "Upload", "The portrait must be a JPEG, PNG or WebP picture"],
    ["pt-BR", 415, "unsupported_type", "Enviar", "O retrato deve ser uma imagem JPEG, PNG ou WebP"],
    ["en", 400, "image_dimensions", "Upload", "The picture must be at most 8,000 pixels wide and high"],
    ["pt-BR", 400, "image_dimensions", "Enviar", "A imagem deve ter no máximo 8.000 pixels de largura e de altura"],
  ] as const)("shows the upload's refusal in the admin's language (%s, %i %s), and keeps the portrait", async (locale, status, code, start, text) => {
    fakeServer();
    renderSettings(locale);
    const picker = await screen.findByLabelText(locale === "en" ? "Upload a new portrait" : "Enviar um novo retrato");
    const before = screen.getByRole("img").getAttribute("src");
    fireEvent.change(picker, { target: { files: [picture("notes.txt", "image/png")] } });
    fireEvent.click(screen.getByRole("button", { name: start }));
    await FakeXHR.sent[0]!.respond(status, { error: { code, message: "Refused in English" } });

    expect(await screen.findByText(text)).toBeTruthy();
    expect(picker.getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByText("Refused in English")).toBeNull();
    expect(screen.getByRole("img").getAttribute("src")).toBe(before);
  });

  it("refuses a picture over 2 MB before sending it", async () => {
    fakeServer();
    renderSettings();
    const picker = await screen.findByLabelText("Upload a new portrait");
    const big = picture("huge.jpg", "image/jpeg");
    Object.defineProperty(big, "size", { value: 3 * 1024 * 1024 });
    fireEvent.change(picker, { target: { files: [big] } });
    expect(screen.getByText("The picture must be at most 2 MB")).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Upload" }).disabled).toBe(true);
    expect(FakeXHR.sent).toHaveLength(0);
  });
});
