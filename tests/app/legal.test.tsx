// The legal pages (/privacy, /terms, /copyright) and the accessibility statement: their sections in both languages, the minimum
// age, the one configured VIP price formatted per locale (never R$), the refund window and the
// notice of price changes, the fixed "Last updated" date, the contact addresses from the
// settings, the contents, and the feature catalog that holds the texts.
import {
  isArgumentElement,
  isNumberElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  parse,
  type MessageFormatElement,
} from "@formatjs/icu-messageformat-parser";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import en from "../../app/features/legal/messages?english";
import ptBR from "../../app/features/legal/messages.pt-BR.json";
import { LAST_REVIEWED as ACCESSIBILITY_REVIEWED } from "../../app/features/legal/AccessibilityPage";
import { LAST_UPDATED as COPYRIGHT_UPDATED } from "../../app/features/legal/CopyrightPage";
import { LAST_UPDATED as PRIVACY_UPDATED } from "../../app/features/legal/PrivacyPage";
import { LAST_UPDATED as TERMS_UPDATED } from "../../app/features/legal/TermsPage";
import siteEn from "../../app/i18n/en?english";
import sitePtBR from "../../app/i18n/pt-BR.json";
import type { Locale } from "../../app/i18n/locale";
import { Route as AccessibilityRoute } from "../../app/routes/accessibility";
import { Route as CopyrightRoute } from "../../app/routes/copyright";
import { Route as PrivacyRoute } from "../../app/routes/privacy";
import { Route as TermsRoute } from "../../app/routes/terms";
import type { PublicConfig } from "../../worker/contracts/config";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, stubRoute } from "./accounts-harness";
import { configRoute, siteConfig } from "./fixtures/config";

// Addresses of their own, so each link is shown to come from the right field.
const CONFIG = siteConfig({ supportEmail: "help@neon-test.example", adminEmail: "admin@neon-test.example", infoEmail: "hello@neon-test.example" });

type Page = "/privacy" | "/terms" | "/copyright" | "/accessibility";

function renderLegal(url: Page, { locale = "en" as Locale, config = CONFIG as PublicConfig | Response } = {}) {
  const api = mockApi(config instanceof Response ? { "GET /api/config": config } : configRoute(config));
  const root = createTestRoot();
  const tree = root.addChildren([
    mountFileRoute(PrivacyRoute, "/privacy", root),
    mountFileRoute(TermsRoute, "/terms", root),
    mountFileRoute(CopyrightRoute, "/copyright", root),
    mountFileRoute(AccessibilityRoute, "/accessibility", root),
    stubRoute(root, "/vip-signup"),
  ]);
  return { ...renderApp(tree, url, { locale }), api };
}

/** Text with the no-break spaces Intl puts in "US$ 9,99" as plain spaces. */
const norm = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();
const pageText = () => norm(document.body.textContent);
const h2s = () => screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
/** The section an h2 heads, found by its exact heading. */
const section = (heading: string) => screen.getByRole("heading", { level: 2, name: heading }).closest("section")!;

