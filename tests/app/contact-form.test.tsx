// The landing page's contact section with its form (docs/features.md#events-virtual-meets-and-the-contact-form), rendered
// with the app's providers against a fake /api: states, texts in both languages, field errors from
// the server, and the honeypot people never see.
import { createRoute, type AnyRoute } from "@tanstack/react-router";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ContactForm } from "../../app/features/contact/ContactForm";
import { ContactSection } from "../../app/features/landing/ContactSection";
import type { Locale } from "../../app/i18n/locale";
import { CONTACT_HONEYPOT_FIELD, CONTACT_LIMITS, CONTACT_MESSAGES } from "../../worker/contracts/contact";
import { RATE_LIMIT_MESSAGE } from "../../worker/contracts/limits";
import { TEXT_MESSAGES } from "../../worker/contracts/text";
import { apiError, createTestRoot, json, mockApi, renderApp, sentJson, stubRoute, type ApiRoutes } from "./accounts-harness";
import { consentText } from "../../worker/services/mail/newsletter";
import { configRoute, SITE_CONFIG } from "./fixtures/config";

const SENT = "Message sent successfully! We'll get back to you soon.";
const SENT_SUBSCRIBED = "Message sent successfully! We'll get back to you soon. A confirmation e-mail is on its way: open its link to start getting our news.";
const FAILED = "Failed to send message. Please try again.";

/** The section as the landing page composes it: the contact feature's form in its place. */
const ContactPage = () => <ContactSection form={<ContactForm />} />;

const root = createTestRoot();
const routeTree = root.addChildren([
  createRoute({ getParentRoute: () => root, path: "/", component: ContactPage }) as unknown as AnyRoute,
  stubRoute(root, "/terms"),
  stubRoute(root, "/privacy"),
]);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderContact(routes: ApiRoutes = {}, locale: Locale = "en") {
  const api = mockApi({ ...configRoute(), ...routes });
  const view = renderApp(routeTree, "/", { locale });
  await screen.findByRole("heading", { name: locale === "en" ? "Send Us a Message" : "Envie uma mensagem" });
  return { ...view, api };
}

const form = () => screen.getByRole("form", { name: "Send Us a Message" }) as HTMLFormElement;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submitButton = () => within(form()).getByRole("button") as HTMLButtonElement;

function fill({ name = "Ana Souza", email = "ana@example.com", subject = "Booking", message = "Hello!\nAny shows soon?" } = {}) {
  type("Name", name);
  type("Email", email);
  type("Subject", subject);
  type("Message", message);
}

/** The error text a control points at through aria-describedby, or null when it is not marked invalid. */
function errorOf(label: string): string | null {
  const input = field(label);
  if (input.getAttribute("aria-invalid") !== "true") return null;
  const ids = input.getAttribute("aria-describedby")?.split(" ") ?? [];
  return (
    ids
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" ")
      .trim() || null
  );
}

/** A POST /api/contact that waits until the test answers it. */
function heldAnswer() {
  let answer: (res: Response) => void = () => {};
  const handler = () => new Promise<Response>((resolve) => (answer = resolve));
  return { handler, answer: (res: Response) => act(() => answer(res)) };
}

