// The bot check's widget in the forms (decision 090), against a fake /api and, for live mode, a
// fake Turnstile: the local note in both languages and its token sent with the submit; a refusal
// told in the page's language and retried with a fresh token; Turnstile rendered with the site key,
// the form's action and the page's language, only once a form with a check shows; the form's own
// controls never wait on it.
import { createRoute, type AnyRoute } from "@tanstack/react-router";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ContactForm } from "../../app/features/contact/ContactForm";
import { NewsSignup } from "../../app/features/newsletter/NewsSignup";
import type { Locale } from "../../app/i18n/locale";
import { apiError, createTestRoot, json, mockApi, renderApp, type ApiRoutes } from "./accounts-harness";
import { configRoute, siteConfig } from "./fixtures/config";

const Page = () => (
  <>
    <ContactForm />
    <NewsSignup />
  </>
);
const root = createTestRoot();
const routeTree = root.addChildren([createRoute({ getParentRoute: () => root, path: "/", component: Page }) as unknown as AnyRoute]);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete window.turnstile;
  document.querySelectorAll('script[src*="challenges.cloudflare.com"]').forEach((s) => s.remove());
});

const LOCAL = siteConfig({ botCheck: { mode: "local" } });
const LIVE = siteConfig({ botCheck: { mode: "live", siteKey: "0x4AAAAAAAsite-key" } });

let issued = 0;
/** The local widget's endpoint: a new token each time. */
const localTokens = { "GET /api/dev/bot-check/contact": () => json(200, { token: `local-token-${++issued}` }) };

async function render(config = LOCAL, routes: ApiRoutes = {}, locale: Locale = "en") {
  const api = mockApi({ ...configRoute(config), ...localTokens, ...routes });
  renderApp(routeTree, "/", { locale });
  await screen.findByRole("heading", { name: locale === "en" ? "Send Us a Message" : "Envie uma mensagem" });
  return api;
}

const contactForm = () => screen.getByRole("form", { name: /Send Us a Message|Envie uma mensagem/ }) as HTMLFormElement;

const CONTACT_FIELDS = {
  en: { Name: "Ana Souza", Email: "ana@example.com", Subject: "Booking", Message: "Any shows soon?" },
  "pt-BR": { Nome: "Ana Souza", "E-mail": "ana@example.com", Assunto: "Show", Mensagem: "Tem show?" },
};

/** Fills the contact form's fields, labelled in the page's language. */
function fillContact(locale: keyof typeof CONTACT_FIELDS = "en") {
  for (const [label, value] of Object.entries(CONTACT_FIELDS[locale])) {
    fireEvent.change(within(contactForm()).getByLabelText(label), { target: { value } });
  }
}

/** The bot check header each POST /api/contact carried. */
const sentTokens = (api: ReturnType<typeof mockApi>) => api.callsTo("POST /api/contact").map(([, init]) => new Headers(init?.headers).get("x-bot-check"));