/** Waits for the texts (they wait for the settings). */
async function ready(title: string, firstHeading: string) {
  await screen.findByRole("heading", { level: 1, name: title });
  await screen.findByRole("heading", { level: 2, name: firstHeading });
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

// The required sections (docs/features.md#events-virtual-meets-and-the-contact-form, Legal pages) and the others a real policy needs, in order -----------

const HEADINGS: Record<Page, Record<Locale, { title: string; sections: string[] }>> = {
  "/privacy": {
    en: {
      title: "Privacy Policy",
      sections: [
        "Introduction",
        "Information We Collect",
        "Cookies and Analytics",
        "How We Use Information",
        "Service Providers",
        "How Long We Keep Data",
        "Security",
        "Your Rights",
        "Children",
        "Changes to This Policy",
        "Contact",
      ],
    },
    "pt-BR": {
      title: "Política de Privacidade",
      sections: [
        "Introdução",
        "Informações que coletamos",
        "Cookies e estatísticas",
        "Como usamos as informações",
        "Prestadores de serviço",
        "Por quanto tempo guardamos os dados",
        "Segurança",
        "Seus direitos",
        "Crianças e adolescentes",
        "Alterações desta política",
        "Contato",
      ],
    },
  },
  "/terms": {
    en: {
      title: "Terms of Service",
      sections: [
        "Introduction",
        "Your Account",
        "VIP Membership",
        "Payment",
        "Prohibited Conduct",
        "Content You Post",
        "Moderation and Bans",
        "Intellectual Property",
        "Disclaimers and Liability",
        "Changes to These Terms",
        "Disputes",
        "Contact",
      ],
    },
    "pt-BR": {
      title: "Termos de Serviço",
      sections: [
        "Introdução",
        "Sua conta",
        "Assinatura VIP",
        "Pagamento",
        "Condutas proibidas",
        "Conteúdo que você publica",
        "Moderação e banimentos",
        "Propriedade intelectual",
        "Isenções e responsabilidade",
        "Alterações destes termos",
        "Conflitos",
        "Contato",
      ],
    },
  },
  "/copyright": {
    en: { title: "Copyright Notice", sections: ["Content Copyright", "Code Ownership", "Usage Rights", "Reporting Infringement", "Contact"] },
    "pt-BR": {
      title: "Aviso de Direitos Autorais",
      sections: ["Direitos autorais do conteúdo", "Propriedade do código", "Direitos de uso", "Denúncia de violação", "Contato"],
    },
  },
  "/accessibility": {
    en: {
      title: "Accessibility Statement",
      sections: [
        "Our Commitment",
        "Conformance Status",
        "What the Site Does",
        "How We Check",
        "Known Limitations",
        "Feedback and Contact",
        "About This Statement",
      ],
    },
    "pt-BR": {
      title: "Declaração de Acessibilidade",
      sections: [
        "Nosso compromisso",
        "Situação de conformidade",
        "O que o site oferece",
        "Como verificamos",
        "Limitações conhecidas",
        "Contato e sugestões",
        "Sobre esta declaração",
      ],
    },
  },
};
const PAGES = Object.keys(HEADINGS) as Page[];

describe("legal pages: sections", () => {
  for (const page of PAGES) {
    for (const locale of ["en", "pt-BR"] as const) {
      it(`${page} in ${locale} has its title and exactly its sections`, async () => {
        const { title, sections } = HEADINGS[page][locale];
        renderLegal(page, { locale });
        await ready(title, sections[0]!);
        expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual([title]);
        expect(h2s()).toEqual(sections);
        // Each section has text under its heading, and no message id leaked through.
        for (const heading of sections) expect(norm(section(heading).textContent).length).toBeGreaterThan(heading.length + 20);
        expect(pageText()).not.toMatch(/legal\.\w+\./);
      });
    }
  }
});

describe("terms: account, VIP membership and payment", () => {
  it("states the minimum age of 13, in both languages", async () => {
    renderLegal("/terms");
    await ready("Terms of Service", "Introduction");
    expect(norm(section("Your Account").textContent)).toContain("You must be at least 13 years old to create an account.");
    cleanup();

    renderLegal("/terms", { locale: "pt-BR" });
    await ready("Termos de Serviço", "Introdução");
    expect(norm(section("Sua conta").textContent)).toContain("Você precisa ter pelo menos 13 anos para criar uma conta.");
  });

  it("shows the configured VIP price formatted for English, and no R$", async () => {
    renderLegal("/terms");
    await ready("Terms of Service", "Introduction");
    const vip = section("VIP Membership");
    expect([...vip.querySelectorAll("strong")].map((b) => norm(b.textContent))).toContain("$9.99 per month");
    expect(norm(section("Payment").textContent)).toContain("your card is charged $9.99 at the start of each period until you cancel");
    expect(pageText()).not.toContain("R$");
    expect(pageText()).not.toContain("19.99");
  });

  it("shows the configured VIP price formatted for Brazilian Portuguese (US$ 9,99), and no R$", async () => {
    renderLegal("/terms", { locale: "pt-BR" });
    await ready("Termos de Serviço", "Introdução");
    const vip = section("Assinatura VIP");
    expect([...vip.querySelectorAll("strong")].map((b) => norm(b.textContent))).toContain("US$ 9,99 por mês");
    expect(norm(section("Pagamento").textContent)).toContain("e US$ 9,99 é cobrado no seu cartão no início de cada período");
    expect(pageText()).not.toContain("R$");
    expect(pageText()).not.toMatch(/99,90|49,90/);
  });

  it("takes the price from the settings, never from the text", async () => {
    renderLegal("/terms", { config: { ...CONFIG, vipPrice: { amountCents: 1250, currency: "EUR" } } });
    await ready("Terms of Service", "Introduction");
    expect(norm(section("VIP Membership").textContent)).toContain("€12.50 per month");
    expect(pageText()).not.toContain("9.99");
    cleanup();

    renderLegal("/terms", { locale: "pt-BR", config: { ...CONFIG, vipPrice: { amountCents: 1250, currency: "EUR" } } });
    await ready("Termos de Serviço", "Introdução");
    expect(norm(section("Assinatura VIP").textContent)).toContain("€ 12,50 por mês");
  });

  it("states monthly auto-renewal, card payments through the provider, the 14-day refund and 30 days' notice", async () => {
    renderLegal("/terms");
    await ready("Terms of Service", "Introduction");
    const payment = norm(section("Payment").textContent);
    expect(payment).toContain("Monthly auto-renewal: your membership renews automatically every month");
    expect(payment).toContain("Card payments: you pay by card through our payment provider, Stripe.");
    expect(payment).toContain("14-day refund: if you are not happy, ask for a refund within 14 days of a charge");
    expect(payment).toContain("Price changes: we will tell you at least 30 days before any price change takes effect.");
    expect(norm(section("VIP Membership").textContent)).toContain(
      "You can cancel at any time from the VIP membership panel on your profile. The cancellation takes effect at the end of the period you have already paid for",
    );
    cleanup();

    renderLegal("/terms", { locale: "pt-BR" });
    await ready("Termos de Serviço", "Introdução");
    const pagamento = norm(section("Pagamento").textContent);
    expect(pagamento).toContain("Renovação automática mensal: a assinatura é renovada automaticamente todo mês");
    expect(pagamento).toContain("Pagamento com cartão: você paga com cartão pelo nosso provedor de pagamentos, a Stripe.");
    expect(pagamento).toContain("Reembolso em 14 dias: se não ficar satisfeito, peça o reembolso em até 14 dias após uma cobrança");
    expect(pagamento).toContain("Mudanças de preço: avisaremos qualquer mudança de preço com pelo menos 30 dias de antecedência.");
  });

  it("links the VIP page, the Privacy Policy and the Copyright Notice", async () => {
    renderLegal("/terms");
    await ready("Terms of Service", "Introduction");
    expect(within(section("VIP Membership")).getByRole("link", { name: "VIP page" }).getAttribute("href")).toBe("/vip-signup");
    expect(within(section("Introduction")).getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe("/privacy");
    expect(within(section("Introduction")).getByRole("link", { name: "Copyright Notice" }).getAttribute("href")).toBe("/copyright");
  });
});

describe("privacy: what is collected", () => {
  it("describes the cookieless analytics, each cookie the site sets, the processors and 13+", async () => {
    renderLegal("/privacy");
    await ready("Privacy Policy", "Introduction");
    expect(norm(section("Introduction").textContent)).toContain("Neon Test Brand is the official fan community of the artist");
    const cookies = norm(section("Cookies and Analytics").textContent);
    expect(cookies).toContain("The site sets only the cookies it needs to work, which is why there is no cookie banner:");
    // Each cookie by name, with what it is for and how long it lasts.
    expect(
      within(section("Cookies and Analytics"))
        .getAllByRole("listitem")
        .slice(0, 4)
        .map((li) => norm(li.textContent).split(":")[0]),
    ).toEqual(["__Host-sid (session)", "locale (language)", "__Host-d1b (database position)", "__Host-store_buyer (checkout)"]);
    expect(cookies).toContain("It lasts as long as your session (12 to 48 hours, as the site's administrators set it; 24 unless they change it)");
    expect(cookies).toContain("It holds only “en” or “pt-BR” and lasts a year.");
    expect(cookies).toContain("not an identifier, and lasts 5 minutes.");
    expect(cookies).toContain("It holds a random identifier, is Secure and HttpOnly, and lasts 7 days.");
    expect(cookies).toContain("None of these cookies is used for tracking, analytics or advertising, and none is shared with anyone.");
    expect(cookies).toContain("Your IP address is never stored, no cookie or identifier is saved in your browser");
    expect(cookies).toContain("Global Privacy Control (GPC)");
    expect(cookies).toContain("Raw visit events are deleted after 90 days");
    expect(cookies).toContain("Visits by bots and crawlers are not counted.");
    const processors = norm(section("Service Providers").textContent);
    for (const name of ["Cloudflare hosts the site", "Stripe processes VIP payments", "Our e-mail provider delivers"]) expect(processors).toContain(name);
    expect(norm(section("Information We Collect").textContent)).toContain("we never see or store your card number");
    expect(norm(section("Children").textContent)).toContain("You must be at least 13 years old to create an account.");
    expect(norm(section("Your Rights").textContent)).toContain("Brazil's General Data Protection Law (LGPD, Law 13.709/2018)");
    expect(pageText()).not.toContain("R$");
  });

  it("says the same in Portuguese", async () => {
    renderLegal("/privacy", { locale: "pt-BR" });
    await ready("Política de Privacidade", "Introdução");
    const cookies = norm(section("Cookies e estatísticas").textContent);
    expect(cookies).toContain("O site usa apenas os cookies de que precisa para funcionar, e por isso não há banner de cookies:");
    expect(cookies).toContain("__Host-sid (sessão): mantém você conectado.");
    expect(cookies).toContain("locale (idioma): lembra o idioma que você escolheu");
    expect(cookies).toContain("__Host-d1b (posição no banco de dados)");
    expect(cookies).toContain("__Host-store_buyer (checkout)");
    expect(cookies).toContain("Nenhum desses cookies é usado para rastreamento, estatísticas ou publicidade");
    expect(cookies).toContain("Seu IP nunca é armazenado");
    expect(cookies).toContain("Os registros brutos de visitas são apagados após 90 dias");
    expect(norm(section("Crianças e adolescentes").textContent)).toContain("É preciso ter pelo menos 13 anos para criar uma conta.");
    expect(norm(section("Seus direitos").textContent)).toContain("Lei Geral de Proteção de Dados (LGPD, Lei nº 13.709/2018)");
  });
});

describe("privacy: the member's own controls", () => {
  it("names devices, suspensions and the export, and sends the reader to Settings to export or delete", async () => {
    renderLegal("/privacy");
    await ready("Privacy Policy", "Introduction");
    const collected = norm(section("Information We Collect").textContent);
    expect(collected).toContain("Devices: for each place you are signed in, the browser and operating system");
    expect(collected).toContain("if an administrator suspends your account, the reason and the end date");
    const rights = section("Your Rights");
    expect(norm(rights.textContent)).toContain("Download my data prepares a zip file with everything we hold about you");
    expect(
      within(rights)
        .getAllByRole("link", { name: "Settings" })
        .map((a) => a.getAttribute("href")),
    ).toEqual(["/settings", "/settings"]);
    expect(norm(section("How Long We Keep Data").textContent)).toContain("the download link works for 24 hours");
  });

  it("says so in Portuguese", async () => {
    renderLegal("/privacy", { locale: "pt-BR" });
    await ready("Política de Privacidade", "Introdução");
    const rights = section("Seus direitos");
    expect(norm(rights.textContent)).toContain("Baixar meus dados prepara um arquivo zip com tudo o que guardamos sobre você");
    expect(within(rights).getAllByRole("link", { name: "Configurações" })[0]?.getAttribute("href")).toBe("/settings");
  });
});

describe("'Last updated'", () => {
  const EXPECTED: Record<string, Record<Locale, string>> = {
    "2026-11-21": { en: "Last updated: November 21, 2026", "pt-BR": "Última atualização: 21 de novembro de 2026" },
    "2026-11-27": { en: "Last updated: November 27, 2026", "pt-BR": "Última atualização: 27 de novembro de 2026" },
    "2026-11-28 reviewed": { en: "Last reviewed: November 28, 2026", "pt-BR": "Última revisão: 28 de novembro de 2026" },
  };
  const UPDATED = { "/privacy": "2026-11-27", "/terms": "2026-11-21", "/copyright": "2026-11-21", "/accessibility": "2026-11-28" } as const;
  /** The statement's date is the day it was last reviewed, and says so. */
  const shown = (page: Page) => (page === "/accessibility" ? `${UPDATED[page]} reviewed` : UPDATED[page]);

  it("is the date each text last changed", () => {
    expect([PRIVACY_UPDATED, TERMS_UPDATED, COPYRIGHT_UPDATED, ACCESSIBILITY_REVIEWED]).toEqual([
      UPDATED["/privacy"],
      UPDATED["/terms"],
      UPDATED["/copyright"],
      UPDATED["/accessibility"],
    ]);
  });

  for (const locale of ["en", "pt-BR"] as const) {
    it(`shows the text's date in ${locale}, not today's`, async () => {
      // Another day entirely: a page showing new Date() would say March 2031.
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2031-03-05T10:00:00Z"));
      for (const page of PAGES) {
        const { title, sections } = HEADINGS[page][locale];
        renderLegal(page, { locale });
        await ready(title, sections[0]!);
        const intro = document.querySelector(".page-intro");
        expect(norm(intro?.textContent)).toBe(EXPECTED[shown(page)]![locale]);
        expect(intro?.querySelector("time")?.getAttribute("dateTime")).toBe(UPDATED[page]);
        cleanup();
      }
    });
  }
});

describe("contact addresses", () => {
  it("come from the settings on every page", async () => {
    for (const [page, heading] of [
      ["/privacy", "Contact"],
      ["/terms", "Contact"],
      ["/copyright", "Contact"],
      ["/accessibility", "Feedback and Contact"],
    ] as const) {
      renderLegal(page);
      await ready(HEADINGS[page].en.title, HEADINGS[page].en.sections[0]!);
      const link = within(section(heading)).getByRole("link", { name: "help@neon-test.example" });
      expect(link.getAttribute("href")).toBe("mailto:help@neon-test.example");
      cleanup();
    }
  });

  it("sends copyright notices to support and licensing to the info address", async () => {
    renderLegal("/copyright", { locale: "pt-BR" });
    await ready("Aviso de Direitos Autorais", "Direitos autorais do conteúdo");
    const notice = section("Denúncia de violação");
    expect(within(notice).getByRole("link", { name: "help@neon-test.example" }).getAttribute("href")).toBe("mailto:help@neon-test.example");
    expect(within(notice).getAllByRole("listitem")).toHaveLength(5);
    const contact = section("Contato");
    expect(within(contact).getByRole("link", { name: "hello@neon-test.example" }).getAttribute("href")).toBe("mailto:hello@neon-test.example");
  });
});

describe("contents and loading", () => {
  it("long pages list their sections with in-page anchors; the short copyright page has none", async () => {
    renderLegal("/privacy");
    await ready("Privacy Policy", "Introduction");
    const toc = screen.getByRole("navigation", { name: "On this page" });
    const links = within(toc).getAllByRole("link");
    expect(links.map((a) => a.textContent)).toEqual(HEADINGS["/privacy"].en.sections);
    for (const link of links) {
      const target = document.getElementById(link.getAttribute("href")!.replace(/^#/, ""));
      expect(target?.tagName, link.getAttribute("href")!).toBe("H2");
      expect(target?.textContent).toBe(link.textContent);
    }
    expect(links[2]!.getAttribute("href")).toBe("#cookies");
    cleanup();

    renderLegal("/terms", { locale: "pt-BR" });
    await ready("Termos de Serviço", "Introdução");
    expect(within(screen.getByRole("navigation", { name: "Nesta página" })).getAllByRole("link")).toHaveLength(12);
    cleanup();

    renderLegal("/copyright");
    await ready("Copyright Notice", "Content Copyright");
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("says so when the settings cannot be loaded, and tries again", async () => {
    let calls = 0;
    mockApi({
      "GET /api/config": () => (++calls === 1 ? apiError(500, "internal", "Internal error") : json(200, CONFIG)),
    });
    const root = createTestRoot();
    renderApp(root.addChildren([mountFileRoute(PrivacyRoute, "/privacy", root)]), "/privacy");
    await screen.findByRole("heading", { level: 1, name: "Privacy Policy" });
    expect((await screen.findByRole("alert")).textContent).toContain("We couldn't load this page. Please try again.");
    expect(screen.queryAllByRole("heading", { level: 2 })).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByRole("heading", { level: 2, name: "Information We Collect" });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("waits for the settings before showing the texts", async () => {
    let release: (response: Response) => void = () => {};
    mockApi({ "GET /api/config": () => new Promise<Response>((resolve) => (release = resolve)) });
    const root = createTestRoot();
    renderApp(root.addChildren([mountFileRoute(CopyrightRoute, "/copyright", root)]), "/copyright");
    await screen.findByRole("heading", { level: 1, name: "Copyright Notice" });
    expect(screen.getByRole("status").textContent).toBe("Loading...");
    expect(screen.queryAllByRole("heading", { level: 2 })).toHaveLength(0);
    release(json(200, CONFIG));
    await waitFor(() => expect(h2s()).toEqual(HEADINGS["/copyright"].en.sections));
  });
});

// The feature catalog --------------------------------------------------------------------------------

type Catalog = Record<string, string>;
const catalogs: Record<Locale, Catalog> = { en, "pt-BR": ptBR };

/** Arguments and tags of an ICU message, read by the ICU parser. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (isTagElement(el)) {
        names.add(`<${el.value}>`);
        walk(el.children);
      } else if (isPluralElement(el) || isSelectElement(el)) {
        names.add(el.value);
        for (const option of Object.values(el.options)) walk(option.value);
      } else if (isArgumentElement(el) || isNumberElement(el)) names.add(el.value);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

// The legal feature's sources, as text.
const sources = import.meta.glob<string>("../../app/features/legal/*.tsx", { query: "?raw", import: "default", eager: true });

/**
 * A short fingerprint of one page's texts in both languages (FNV-1a), so a change to the words
 * cannot slip in without a new "Last updated" date.
 */
function fingerprint(page: "privacy" | "terms" | "copyright" | "accessibility"): string {
  const text = JSON.stringify((["en", "pt-BR"] as const).map((locale) => Object.entries(catalogs[locale]).filter(([key]) => key.startsWith(`legal.${page}.`))));
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, "0");
}

/**
 * Each page's text as it stood on its LAST_UPDATED day. When this fails, the words changed: set the
 * page's LAST_UPDATED (app/features/legal/<Page>Page.tsx) to the day of the change, and copy both
 * values here.
 */
const DATED_TEXTS = {
  privacy: { lastUpdated: "2026-11-27", fingerprint: "584e3bae" },
  terms: { lastUpdated: "2026-11-21", fingerprint: "c40a1ce4" },
  copyright: { lastUpdated: "2026-11-21", fingerprint: "5f3f83e6" },
  accessibility: { lastUpdated: "2026-11-28", fingerprint: "dd50fcbb" },
};

describe("the legal catalog", () => {
  it("is not in the site catalogs (it ships with the legal pages), which keep the pages' meta", () => {
    for (const site of [siteEn, sitePtBR] as Catalog[]) {
      expect(Object.keys(site).filter((key) => key.startsWith("legal."))).toEqual([]);
      for (const page of ["privacy", "terms", "copyright", "accessibility"]) {
        expect(site[`meta.${page}.title`]).toBeTruthy();
        expect(site[`meta.${page}.description`]).toBeTruthy();
      }
    }
  });

  it("uses every message (no orphaned text) and only its own", () => {
    const source = Object.values(sources).join("\n");
    const used = new Set([...source.matchAll(/\bid: "(legal\.[\w.]+)"/g)].map((match) => match[1]!));
    expect(Object.keys(en).filter((key) => !used.has(key))).toEqual([]);
    expect([...used].filter((key) => !(key in en))).toEqual([]);
  });

  it("has the same arguments and tags in both languages", () => {
    expect(Object.keys(ptBR)).toEqual(Object.keys(en));
    const mismatched = Object.keys(en).filter((key) => argumentsOf((en as Catalog)[key]!).join() !== argumentsOf((ptBR as Catalog)[key]!).join());
    expect(mismatched).toEqual([]);
  });

  it("never writes a price or a currency: {price} is the configured one", () => {
    for (const [locale, catalog] of Object.entries(catalogs)) {
      const priced = Object.entries(catalog).filter(([, text]) => /R\$|US\$|\$\s?\d|\d+[.,]\d\d\b/.test(text));
      expect(priced, locale).toEqual([]);
    }
    expect(en["legal.terms.vip.p1"]).toContain("{price}");
    expect(en["legal.terms.payment.renewal"]).toContain("{price}");
  });

  it("dates each page's text: a change to the words comes with a new LAST_UPDATED", () => {
    const current = {
      privacy: { lastUpdated: PRIVACY_UPDATED, fingerprint: fingerprint("privacy") },
      terms: { lastUpdated: TERMS_UPDATED, fingerprint: fingerprint("terms") },
      copyright: { lastUpdated: COPYRIGHT_UPDATED, fingerprint: fingerprint("copyright") },
      accessibility: { lastUpdated: ACCESSIBILITY_REVIEWED, fingerprint: fingerprint("accessibility") },
    };
    expect(current).toEqual(DATED_TEXTS);
    for (const { lastUpdated } of Object.values(current)) expect(lastUpdated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
