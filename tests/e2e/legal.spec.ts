// The legal pages in Portuguese, as a visitor reads them: switch the language in the header, open
// the Privacy Policy, the Terms of Service and the Copyright Notice from the footer (and once more
// by address, the language coming from localStorage), and see the Portuguese headings, the
// configured VIP price in Brazilian format, the text's own date, working in-page anchors and no
// console errors.
import type { ConsoleMessage, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { t } from "./support";

const PAGES = [
  {
    path: "/privacy",
    updated: "23 de novembro de 2026",
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
    updated: "21 de novembro de 2026",
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
    updated: "21 de novembro de 2026",
    footerLink: "footer.copyrightNotice",
    title: "Aviso de Direitos Autorais",
    sections: ["Direitos autorais do conteúdo", "Propriedade do código", "Direitos de uso", "Denúncia de violação", "Contato"],
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
  await expect(main.getByText(`Última atualização: ${updated}`)).toBeVisible();
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
