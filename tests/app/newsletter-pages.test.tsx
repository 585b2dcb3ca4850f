// The newsletter's pages for people (decision 045) against a fake /api: the double opt-in's
// confirm page (success, a spent link with a way to subscribe again, a suppressed address), the
// one-click unsubscribe page (one POST on load, then the preference form), the preference page
// behind a mail's signed link, Settings › Newsletter (verified or not), and Portuguese. The
// consent sentences shown are the very ones the Worker stores (worker/services/mail/newsletter.ts).
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Locale } from "../../app/i18n/locale";
import { Route as ConfirmRoute } from "../../app/routes/newsletter/confirm";
import { Route as PreferencesRoute } from "../../app/routes/newsletter/preferences";
import { Route as UnsubscribeRoute } from "../../app/routes/newsletter/unsubscribe";
import { Route as SettingsRoute } from "../../app/routes/settings";
import type { NewsletterPreferences } from "../../worker/contracts/newsletter";
import { consentText } from "../../worker/services/mail/newsletter";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson, sessionUser, stubRoute, type ApiRoutes } from "./accounts-harness";
import { configRoute, SITE_CONFIG } from "./fixtures/config";

const BRAND = SITE_CONFIG.brandName;
const LINK = "signed.link-token-0123456789abcdef";
const TOKEN = "confirm-token-0123456789abcdef";

const prefs = (overrides: Partial<NewsletterPreferences> = {}): NewsletterPreferences => ({
  email: "an•••@example.com",
  status: "subscribed",
  topics: ["news", "events"],
  locale: "en",
  ...overrides,
});

function api(routes: ApiRoutes, me: ReturnType<typeof sessionUser> | null = null) {
  return mockApi({ "GET /api/auth/me": json(200, { user: me }), ...configRoute(), "GET /api/account/sessions": json(200, { sessions: [] }), ...routes });
}

function renderAt(url: string, locale: Locale = "en") {
  const root = createTestRoot();
  const tree = root.addChildren([
    mountFileRoute(ConfirmRoute, "/newsletter/confirm", root),
    mountFileRoute(UnsubscribeRoute, "/newsletter/unsubscribe", root),
    mountFileRoute(PreferencesRoute, "/newsletter/preferences", root),
    mountFileRoute(SettingsRoute, "/settings", root),
    stubRoute(root, "/"),
    stubRoute(root, "/social/login"),
  ]);
  return renderApp(tree, url, { locale });
}

const linkOf = (call: [RequestInfo | URL, RequestInit?] | undefined) => new URL(String(call?.[0]), "http://localhost").searchParams.get("t");
const status = async (text: string) => expect((await screen.findByText(text)).closest("[role=status]")).toBeTruthy();

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("/newsletter/confirm", () => {
  it("POSTs the token once and says the person is subscribed, with a way home", async () => {
    const { callsTo } = api({ "POST /api/newsletter/confirm": json(200, { status: "subscribed" }) });
    renderAt(`/newsletter/confirm?token=${TOKEN}`);
    await status("You're subscribed. Our news will reach you by e-mail.");
    expect(callsTo("POST /api/newsletter/confirm")).toHaveLength(1);
    expect(sentJson(callsTo("POST /api/newsletter/confirm")[0])).toEqual({ token: TOKEN });
    expect(screen.getByRole("link", { name: "Go to the home page" }).getAttribute("href")).toBe("/");
  });

  it("explains a spent or expired link and subscribes again from an e-mail box", async () => {
    const { callsTo } = api({
      "POST /api/newsletter/confirm": apiError(400, "invalid_token", "This confirmation link is not valid any more."),
      "POST /api/newsletter/subscribe": json(202, { ok: true }),
    });
    renderAt(`/newsletter/confirm?token=${TOKEN}`);
    expect((await screen.findByRole("alert")).textContent).toBe("This confirmation link is not valid any more. Subscribe again to get a new one.");
    const form = screen.getByRole("form", { name: "Subscribe again" });
    // The sentence the Worker stores for this request (source contact_form).
    expect(await within(form).findByText(consentText("en", "contact_form", BRAND))).toBeTruthy();
    fireEvent.click(within(form).getByRole("button", { name: "Send me a confirmation link" }));
    expect(within(form).getByText("Enter your e-mail address")).toBeTruthy();
    fireEvent.change(within(form).getByLabelText("Your e-mail address"), { target: { value: " ana@example.com " } });
    fireEvent.click(within(form).getByRole("button", { name: "Send me a confirmation link" }));
    await status("Check your inbox: if ana@example.com can be subscribed, a new confirmation link is on its way.");
    expect(sentJson(callsTo("POST /api/newsletter/subscribe")[0])).toEqual({ email: "ana@example.com", locale: "en" });
  });

  it("explains an address the mail provider reported", async () => {
    api({ "POST /api/newsletter/confirm": apiError(409, "address_suppressed", "x") });
    renderAt(`/newsletter/confirm?token=${TOKEN}`);
    expect((await screen.findByRole("alert")).textContent).toContain("This address cannot receive our e-mails");
    expect(screen.queryByRole("form", { name: "Subscribe again" })).toBeNull();
  });
});