describe("local mode", () => {
  it("says the local check passed, in English and in Portuguese, with nothing to do", async () => {
    await render();
    expect(await within(contactForm()).findByText("Local bot check: passed")).toBeTruthy();
    cleanup();
    await render(LOCAL, {}, "pt-BR");
    expect(await within(contactForm()).findByText("Verificação local contra robôs: aprovada")).toBeTruthy();
  });

  it("sends the local token with the submit, and a fresh one on the retry after a refusal, told in the page's language", async () => {
    let answers = 0;
    const api = await render(LOCAL, {
      "POST /api/contact": () => (++answers === 1 ? apiError(403, "bot_check_failed", "refused") : json(200, { success: true })),
    });
    await within(contactForm()).findByText("Local bot check: passed");
    fillContact();
    fireEvent.submit(contactForm());
    expect(await screen.findByText("The check that you are not a bot did not pass. Please try again.")).toBeTruthy();
    fireEvent.submit(contactForm());
    await screen.findByText(/^Message sent successfully!/);
    const [first, second] = sentTokens(api);
    expect(first).toMatch(/^local-token-\d+$/);
    expect(second).toMatch(/^local-token-\d+$/);
    expect(second).not.toBe(first);
  });

  it("words the refusal in Portuguese on a Portuguese page", async () => {
    await render(LOCAL, { "POST /api/contact": apiError(503, "bot_check_unavailable", "unavailable") }, "pt-BR");
    await within(contactForm()).findByText("Verificação local contra robôs: aprovada");
    fillContact("pt-BR");
    fireEvent.submit(contactForm());
    expect(await screen.findByText("A verificação de que você não é um robô não está disponível agora. Tente novamente mais tarde.")).toBeTruthy();
  });

  it("loads no Turnstile script", async () => {
    await render();
    await within(contactForm()).findByText("Local bot check: passed");
    expect(document.querySelector('script[src*="challenges.cloudflare.com"]')).toBeNull();
  });
});

describe("live mode", () => {
  /** A stand-in for Turnstile's api.js, already on the page. */
  function fakeTurnstile() {
    const widgets: { element: HTMLElement; options: Record<string, unknown> }[] = [];
    const turnstile = {
      render: vi.fn((element: HTMLElement, options: Record<string, unknown>) => {
        widgets.push({ element, options });
        return `widget-${widgets.length}`;
      }),
      reset: vi.fn(),
      remove: vi.fn(),
    };
    window.turnstile = turnstile;
    const solve = (index: number, token: string) => (widgets[index]!.options.callback as (t: string) => void)(token);
    return { turnstile, widgets, solve };
  }

  it("renders Turnstile with the site key, the form's action and the page's language, and sends its token", async () => {
    const { turnstile, widgets, solve } = fakeTurnstile();
    const api = await render(LIVE, { "POST /api/contact": json(200, { success: true }) }, "pt-BR");
    await waitFor(() => expect(widgets).toHaveLength(1));
    expect(widgets[0]!.options).toMatchObject({ sitekey: "0x4AAAAAAAsite-key", action: "contact", language: "pt-BR", "response-field": false });
    expect(contactForm().contains(widgets[0]!.element)).toBe(true);
    solve(0, "turnstile-token");
    fillContact("pt-BR");
    fireEvent.submit(contactForm());
    await waitFor(() => expect(sentTokens(api)).toEqual(["turnstile-token"]));
    // Used once: the widget is reset for the next submit.
    expect(turnstile.reset).toHaveBeenCalledWith("widget-1");
  });

  it("shows the news box's check only once someone uses the box, and the submit button never waits on it", async () => {
    const { widgets } = fakeTurnstile();
    await render(LIVE);
    await waitFor(() => expect(widgets).toHaveLength(1)); // the contact form's
    const newsBox = screen.getByLabelText("Your e-mail").closest("form")!;
    expect(within(newsBox).getByRole("button", { name: "Sign up" }).hasAttribute("disabled")).toBe(false);
    fireEvent.focus(within(newsBox).getByLabelText("Your e-mail"));
    await waitFor(() => expect(widgets).toHaveLength(2));
    expect(widgets[1]!.options).toMatchObject({ action: "newsletter", language: "en" });
    expect(newsBox.contains(widgets[1]!.element)).toBe(true);
  });

  it("adds Turnstile's script once, with explicit rendering, when a form with a check shows", async () => {
    const added: Node[] = [];
    vi.spyOn(document.head, "append").mockImplementation((...nodes) => void added.push(...(nodes as Node[])));
    await render(LIVE);
    await waitFor(() => expect(added).toHaveLength(1));
    fireEvent.focus(screen.getByLabelText("Your e-mail")); // a second form with a check: no second script
    expect(added.map((node) => (node as HTMLScriptElement).src)).toEqual(["https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit"]);
  });
});
