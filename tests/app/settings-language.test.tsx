// /settings › Language against a fake API: the account's language as two radios (keyboard
// reachable, named by their legend), a choice switches the page at once and is sent with
// PUT /api/auth/locale, a failed save is said and can be retried, in both languages; and signing
// in switches the page to the account's language.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as SettingsRoute } from "../../app/routes/settings";
import { Route as LoginRoute } from "../../app/routes/social/login";
import type { Locale } from "../../worker/contracts/locale";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson, sessionUser, stubRoute, type ApiRoutes } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

function api(accountLocale: Locale, extra: ApiRoutes = {}) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: sessionUser({ locale: accountLocale }) }),
    ...configRoute(),
    "GET /api/account/sessions": json(200, { sessions: [] }),
    ...extra,
  });
}

function renderSettings(locale: Locale) {
  const root = createTestRoot();
  const tree = root.addChildren([mountFileRoute(SettingsRoute, "/settings", root), stubRoute(root, "/social/login")]);
  return renderApp(tree, "/settings", { locale });
}

/** The section by its anchor: its name changes with the language. */
const languageSection = async () => {
  await screen.findByRole("heading", { level: 2, name: /^(Language|Idioma)$/ });
  return document.getElementById("language")!;
};
const radio = (section: HTMLElement, name: string) => within(section).getByRole("radio", { name }) as HTMLInputElement;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("/settings › Language", () => {
  it("shows the account's language and what it is for; choosing Portuguese saves it and switches the page at once", async () => {
    const { callsTo } = api("en", { "PUT /api/auth/locale": json(200, { locale: "pt-BR" }) });
    renderSettings("en");
    const section = await languageSection();
    expect(section.getAttribute("aria-labelledby")).toBe("settings-language-title");
    expect(within(section).getByText("The language of this site and of the e-mails we send you.")).toBeTruthy();
    const group = within(section).getByRole("group", { name: "Your account's language" });
    expect(within(group).getAllByRole("radio")).toHaveLength(2);
    expect(radio(section, "English").checked).toBe(true);
    const pt = radio(section, "Português (Brasil)");
    expect(pt.checked).toBe(false);
    expect(pt.closest("label")!.getAttribute("lang")).toBe("pt-BR");

    // Keyboard users: the radio keeps focus while the page changes language around it.
    pt.focus();
    fireEvent.click(pt);
    expect(await within(section).findByRole("status")).toHaveProperty("textContent", "Idioma salvo. O site e os nossos e-mails para você passam a usá-lo.");
    expect(callsTo("PUT /api/auth/locale")).toHaveLength(1);
    expect(sentJson(callsTo("PUT /api/auth/locale")[0])).toEqual({ locale: "pt-BR" });
    expect(screen.getByRole("heading", { level: 2, name: "Idioma" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Senha" })).toBeTruthy();
    expect(within(section).getByText("O idioma deste site e dos e-mails que enviamos a você.")).toBeTruthy();
    expect(document.documentElement.lang).toBe("pt-BR");
    expect(localStorage.getItem("locale")).toBe("pt-BR");
    expect(radio(section, "Português (Brasil)").checked).toBe(true);
    expect(document.activeElement).toBe(radio(section, "Português (Brasil)"));
  });

  it("speaks Portuguese: the account's Portuguese is checked, and choosing English saves it", async () => {
    const { callsTo } = api("pt-BR", { "PUT /api/auth/locale": json(200, { locale: "en" }) });
    renderSettings("pt-BR");
    const section = await languageSection();
    expect(within(section).getByRole("heading", { name: "Idioma" })).toBeTruthy();
    expect(within(section).getByText("O idioma deste site e dos e-mails que enviamos a você.")).toBeTruthy();
    expect(within(section).getByRole("group", { name: "Idioma da sua conta" })).toBeTruthy();
    expect(radio(section, "Português (Brasil)").checked).toBe(true);
    fireEvent.click(radio(section, "English"));
    expect(await within(section).findByRole("status")).toHaveProperty("textContent", "Language saved. The site and our e-mails to you now use it.");
    expect(sentJson(callsTo("PUT /api/auth/locale")[0])).toEqual({ locale: "en" });
    expect(screen.getByRole("heading", { level: 2, name: "Language" })).toBeTruthy();
    expect(radio(section, "English").checked).toBe(true);
  });

  it("says so when the save fails, shows the account's language again, and a second choice retries", async () => {
    let failing = true;
    const { callsTo } = api("en", {
      "PUT /api/auth/locale": () => (failing ? apiError(500, "internal", "Internal error") : json(200, { locale: "pt-BR" })),
    });
    renderSettings("en");
    const section = await languageSection();
    fireEvent.click(radio(section, "Português (Brasil)"));
    // The page is in the language chosen (as with the header's switch); the account is not.
    expect(await within(section).findByRole("alert")).toHaveProperty("textContent", "Não foi possível salvar o idioma na sua conta. Tente novamente.");
    expect(document.documentElement.lang).toBe("pt-BR");
    expect(radio(section, "English").checked).toBe(true);
    expect(within(section).queryByRole("status")).toBeNull();

    failing = false;
    fireEvent.click(radio(section, "Português (Brasil)"));
    expect(await within(section).findByRole("status")).toHaveProperty("textContent", "Idioma salvo. O site e os nossos e-mails para você passam a usá-lo.");
    expect(within(section).queryByRole("alert")).toBeNull();
    expect(callsTo("PUT /api/auth/locale")).toHaveLength(2);
    expect(radio(section, "Português (Brasil)").checked).toBe(true);
  });

  it("the same failure in English when the page was in Portuguese", async () => {
    api("pt-BR", { "PUT /api/auth/locale": apiError(500, "internal", "Internal error") });
    renderSettings("pt-BR");
    const section = await languageSection();
    fireEvent.click(radio(section, "English"));
    expect(await within(section).findByRole("alert")).toHaveProperty("textContent", "Your language could not be saved to your account. Please try again.");
    expect(radio(section, "Português (Brasil)").checked).toBe(true);
  });
});

describe("signing in", () => {
  function renderLogin(locale: Locale) {
    const root = createTestRoot();
    const tree = root.addChildren([mountFileRoute(LoginRoute, "/social/login", root), stubRoute(root, "/social/profile/$userId")]);
    return renderApp(tree, "/social/login", { locale });
  }
  const signIn = async (user: ReturnType<typeof sessionUser>, locale: Locale) => {
    mockApi({ "POST /api/auth/login": json(200, { user }) });
    const view = renderLogin(locale);
    await screen.findByRole("heading", { level: 1 });
    fireEvent.change(screen.getByLabelText(locale === "en" ? "Email" : "E-mail"), { target: { value: "fan@example.com" } });
    fireEvent.change(screen.getByLabelText(locale === "en" ? "Password" : "Senha"), { target: { value: "secret1" } });
    fireEvent.click(screen.getByRole("button", { name: locale === "en" ? "Sign In" : "Entrar" }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe(`/social/profile/${user.id}`));
    return view;
  };

  it("switches the page to the account's language (Portuguese)", async () => {
    await signIn(sessionUser({ locale: "pt-BR" }), "en");
    await waitFor(() => expect(document.documentElement.lang).toBe("pt-BR"));
    expect(localStorage.getItem("locale")).toBe("pt-BR");
  });

  it("switches the page to the account's language (English)", async () => {
    await signIn(sessionUser({ locale: "en" }), "pt-BR");
    await waitFor(() => expect(document.documentElement.lang).toBe("en"));
    expect(localStorage.getItem("locale")).toBe("en");
  });

  it("keeps the page's language when the account's is the same, or when the answer carries none", async () => {
    await signIn(sessionUser({ locale: "pt-BR" }), "pt-BR");
    expect(document.documentElement.lang).toBe("pt-BR");
    cleanup();
    await signIn(sessionUser(), "pt-BR");
    expect(document.documentElement.lang).toBe("pt-BR");
  });
});