describe("/newsletter/unsubscribe", () => {
  it("POSTs the one-click unsubscribe once on load, then shows the form to subscribe again", async () => {
    const { callsTo, fetchMock } = api({
      "POST /api/newsletter/unsubscribe": json(200, prefs({ status: "unsubscribed" })),
      "PUT /api/newsletter/preferences": json(200, prefs({ status: "subscribed", topics: ["events"] })),
    });
    renderAt(`/newsletter/unsubscribe?t=${LINK}`);
    await status("You're unsubscribed. We will send you no more news.");
    expect(callsTo("POST /api/newsletter/unsubscribe")).toHaveLength(1);
    expect(linkOf(callsTo("POST /api/newsletter/unsubscribe")[0])).toBe(LINK);
    // Nothing else touched the newsletter: no GET did the unsubscribing.
    expect(fetchMock.mock.calls.filter(([input]) => String(input).includes("/api/newsletter/"))).toHaveLength(1);
    expect(screen.getByText("Newsletter preferences for an•••@example.com")).toBeTruthy();
    expect(await screen.findByText(consentText("en", "preferences", BRAND))).toBeTruthy();

    fireEvent.click(screen.getByRole("checkbox", { name: "News and releases" }));
    fireEvent.click(screen.getByRole("button", { name: "Subscribe again" }));
    await status("You're subscribed again. Welcome back!");
    expect(sentJson(callsTo("PUT /api/newsletter/preferences")[0])).toEqual({ subscribed: true, topics: ["events"], locale: "en" });
    expect(linkOf(callsTo("PUT /api/newsletter/preferences")[0])).toBe(LINK);
    expect(callsTo("POST /api/newsletter/unsubscribe")).toHaveLength(1);
  });

  it("says a bad link is not valid", async () => {
    api({ "POST /api/newsletter/unsubscribe": apiError(404, "invalid_link", "This link is not valid.") });
    renderAt(`/newsletter/unsubscribe?t=${LINK}`);
    expect((await screen.findByRole("alert")).textContent).toBe("This link is not valid. Use the link in the latest e-mail we sent you.");
  });
});

