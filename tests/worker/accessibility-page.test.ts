// /accessibility as the Worker renders it, in both languages: the standard aimed at, the known
// limitations, the day it was last reviewed, and a contact that reaches the admins (the contact
// form, whose topic the page's script sends, and the support address); the footer links it on
// every page. And /privacy names every cookie the site sets.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BOOKMARK_COOKIE } from "../../worker/middleware/d1-session";
import { SESSION_COOKIE } from "../../worker/services/session";
import { STORE_BUYER_COOKIE } from "../../worker/contracts/store/checkout";
import { LOCALE_COOKIE } from "../../worker/contracts/locale";
import { page, rootOf, textOf } from "./pages-fixtures";

const SUPPORT_EMAIL = (env as unknown as { SUPPORT_EMAIL: string }).SUPPORT_EMAIL;

const CASES = {
  en: {
    h1: "Accessibility Statement",
    standard: "We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA",
    status: "The site is partially conformant with WCAG 2.2 level AA",
    reviewed: "Last reviewed: November 28, 2026",
    gap: "Captions on videos: TV videos show captions when they have them, but a new TV video cannot yet be given captions from the back office",
    contact: "tell us with the form below: it goes to the site's administrators, marked as an accessibility report.",
    form: "Send Us a Message",
    footer: "Accessibility",
    noTracking: "None of these cookies is used for tracking, analytics or advertising",
  },
  "pt-BR": {
    h1: "Declaração de Acessibilidade",
    standard: "Nosso objetivo é atender às Diretrizes de Acessibilidade para Conteúdo Web (WCAG) 2.2 no nível AA",
    status: "O site está parcialmente em conformidade com as WCAG 2.2 nível AA",
    reviewed: "Última revisão: 28 de novembro de 2026",
    gap: "Legendas nos vídeos: os vídeos da TV mostram legendas quando as têm, mas ainda não é possível adicionar legendas a um vídeo novo da TV pelo painel administrativo",
    contact: "conte para nós pelo formulário abaixo: ele chega aos administradores do site, marcado como um relato de acessibilidade.",
    form: "Envie uma mensagem",
    footer: "Acessibilidade",
    noTracking: "Nenhum desses cookies é usado para rastreamento, estatísticas ou publicidade",
  },
} as const;

describe.each(["en", "pt-BR"] as const)("/accessibility in %s", (locale) => {
  const want = CASES[locale];

  it("is rendered by the Worker with the standard, the status, the limitations, the review date and the contact", async () => {
    const res = await page("/accessibility", { headers: { "accept-language": locale } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-language")).toBe(locale);
    const root = rootOf(await res.text());
    const text = textOf(root);
    expect(textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(root)?.[1] ?? "")).toBe(want.h1);
    for (const part of [want.standard, want.status, want.reviewed, want.gap, want.contact]) expect(text).toContain(part);
    expect(root).toContain('<time dateTime="2026-11-28">');
    // The contact: the support address and the form, in the page's HTML before any script runs.
    expect(root).toContain(`href="mailto:${SUPPORT_EMAIL}"`);
    expect(root).toMatch(/<form[^>]*aria-labelledby="contact-form-heading"/);
    expect(textOf(/<h3 id="contact-form-heading">([\s\S]*?)<\/h3>/.exec(root)?.[1] ?? "")).toBe(want.form);
    // Someone reporting a problem is not signed up for the news unless they tick the box.
    expect(root).not.toMatch(/<input[^>]*name="subscribe"[^>]*checked/);
  });

  it("is linked from the footer of another page", async () => {
    const root = rootOf(await (await page("/terms", { headers: { "accept-language": locale } })).text());
    const footer = root.slice(root.indexOf('<footer class="site-footer"'));
    expect(footer).toMatch(new RegExp(`<a[^>]*href="/accessibility"[^>]*>${want.footer}</a>`));
  });

  it("/privacy names every cookie the site sets and says none is for tracking", async () => {
    const text = textOf(rootOf(await (await page("/privacy", { headers: { "accept-language": locale } })).text()));
    for (const name of [SESSION_COOKIE, LOCALE_COOKIE, BOOKMARK_COOKIE, STORE_BUYER_COOKIE]) expect(text).toContain(`${name} (`);
    expect(text).toContain(want.noTracking);
  });
});
