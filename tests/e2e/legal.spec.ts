// The legal pages in Portuguese, as a visitor reads them: switch the language in the header, open
// the Privacy Policy, the Terms of Service, the Copyright Notice and the Accessibility Statement
// from the footer (and once more by address, the language coming from localStorage), and see the
// Portuguese headings, the configured VIP price in Brazilian format, the text's own date, working
// in-page anchors and no console errors. Then an accessibility report sent from the statement's
// form with the keyboard alone reaches the admins' inbox, labelled, and their mail.
import type { ConsoleMessage, Page } from "@playwright/test";
import { asAdmin, expect, hydrated, test } from "./fixtures";
import { t } from "./support";
import type { AdminMessagesResponse } from "../../worker/contracts/admin/messages";

const PAGES = [
  {
    path: "/privacy",
    updated: "Última atualização: 27 de novembro de 2026",
    footerLink: "footer.privacy",
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
  {
    path: "/terms",
    updated: "Última atualização: 21 de novembro de 2026",
    footerLink: "footer.terms",
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
  {
    path: "/copyright",
    updated: "Última atualização: 21 de novembro de 2026",
    footerLink: "footer.copyrightNotice",
    title: "Aviso de Direitos Autorais",
    sections: ["Direitos autorais do conteúdo", "Propriedade do código", "Direitos de uso", "Denúncia de violação", "Contato"],
  },
  {
    path: "/accessibility",
    updated: "Última revisão: 28 de novembro de 2026",
    footerLink: "footer.accessibility",
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
] as const;

/** Everything the browser reports as an error while the test runs. */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`page: ${error.message}`));
  return errors;
}

async function expectPortuguesePage(page: Page, { title, sections, updated }: (typeof PAGES)[number]) {
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 2 })).toHaveText([...sections]);
  await expect(main.getByText(updated)).toBeVisible();
  await expect(main).not.toContainText("R$");
  await expect(page).toHaveTitle(new RegExp(`^${title} · `));
}

test("the legal pages read in Portuguese after switching the language, with no console errors", async ({ page }) => {
  const errors = collectErrors(page);

  await page.goto("/");
  await page
    .getByRole("button", { name: t("en", "nav.language.pt") })
    .first()
    .click();
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");

  for (const legal of PAGES) {
    await test.step(`${legal.path} from the footer`, async () => {
      await page
        .getByRole("contentinfo")
        .getByRole("link", { name: t("pt-BR", legal.footerLink) })
        .click();
      await expect(page).toHaveURL(new RegExp(`${legal.path}$`));
      await expectPortuguesePage(page, legal);
    });
  }

  await test.step("the terms by address: the price in Brazilian format, the age, the refund and the notice", async () => {
    await page.goto("/terms");
    await expectPortuguesePage(page, PAGES[1]);
    const main = page.getByRole("main");
    await expect(main.getByText("US$ 9,99 por mês")).toBeVisible();
    await expect(main).toContainText("Você precisa ter pelo menos 13 anos para criar uma conta.");
    await expect(main).toContainText("peça o reembolso em até 14 dias após uma cobrança");
    await expect(main).toContainText("avisaremos qualquer mudança de preço com pelo menos 30 dias de antecedência");
    await expect(main.getByRole("link", { name: "support@freestylelovers.example" }).first()).toHaveAttribute("href", "mailto:support@freestylelovers.example");
  });

  await test.step("the contents jump to a section", async () => {
    await page.goto("/privacy");
    await expectPortuguesePage(page, PAGES[0]);
    await page.getByRole("navigation", { name: "Nesta página" }).getByRole("link", { name: "Seus direitos" }).click();
    await expect(page).toHaveURL(/\/privacy#rights$/);
    await expect(page.getByRole("heading", { level: 2, name: "Seus direitos" })).toBeInViewport();
  });

  expect(errors).toEqual([]);
});

test("an accessibility report sent from the statement with the keyboard reaches the admins' inbox and mail", async ({ page, browser }) => {
  const tag = Date.now().toString(36);
  const subject = `Volume slider ${tag}`;
  await page.goto("/accessibility");
  await hydrated(page);
  const form = page.getByRole("form", { name: "Send Us a Message" });
  await form.getByLabel("Name").focus();
  // Field to field with Tab, the box left unticked, Enter on the button: no pointer at all.
  await page.keyboard.type("Rita Lopes");
  await page.keyboard.press("Tab");
  await page.keyboard.type(`rita.${tag}@example.com`);
  await page.keyboard.press("Tab");
  await page.keyboard.type(subject);
  await page.keyboard.press("Tab");
  await page.keyboard.type("The volume slider has no name for my screen reader.");
  await page.keyboard.press("Tab");
  await expect(form.getByRole("checkbox")).toBeFocused();
  await expect(form.getByRole("checkbox")).not.toBeChecked();
  await page.keyboard.press("Tab");
  await expect(form.getByRole("button", { name: "Send Message" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Message sent successfully!" })).toBeVisible();

  const inbox = await asAdmin(browser, async (api) => (await (await api.get(`/api/admin/messages?search=${tag}`)).json()) as AdminMessagesResponse);
  expect(inbox.messages.map((m) => ({ subject: m.subject, labels: m.labels, status: m.status }))).toEqual([
    { subject, labels: ["Accessibility"], status: "unread" },
  ]);

  await page.goto("/dev/mailbox");
  await expect(page.getByRole("article", { name: `Contact form (Accessibility): ${subject}` })).toHaveCount(1);
});