describe("/newsletter/preferences", () => {
  it("saves topics and language with the signed link, and can unsubscribe", async () => {
    let saved = prefs();
    const { callsTo } = api({
      "GET /api/newsletter/preferences": () => json(200, prefs()),
      "PUT /api/newsletter/preferences": async (request) => {
        const body = (await request.json()) as { subscribed: boolean; topics: NewsletterPreferences["topics"]; locale: Locale };
        saved = prefs({ status: body.subscribed ? "subscribed" : "unsubscribed", topics: body.topics, locale: body.locale });
        return json(200, saved);
      },
    });
    renderAt(`/newsletter/preferences?t=${LINK}`);
    const stay = (await screen.findByRole("switch", { name: consentText("en", "settings", BRAND) })) as HTMLInputElement;
    expect(stay.checked).toBe(true);
    expect(linkOf(callsTo("GET /api/newsletter/preferences")[0])).toBe(LINK);

    fireEvent.click(screen.getByRole("checkbox", { name: "Shows and events" }));
    fireEvent.click(screen.getByRole("radio", { name: "Português" }));
    fireEvent.click(screen.getByRole("button", { name: "Save preferences" }));
    await status("Your preferences are saved.");
    expect(sentJson(callsTo("PUT /api/newsletter/preferences")[0])).toEqual({ subscribed: true, topics: ["news"], locale: "pt-BR" });

    fireEvent.click(screen.getByRole("switch"));
    fireEvent.click(screen.getByRole("button", { name: "Save preferences" }));
    await status("You're unsubscribed. We will send you no more news.");
    expect(sentJson(callsTo("PUT /api/newsletter/preferences")[1])).toEqual({ subscribed: false, topics: ["news"], locale: "pt-BR" });
    expect(screen.getByRole("button", { name: "Subscribe again" })).toBeTruthy();
  });

  it("asks for a topic before subscribing to none", async () => {
    const { callsTo } = api({ "GET /api/newsletter/preferences": json(200, prefs({ topics: ["news"] })) });
    renderAt(`/newsletter/preferences?t=${LINK}`);
    fireEvent.click(await screen.findByRole("checkbox", { name: "News and releases" }));
    fireEvent.click(screen.getByRole("button", { name: "Save preferences" }));
    expect(screen.getByText("Choose at least one topic, or unsubscribe.")).toBeTruthy();
    expect(callsTo("PUT /api/newsletter/preferences")).toHaveLength(0);
  });

  it("says an invalid link is not valid (404 invalid_link), and a save refused for a suppressed address why", async () => {
    api({ "GET /api/newsletter/preferences": apiError(404, "invalid_link", "This link is not valid.") });
    renderAt(`/newsletter/preferences?t=${LINK}`);
    expect((await screen.findByRole("alert")).textContent).toBe("This link is not valid. Use the link in the latest e-mail we sent you.");
    cleanup();

    api({
      "GET /api/newsletter/preferences": json(200, prefs({ status: "unsubscribed" })),
      "PUT /api/newsletter/preferences": apiError(409, "address_suppressed", "x"),
    });
    renderAt(`/newsletter/preferences?t=${LINK}`);
    fireEvent.click(await screen.findByRole("button", { name: "Subscribe again" }));
    expect((await screen.findByRole("alert")).textContent).toContain("This address cannot receive our e-mails");
  });

  it("shows a suppressed address's explanation instead of the form", async () => {
    api({ "GET /api/newsletter/preferences": json(200, prefs({ status: "bounced" })) });
    renderAt(`/newsletter/preferences?t=${LINK}`);
    expect((await screen.findByRole("alert")).textContent).toContain("This address cannot receive our e-mails");
    expect(screen.queryByRole("button")).toBeNull();
  });
});

describe("Settings › Newsletter", () => {
  const newsletterSection = () => screen.findByRole("region", { name: "Newsletter" });

  it("subscribes a verified member who never was, with their topics and language", async () => {
    const { callsTo } = api(
      {
        "GET /api/account/newsletter": json(200, prefs({ email: "fan@example.com", status: "none" })),
        "PUT /api/account/newsletter": json(200, prefs({ email: "fan@example.com", status: "subscribed", topics: ["news"], locale: "pt-BR" })),
      },
      sessionUser({ emailVerified: true }),
    );
    renderAt("/settings");
    const section = await newsletterSection();
    expect(await within(section).findByText("You're not subscribed to the newsletter.")).toBeTruthy();
    expect(await within(section).findByText(consentText("en", "settings", BRAND))).toBeTruthy();
    fireEvent.click(within(section).getByRole("checkbox", { name: "Shows and events" }));
    fireEvent.click(within(section).getByRole("radio", { name: "Português" }));
    fireEvent.click(within(section).getByRole("button", { name: "Subscribe" }));
    expect(await within(section).findByText("You're subscribed. Our news will reach you by e-mail.")).toBeTruthy();
    expect(sentJson(callsTo("PUT /api/account/newsletter")[0])).toEqual({ subscribed: true, topics: ["news"], locale: "pt-BR" });
    expect(within(section).getByText("You're subscribed to the newsletter.")).toBeTruthy();
    expect((within(section).getByRole("switch") as HTMLInputElement).checked).toBe(true);
  });

  it("tells an unverified member to confirm the address first, and offers no button", async () => {
    const { callsTo } = api(
      { "GET /api/account/newsletter": json(200, prefs({ email: "fan@example.com", status: "none" })) },
      sessionUser({ emailVerified: false }),
    );
    renderAt("/settings");
    const section = await newsletterSection();
    expect(
      (
        await within(section).findByText(
          "Confirm your e-mail address first, then you can subscribe here. The banner at the top of the page can send you a new link.",
        )
      ).closest("[role=alert]"),
    ).toBeTruthy();
    expect(within(section).queryByRole("button")).toBeNull();
    expect(callsTo("PUT /api/account/newsletter")).toHaveLength(0);
  });

  it("explains a suppressed address", async () => {
    api({ "GET /api/account/newsletter": json(200, prefs({ email: "fan@example.com", status: "complained" })) }, sessionUser({ emailVerified: true }));
    renderAt("/settings");
    const section = await newsletterSection();
    expect((await within(section).findByRole("alert")).textContent).toContain("This address cannot receive our e-mails");
  });
});

