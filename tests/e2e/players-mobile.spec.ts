// The players on a phone (390x844), in both languages: /radio shows its player, with the current
// station and the Play button, on the first screen (the station cards are one row of small cards),
// and the music player bar is a compact row that a button expands to every control.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { t } from "./support";

const PHONE = { width: 390, height: 844 };
const ALBUM = "/music/catalog/moonlight-boulevard";

/** The radio's texts live in its feature's own catalogs (English in app/features/radio/messages.ts, Portuguese in messages.pt-BR.json). */
const radioText = {
  en: { region: "Radio", play: "Play" },
  "pt-BR": { region: "Rádio", play: "Tocar" },
} as const;

/** Signs in (the sign-in form is read in English), then picks the journey's language as the site's switcher does. */
async function signInIn(page: Page, loginAs: (key: "vip") => Promise<unknown>, locale: "en" | "pt-BR") {
  await loginAs("vip");
  await page.evaluate((lang) => {
    localStorage.setItem("locale", lang);
    document.cookie = `locale=${lang}; path=/; samesite=lax`;
  }, locale);
}

async function barHeight(page: Page, region: string) {
  const box = await page.getByRole("region", { name: region }).boundingBox();
  if (!box) throw new Error("the music player bar has no box");
  return box.height;
}

for (const locale of ["en", "pt-BR"] as const) {
  test.describe(`on a phone (${locale})`, () => {
    test.use({ viewport: PHONE });

    test(`/radio puts the player and its Play button on the first screen (${locale})`, async ({ page, loginAs }) => {
      await signInIn(page, loginAs, locale);
      await page.goto("/radio");
      const player = page.getByRole("region", { name: radioText[locale].region, exact: true });
      const play = player.getByRole("button", { name: radioText[locale].play, exact: true });
      await expect(play).toBeVisible();
      const box = await play.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y + box!.height).toBeLessThan(PHONE.height);
      // The current station (its card is the pressed one) is named in the player, on the first screen too.
      const station = (await page.locator('.radio-card[aria-pressed="true"] .radio-card-name').textContent())!;
      expect(station.length).toBeGreaterThan(0);
      await expect(player.getByText(station)).toBeInViewport();
    });

    test(`the music player bar is compact and expands to every control (${locale})`, async ({ page, loginAs }) => {
      await signInIn(page, loginAs, locale);
      await page.goto(ALBUM);
      await page.getByRole("button", { name: t(locale, "music.catalog.playAlbum") }).click();
      const region = t(locale, "player.region");
      const bar = page.getByRole("region", { name: region });
      await expect(bar.getByRole("button", { name: t(locale, "player.pause"), exact: true })).toBeVisible();
      expect(await barHeight(page, region)).toBeLessThan(160);
      const seek = bar.getByRole("slider", { name: t(locale, "player.seek") });
      await expect(seek).toBeHidden();
      await expect(bar.getByRole("button", { name: t(locale, "player.next") })).toBeHidden();

      const more = bar.getByRole("button", { name: t(locale, "player.moreControls") });
      await expect(more).toHaveAttribute("aria-expanded", "false");
      await more.click();
      await expect(more).toHaveAttribute("aria-expanded", "true");
      await expect(seek).toBeVisible();
      await expect(bar.getByRole("button", { name: t(locale, "player.next") })).toBeVisible();
      await more.click();
      await expect(seek).toBeHidden();
      expect(await barHeight(page, region)).toBeLessThan(160);
    });
  });
}
