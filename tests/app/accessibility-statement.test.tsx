// The accessibility statement's contact form: the landing page's form, sending the accessibility
// topic and starting with "Keep me posted" unticked, in both languages; the footer links the page.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Footer } from "../../app/components/layout/Footer";
import type { Locale } from "../../app/i18n/locale";
import { Route as AccessibilityRoute } from "../../app/routes/accessibility";
import { createRoute, type AnyRoute } from "@tanstack/react-router";
import { createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson, stubRoute } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

afterEach(cleanup);

const TEXTS = {
  en: {
    form: "Send Us a Message",
    name: "Name",
    email: "Email",
    subject: "Subject",
    message: "Message",
    sent: "Message sent successfully! We'll get back to you soon.",
  },
  "pt-BR": {
    form: "Envie uma mensagem",
    name: "Nome",
    email: "E-mail",
    subject: "Assunto",
    message: "Mensagem",
    sent: "Mensagem enviada com sucesso! Responderemos em breve.",
  },
} as const;

function renderStatement(locale: Locale) {
  const api = mockApi({ ...configRoute(), "POST /api/contact": json(200, { ok: true }) });
  const root = createTestRoot();
  renderApp(
    root.addChildren([mountFileRoute(AccessibilityRoute, "/accessibility", root), stubRoute(root, "/privacy"), stubRoute(root, "/terms")]),
    "/accessibility",
    {
      locale,
    },
  );
  return api;
}

describe.each(["en", "pt-BR"] as const)("the statement's contact form in %s", (locale) => {
  const text = TEXTS[locale];

  it("sends the accessibility topic, with no news subscription unless asked, and starts over the same way", async () => {
    const api = renderStatement(locale);
    const form = await screen.findByRole("form", { name: text.form });
    const checkbox = within(form).getByRole("checkbox") as HTMLInputElement;
    expect(checkbox.checked).toBe(false);
    fireEvent.change(within(form).getByLabelText(text.name), { target: { value: "Rita Lopes" } });
    fireEvent.change(within(form).getByLabelText(text.email), { target: { value: "rita@example.com" } });
    fireEvent.change(within(form).getByLabelText(text.subject), { target: { value: "Volume slider" } });
    fireEvent.change(within(form).getByLabelText(text.message), { target: { value: "It has no name." } });
    fireEvent.submit(form);
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe(text.sent));
    expect(api.callsTo("POST /api/contact").map(sentJson)).toEqual([
      { name: "Rita Lopes", email: "rita@example.com", subject: "Volume slider", message: "It has no name.", subscribe: false, topic: "accessibility" },
    ]);
    expect(checkbox.checked).toBe(false);
  });
});

describe("the footer", () => {
  it.each([
    ["en", "Accessibility"],
    ["pt-BR", "Acessibilidade"],
  ] as const)("links the statement in %s", async (locale, name) => {
    mockApi(configRoute());
    const root = createTestRoot();
    renderApp(
      root.addChildren([
        createRoute({ getParentRoute: () => root, path: "/", component: () => <Footer /> }) as unknown as AnyRoute,
        stubRoute(root, "/accessibility"),
      ]),
      "/",
      { locale },
    );
    expect((await screen.findByRole("link", { name })).getAttribute("href")).toBe("/accessibility");
  });
});
