// The printable gift card (/redeem/card/$code) fits whole: on a laptop screen (1366 px), on a phone,
// and printed on A4 and Letter (print media at each page's printable width), in English and in
// Portuguese, its code is complete and none of its lines is cut off (no text wider than its box,
// nothing past the card's edge). The card's data is the Worker's answer for a buyer's code, given
// here as a fixed answer so every layout is measured with the same longest words.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { demoAccount } from "./support";
import type { GiftCardResponse } from "../../worker/contracts/store/gift-model";

const CODE = "GIFT-XGSR-JMPH-D3Z";

/** Widths in CSS pixels: A4 (210 mm) and Letter (8.5 in) less Chromium's default print margins. */
const LAYOUTS = [
  { name: "screen 1366 px", width: 1366, height: 768, print: false },
  { name: "phone 390 px", width: 390, height: 844, print: false },
  { name: "A4 print", width: Math.floor((210 / 25.4) * 96 - 2 * 0.4 * 96), height: 1000, print: true },
  { name: "Letter print", width: Math.floor(8.5 * 96 - 2 * 0.4 * 96), height: 1000, print: true },
] as const;

/** Text boxes of the card whose content is cut off, or that reach past the card's edge. */
async function clippedText(page: Page) {
  return page.locator(".gift-card-sheet").evaluate((sheet) => {
    const edge = sheet.getBoundingClientRect();
    const found: string[] = [];
    for (const el of sheet.querySelectorAll<HTMLElement>(".gift-card-body > *:not(.gift-card-qr-wrap)")) {
      const box = el.getBoundingClientRect();
      if (el.scrollWidth > el.clientWidth + 1) found.push(`${el.className}: ${el.scrollWidth} > ${el.clientWidth} "${el.textContent}"`);
      if (box.right > edge.right + 1 || box.left < edge.left - 1) found.push(`${el.className}: past the card's edge "${el.textContent}"`);
    }
    return found;
  });
}

for (const locale of ["en", "pt-BR"] as const) {
  test(`the gift card fits whole on screen, on a phone, on A4 and on Letter (${locale})`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    const { email, password } = demoAccount("fan");
    const login = await context.request.post("/api/auth/login", { data: { email, password }, headers: { origin: baseURL! } });
    expect(login.status()).toBe(200);
    await page.route(`**/api/store/gifts/${CODE}`, (route) =>
      route.fulfill({
        json: {
          code: CODE,
          months: 1,
          // The demo's longest tier name, in both languages.
          tier: { id: "inner-circle", name: { en: "Inner Circle", ptBR: "Círculo Íntimo" } },
          state: "unredeemed",
          redeemedBy: null,
          redeemedAt: null,
          redeemUrl: `${baseURL}/redeem?code=${CODE}`,
          createdAt: new Date().toISOString(),
        } satisfies GiftCardResponse,
      }),
    );
    await page.goto(`/redeem/card/${CODE}`);
    const code = page.locator(".gift-card-code");
    await expect(code).toHaveText(CODE);
    await expect(page.locator(".gift-card-portrait")).toBeVisible();

    for (const layout of LAYOUTS) {
      await page.setViewportSize({ width: layout.width, height: layout.height });
      await page.emulateMedia({ media: layout.print ? "print" : "screen" });
      await expect(code).toHaveText(CODE);
      expect(await clippedText(page), `${layout.name} (${locale})`).toEqual([]);
    }
    await context.close();
  });
}