describe("in Portuguese", () => {
  it("confirms, unsubscribes and shows the preference form in pt-BR, with the stored consent wording", async () => {
    api({ "POST /api/newsletter/confirm": json(200, { status: "subscribed" }) });
    renderAt(`/newsletter/confirm?token=${TOKEN}`, "pt-BR");
    await status("Inscrição confirmada. Nossas novidades vão chegar por e-mail.");
    expect(screen.getByRole("link", { name: "Ir para a página inicial" })).toBeTruthy();
    cleanup();

    const { callsTo } = api({
      "POST /api/newsletter/unsubscribe": json(200, prefs({ status: "unsubscribed", locale: "pt-BR" })),
      "PUT /api/newsletter/preferences": json(200, prefs({ locale: "pt-BR" })),
    });
    renderAt(`/newsletter/unsubscribe?t=${LINK}`, "pt-BR");
    await status("Inscrição cancelada. Não enviaremos mais novidades.");
    const consent = "Quero voltar a receber novidades do Neon Test Brand por e-mail. Posso cancelar quando quiser.";
    expect(consent).toBe(consentText("pt-BR", "preferences", BRAND));
    expect(await screen.findByText(consent)).toBeTruthy();
    expect(screen.getByRole("group", { name: "O que quero receber" })).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: "Novidades e lançamentos" })).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: "Shows e eventos" })).toBeTruthy();
    expect((screen.getByRole("radio", { name: "Português" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Inscrever-se de novo" }));
    await status("Você está inscrito de novo. Que bom ter você de volta!");
    expect(sentJson(callsTo("PUT /api/newsletter/preferences")[0])).toEqual({ subscribed: true, topics: ["news", "events"], locale: "pt-BR" });
  });

  it("says a spent confirmation link and a bad signed link in pt-BR", async () => {
    api({ "POST /api/newsletter/confirm": apiError(400, "invalid_token", "x") });
    renderAt(`/newsletter/confirm?token=${TOKEN}`, "pt-BR");
    expect((await screen.findByRole("alert")).textContent).toBe("Este link de confirmação não é mais válido. Inscreva-se de novo para receber outro.");
    expect(await screen.findByText(consentText("pt-BR", "contact_form", BRAND))).toBeTruthy();
    cleanup();

    api({ "GET /api/newsletter/preferences": apiError(404, "invalid_link", "x") });
    renderAt(`/newsletter/preferences?t=${LINK}`, "pt-BR");
    expect((await screen.findByRole("alert")).textContent).toBe("Este link não é válido. Use o link do último e-mail que enviamos.");
  });

  it("shows Settings › Newsletter in pt-BR with the settings consent", async () => {
    api({ "GET /api/account/newsletter": json(200, prefs({ email: "fan@example.com", status: "none" })) }, sessionUser({ emailVerified: true }));
    renderAt("/settings", "pt-BR");
    const section = await screen.findByRole("region", { name: "Newsletter" });
    expect(await within(section).findByText(consentText("pt-BR", "settings", BRAND))).toBeTruthy();
    expect(within(section).getByRole("button", { name: "Inscrever-se" })).toBeTruthy();
  });
});