describe("contact section", () => {
  it("keeps the e-mail and 'Global' cards and the footer lines around the form", async () => {
    await renderContact();
    // The e-mail card and the support line both link the configured address.
    expect((await screen.findAllByRole("link", { name: "support@example.test" })).map((a) => a.getAttribute("href"))).toEqual([
      "mailto:support@example.test",
      "mailto:support@example.test",
    ]);
    expect(screen.getByText("Global")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Terms of Service" }).getAttribute("href")).toBe("/terms");
    expect(screen.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe("/privacy");
  });

  it("labels every field, marks them required, caps their length, and ticks subscribe by default, labelled with the stored consent", async () => {
    await renderContact();
    expect(field("Name")).toMatchObject({ required: true, maxLength: CONTACT_LIMITS.name, type: "text" });
    expect(field("Email")).toMatchObject({ required: true, maxLength: CONTACT_LIMITS.email, type: "email" });
    expect(field("Subject")).toMatchObject({ required: true, maxLength: CONTACT_LIMITS.subject });
    const message = field("Message") as unknown as HTMLTextAreaElement;
    expect(message.tagName).toBe("TEXTAREA");
    expect(message.getAttribute("rows")).toBe("6");
    expect(message.required).toBe(true);
    expect(message.maxLength).toBe(CONTACT_LIMITS.message);
    // The label is the very sentence the Worker stores with the consent (source contact_form).
    const subscribe = (await screen.findByRole("checkbox", { name: consentText("en", "contact_form", SITE_CONFIG.brandName) })) as HTMLInputElement;
    expect(subscribe.labels?.[0]?.textContent).toBe(
      `Keep me posted: send me ${SITE_CONFIG.brandName} news by e-mail. A confirmation e-mail follows; I can unsubscribe at any time.`,
    );
    expect(subscribe.checked).toBe(true);
    expect(submitButton().textContent).toBe("Send Message");
    expect(submitButton().type).toBe("submit");
  });

  it("flags empty fields and a malformed address next to them and sends nothing", async () => {
    const { api } = await renderContact();
    fireEvent.submit(form());
    expect(errorOf("Name")).toBe("Name is required");
    expect(errorOf("Email")).toBe("Email is required");
    expect(errorOf("Subject")).toBe("Subject is required");
    expect(errorOf("Message")).toBe("Message is required");
    await waitFor(() => expect(document.activeElement).toBe(field("Name")));
    fill({ email: "not-an-email" });
    fireEvent.submit(form());
    expect(errorOf("Email")).toBe("Please enter a valid email address");
    expect(errorOf("Name")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(field("Email")));
    expect(api.callsTo("POST /api/contact")).toHaveLength(0);
  });
});

describe("sending", () => {
  it("shows 'Sending...' on a disabled button, then the success text, and resets the form with subscribe ticked", async () => {
    const held = heldAnswer();
    const { api } = await renderContact({ "POST /api/contact": held.handler });
    fill({ name: "  Ana Souza ", email: " ana@example.com " });
    fireEvent.click(screen.getByRole("checkbox"));
    fireEvent.click(submitButton());

    await waitFor(() => expect(submitButton().textContent).toBe("Sending..."));
    expect(submitButton().disabled).toBe(true);
    // A second press while sending sends nothing more.
    fireEvent.submit(form());
    expect(api.callsTo("POST /api/contact")).toHaveLength(1);
    expect(sentJson(api.callsTo("POST /api/contact")[0])).toEqual({
      name: "Ana Souza",
      email: "ana@example.com",
      subject: "Booking",
      message: "Hello!\nAny shows soon?",
      subscribe: false,
    });

    await held.answer(json(200, { ok: true }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe(SENT));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(submitButton().textContent).toBe("Send Message");
    expect(submitButton().disabled).toBe(false);
    for (const label of ["Name", "Email", "Subject", "Message"]) expect(field(label).value).toBe("");
    expect((screen.getByRole("checkbox") as HTMLInputElement).checked).toBe(true);
  });

  it("sends subscribe: true when the box stays ticked, and says a confirmation e-mail follows", async () => {
    const { api } = await renderContact({ "POST /api/contact": json(200, { ok: true }) });
    fill();
    fireEvent.click(submitButton());
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe(SENT_SUBSCRIBED));
    expect(sentJson(api.callsTo("POST /api/contact")[0])).toMatchObject({ subscribe: true });
  });

  it("shows the failure text in red (an alert) and keeps what was typed", async () => {
    await renderContact({ "POST /api/contact": apiError(500, "internal", "Something went wrong. Please try again.") });
    fill();
    fireEvent.click(submitButton());
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(FAILED);
    expect(alert.className).toContain("error-banner");
    expect(screen.getByRole("status").textContent).toBe("");
    expect(field("Name").value).toBe("Ana Souza");
    expect(field("Message").value).toBe("Hello!\nAny shows soon?");
    expect(submitButton().disabled).toBe(false);
    expect(submitButton().textContent).toBe("Send Message");
  });

  it("shows the failure text when the network fails", async () => {
    await renderContact({ "POST /api/contact": () => Promise.reject(new TypeError("Failed to fetch")) });
    fill();
    fireEvent.click(submitButton());
    expect((await screen.findByRole("alert")).textContent).toBe(FAILED);
  });

  it("shows the rate-limit text on 429", async () => {
    await renderContact({ "POST /api/contact": apiError(429, "rate_limited", RATE_LIMIT_MESSAGE) });
    fill();
    fireEvent.click(submitButton());
    expect((await screen.findByRole("alert")).textContent).toBe("Too many attempts. Please wait a few minutes and try again.");
  });

  it("clears an earlier error when the next message goes through", async () => {
    let calls = 0;
    await renderContact({ "POST /api/contact": () => (++calls === 1 ? apiError(500, "internal", "x") : json(200, { ok: true })) });
    fill();
    fireEvent.click(submitButton());
    expect((await screen.findByRole("alert")).textContent).toBe(FAILED);
    fireEvent.click(submitButton());
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe(SENT_SUBSCRIBED));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("field errors from the server", () => {
  it.each([
    [
      "subject",
      "contact_subject_too_long",
      CONTACT_MESSAGES.subjectTooLong,
      { max: CONTACT_LIMITS.subject },
      "Subject",
      `Please use at most ${CONTACT_LIMITS.subject} characters`,
    ],
    ["message", "invalid_characters", TEXT_MESSAGES.invalidCharacters, undefined, "Message", "This text contains characters that are not allowed"],
    ["email", "email_invalid", CONTACT_MESSAGES.emailInvalid, undefined, "Email", "Please enter a valid email address"],
    ["name", "name_required", CONTACT_MESSAGES.nameRequired, undefined, "Name", "Name is required"],
    ["name", "some_new_rule", "Some new rule", undefined, "Name", "Please check this field"],
  ])("puts a 400 about %s (%s) next to its field and moves focus there", async (fieldName, code, message, params, label, shown) => {
    await renderContact({ "POST /api/contact": apiError(400, code, message, fieldName, params) });
    fill();
    fireEvent.click(submitButton());
    await waitFor(() => expect(errorOf(label)).toBe(shown));
    for (const other of ["Name", "Email", "Subject", "Message"].filter((l) => l !== label)) expect(errorOf(other)).toBeNull();
    expect((await screen.findByRole("alert")).textContent).toBe(FAILED);
    await waitFor(() => expect(document.activeElement).toBe(field(label)));
    // Nothing typed is lost.
    expect(field("Subject").value).toBe("Booking");
  });
});

describe("the honeypot", () => {
  const honeypot = () => form().querySelector<HTMLInputElement>(`input[name="${CONTACT_HONEYPOT_FIELD}"]`)!;

  it("is out of the tab order, unannounced, not autofilled, and positioned off-screen rather than display:none", async () => {
    await renderContact();
    const input = honeypot();
    expect(input).not.toBeNull();
    expect(input.tabIndex).toBe(-1);
    expect(input.getAttribute("autocomplete")).toBe("off");
    expect(input.closest("[aria-hidden='true']")).not.toBeNull();
    expect(input.closest(".contact-honeypot")).not.toBeNull();
    expect(input.hidden).toBe(false);
    expect(input.type).toBe("text");
    expect(input.closest("[hidden], [style*='display']")).toBeNull();
    // Assistive technology sees exactly the four text fields (the honeypot is not among them).
    const textboxes = within(form()).getAllByRole("textbox");
    expect(textboxes.map((t) => t.getAttribute("name"))).toEqual(["name", "email", "subject", "message"]);
  });

  it("is sent when something filled it, so the Worker can drop the submission", async () => {
    const { api } = await renderContact({ "POST /api/contact": json(200, { ok: true }) });
    fill();
    fireEvent.change(honeypot(), { target: { value: "https://spam.example" } });
    fireEvent.click(submitButton());
    await waitFor(() => expect(api.callsTo("POST /api/contact")).toHaveLength(1));
    expect(sentJson(api.callsTo("POST /api/contact")[0])).toMatchObject({ [CONTACT_HONEYPOT_FIELD]: "https://spam.example" });
  });
});

describe("in Portuguese", () => {
  it("shows the labels, button, states and errors in pt-BR", async () => {
    const held = heldAnswer();
    await renderContact({ "POST /api/contact": held.handler }, "pt-BR");
    const ptForm = screen.getByRole("form", { name: "Envie uma mensagem" });
    for (const label of ["Nome", "E-mail", "Assunto", "Mensagem"]) expect(screen.getByLabelText(label)).toBeTruthy();
    const consent = "Quero receber novidades do Neon Test Brand por e-mail. Um e-mail de confirmação será enviado; posso cancelar quando quiser.";
    expect(consent).toBe(consentText("pt-BR", "contact_form", SITE_CONFIG.brandName));
    expect(((await screen.findByRole("checkbox", { name: consent })) as HTMLInputElement).checked).toBe(true);
    const button = within(ptForm).getByRole("button") as HTMLButtonElement;
    expect(button.textContent).toBe("Enviar mensagem");

    fireEvent.submit(ptForm);
    expect(screen.getByText("O nome é obrigatório")).toBeTruthy();
    expect(screen.getByText("A mensagem é obrigatória")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Nome"), { target: { value: "Ana" } });
    fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "ana@example.com" } });
    fireEvent.change(screen.getByLabelText("Assunto"), { target: { value: "Shows" } });
    fireEvent.change(screen.getByLabelText("Mensagem"), { target: { value: "Olá!" } });
    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe("Enviando..."));
    await held.answer(json(200, { ok: true }));
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe(
        "Mensagem enviada com sucesso! Responderemos em breve. Um e-mail de confirmação está a caminho: abra o link dele para começar a receber nossas novidades.",
      ),
    );
  });

  it.each([
    [apiError(500, "internal", "x"), "Falha ao enviar a mensagem. Tente novamente."],
    [apiError(429, "rate_limited", RATE_LIMIT_MESSAGE), "Muitas tentativas. Aguarde alguns minutos e tente novamente."],
  ])("shows the failure in pt-BR (%#)", async (answer, text) => {
    await renderContact({ "POST /api/contact": answer }, "pt-BR");
    fireEvent.change(screen.getByLabelText("Nome"), { target: { value: "Ana" } });
    fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "ana@example.com" } });
    fireEvent.change(screen.getByLabelText("Assunto"), { target: { value: "Shows" } });
    fireEvent.change(screen.getByLabelText("Mensagem"), { target: { value: "Olá!" } });
    fireEvent.click(within(screen.getByRole("form", { name: "Envie uma mensagem" })).getByRole("button"));
    expect((await screen.findByRole("alert")).textContent).toBe(text);
  });
});
