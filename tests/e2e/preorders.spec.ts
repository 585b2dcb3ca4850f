// A pre-order as a fan meets it (decision 118), on the local demo's coming album "Neon Horizon"
// (scripts/lib/demo-preorder.mjs: out three weeks after the seed, tracks 1 and 2 teasers, its
// cassette shipping from that day): a new member pre-orders it through the local test checkout;
// the collection says "Pre-ordered — out {date}" (and so in Portuguese), the zip holds only the
// teasers and the other tracks say locked.
// The test clock (POST /api/dev/preorders/run { now }, local mode only) runs the unlock job just
// before the release time (nothing) and past it, twice: one "It's out" mail. Downloads follow the
// real clock, which a journey cannot move, so the album's release time itself is then moved to a
// minute ago through the back office's API, under a lock (no other journey that moves it runs
// meanwhile) and put back after: the collection unlocks and the zip holds every track; a third run
// still sends no second mail.
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { unzipSync } from "fflate";
import { asAdmin, expect, hydrated, signUp, test, type MailboxMessage } from "./fixtures";
import { t } from "./support";

const ALBUM = "neon-horizon";
const TITLES = ["Neon Horizon", "Signal in the Static", "Afterglow Avenue", "Heartbeat Frequency", "Dawn Over Bergen Street"];
const TEASERS = TITLES.slice(0, 2);
/** The zip's name for a track: "01 - Title.mp3". */
const fileOf = (title: string) => `0${TITLES.indexOf(title) + 1} - ${title}.mp3`;

/** The UTC year, month and day of an instant. */
const utcDay = (at: number) => [new Date(at).getUTCFullYear(), new Date(at).getUTCMonth(), new Date(at).getUTCDate()] as const;
const day = (at: number, locale: "en-US" | "pt-BR") => new Date(at).toLocaleDateString(locale, { dateStyle: "long", timeZone: "UTC" });

/** The MP3 names in the zip the collection's MP3 link downloads. */
async function downloadedTracks(page: Page, link: Locator): Promise<string[]> {
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const bytes = new Uint8Array(await readFile((await download.path())!));
  return Object.keys(unzipSync(bytes))
    .filter((name) => name.endsWith(".mp3"))
    .sort();
}

/** The "It's out" mails in the local mailbox to `email`. */
async function outMails(page: Page, email: string): Promise<MailboxMessage[]> {
  const { messages } = (await (await page.request.get("/api/dev/mailbox")).json()) as { messages: MailboxMessage[] };
  return messages.filter((m) => m.to === email.toLowerCase() && m.subject.startsWith("It's out"));
}

/** The test clock: the five-minute unlock job as if the time were `now`. */
async function runUnlock(page: Page, origin: string, now: number) {
  const res = await page.request.post("/api/dev/preorders/run", { data: { now }, headers: { origin } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { announced: number }).announced;
}

test(
  "a fan pre-orders the coming album, keeps the teasers at once and the rest when it is out, with one mail",
  { lock: "demo-preorder-release" },
  async ({ page, browser, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const product = (await (await page.request.get(`/api/store/products/${ALBUM}-digital`)).json()) as { product: { release: { outAt: string | null } } };
    const releaseAt = Date.parse(product.product.release.outAt!);
    expect(releaseAt).toBeGreaterThan(Date.now());
    const fan = await signUp(page);

    await test.step("the album's cassette ships from its release day", async () => {
      await page.goto(`/store/${ALBUM}-cassette`);
      await expect(page.getByRole("heading", { level: 1, name: /Neon Horizon on cassette/ })).toBeVisible();
      await expect(page.getByText(`Ships from ${day(Date.UTC(...utcDay(releaseAt)), "en-US")}`)).toBeVisible();
    });

    await test.step("pre-orders it through the local test checkout at the Worker's price", async () => {
      await page.goto(`/store/${ALBUM}-digital`);
      await expect(page.getByRole("heading", { level: 1, name: /Neon Horizon/ })).toBeVisible();
      await hydrated(page);
      await expect(page.getByText(`Out ${day(releaseAt, "en-US")}. Pay now: the teaser tracks download at once`)).toBeVisible();
      await page.getByRole("button", { name: "Pre-order" }).click();
      await expect(page.getByText("Added to your cart.")).toBeVisible();
      await page.goto("/store/cart");
      await expect(page.getByText("Working out the total...")).toHaveCount(0);
      await expect(page.locator(".cart-total dd")).toHaveText("$9.00");
      await page.getByRole("button", { name: "Checkout" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Test checkout" })).toBeVisible();
      await page.getByRole("button", { name: /^Pay / }).click();
      await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
    });

    const card = page.getByRole("article", { name: "Neon Horizon", exact: true });
    const mp3 = page.getByRole("link", { name: /^MP3( · .*)?: download Neon Horizon$/ });

    await test.step("the collection says when it is out; the zip holds only the teasers, the rest is locked", async () => {
      await page.goto("/collection");
      await expect(page.getByText(`Pre-ordered — out ${day(releaseAt, "en-US")}`)).toBeVisible();
      await expect(card.getByText("Download now")).toHaveCount(TEASERS.length);
      await expect(card.getByText(`Locked until ${day(releaseAt, "en-US")}`)).toHaveCount(TITLES.length - TEASERS.length);
      expect(await downloadedTracks(page, mp3)).toEqual(TEASERS.map(fileOf));
    });

    await test.step("in Portuguese too", async () => {
      await page.getByRole("button", { name: t("en", "nav.language.pt") }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
      await expect(page.getByText(`Pré-venda — sai em ${day(releaseAt, "pt-BR")}`)).toBeVisible();
      await expect(card.getByText(`Bloqueada até ${day(releaseAt, "pt-BR")}`)).toHaveCount(TITLES.length - TEASERS.length);
      await page.getByRole("button", { name: t("pt-BR", "nav.language.en") }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
    });

    await test.step("the test clock: nothing a minute before the release, one 'It's out' past it however often the job runs", async () => {
      await runUnlock(page, origin, releaseAt - 60_000);
      expect(await outMails(page, fan.email)).toHaveLength(0);
      expect(await runUnlock(page, origin, releaseAt + 60_000)).toBeGreaterThanOrEqual(1);
      await runUnlock(page, origin, releaseAt + 120_000);
      await expect.poll(async () => (await outMails(page, fan.email)).length).toBe(1);
      const [mail] = await outMails(page, fan.email);
      expect(mail!.subject).toBe("It's out: Neon Horizon");
      expect(mail!.links.some((link) => link.includes("/api/store/downloads/"))).toBe(true);
    });

    const moveRelease = (at: number) =>
      asAdmin(browser, async (api) => {
        const res = await api.patch(`/api/admin/catalog/albums/${ALBUM}`, { data: { releaseAt: new Date(at).toISOString(), earlyAccessAt: null } });
        expect(res.status(), await res.text()).toBe(200);
      });
    // The real clock reaches the release: the album's time is brought to a minute ago, and put back.
    await moveRelease(Date.now() - 60_000);
    try {
      await test.step("the collection unlocks and the zip holds every track; a later run sends no second mail", async () => {
        await page.goto("/collection");
        await expect(card).toBeVisible();
        await expect(page.getByText(/Pre-ordered — out/)).toHaveCount(0);
        await expect(page.getByText(/Locked until/)).toHaveCount(0);
        expect(await downloadedTracks(page, mp3)).toEqual(TITLES.map(fileOf));
        await runUnlock(page, origin, Date.now());
        expect(await outMails(page, fan.email)).toHaveLength(1);
      });
    } finally {
      await moveRelease(releaseAt);
    }
  },
);
