// A listening party, as fans live it: an admin schedules a VIP-only party that started a moment
// ago (through the back office's API), two VIPs in two browsers open its room, press Start
// listening, and hear the same track at the same position (their <audio> elements' src and
// currentTime, read at once, within a second), each sees the other's reaction, and a message in the
// chat beside the player (the party's community room, decision 107) reaches the other. No fixed
// sleeps: every wait is for a condition.
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { clientAddress, expect, signIn, signUp, test } from "./fixtures";
import { demoAccount } from "./support";
import { hostMs } from "./host-time";

const partyAudio = (page: Page) => page.locator('audio[data-player="party"]');

/** A browser of its own, with its own client address (the sign-in limit is per address). */
async function newBrowser(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "CF-Connecting-IP": clientAddress() } });
  return { context, page: await context.newPage() };
}

/** What one listener hears now: the track's address (no token), the position, and when it was read. */
const hearing = (page: Page) =>
  partyAudio(page).evaluate((el: HTMLAudioElement) => ({ src: el.src.split("?")[0], t: el.currentTime, at: Date.now(), paused: el.paused }));

test("two VIPs in one running party hear the same track within a second and see each other's reactions and chat", async ({ browser, baseURL }) => {
  const origin = baseURL!;
  const admin = await newBrowser(browser, origin);
  const anna = await newBrowser(browser, origin);
  const ben = await newBrowser(browser, origin);
  let partyId: string | null = null;
  try {
    await test.step("the admin schedules a VIP party that started a few seconds ago", async () => {
      const account = demoAccount("admin");
      await signIn(admin.page, account.email, account.password);
      const res = await admin.page.request.post("/api/admin/parties", {
        headers: { origin },
        data: { title: "E2E party", sourceType: "album", sourceId: "freestyle-nights", startsAt: new Date(Date.now() - 5_000).toISOString(), vipOnly: true },
      });
      expect(res.status()).toBe(201);
      partyId = ((await res.json()) as { party: { id: string } }).party.id;
    });

    await test.step("two VIPs: the demo VIP, and a new member the admin makes VIP", async () => {
      const vip = demoAccount("vip");
      await signIn(anna.page, vip.email, vip.password);
      await signUp(ben.page);
      const me = (await (await ben.page.request.get("/api/auth/me")).json()) as { user: { id: string } };
      const comp = await admin.page.request.put(`/api/admin/users/${me.user.id}/vip`, { headers: { origin }, data: { comp: true } });
      expect(comp.status()).toBe(200);
      // The session is kept (decision 040): the next page ben opens is a VIP's.
    });

    for (const listener of [anna, ben]) {
      await listener.page.goto(`/parties/${partyId}`);
      await expect(listener.page.getByRole("heading", { name: "E2E party" })).toBeVisible();
      await listener.page.getByRole("button", { name: "Start listening" }).click();
      await expect(listener.page.getByRole("button", { name: "Stop listening" })).toBeVisible();
    }

    await test.step("both play, on the same track, less than a second apart", async () => {
      for (const listener of [anna, ben]) {
        await expect.poll(async () => (await hearing(listener.page)).paused, { timeout: hostMs(20_000) }).toBe(false);
      }
      // Read both at once, until a sample lands inside one track for both (a boundary may pass).
      let drift = Number.POSITIVE_INFINITY;
      await expect
        .poll(
          async () => {
            const [a, b] = await Promise.all([hearing(anna.page), hearing(ben.page)]);
            if (a.src !== b.src || a.paused || b.paused || a.t < 0.5) return false;
            drift = Math.abs(a.t - b.t - (a.at - b.at) / 1000);
            return drift < 1;
          },
          { timeout: hostMs(20_000) },
        )
        .toBe(true);
      expect(drift).toBeLessThan(1);
      // And the audio really advances.
      const first = (await hearing(anna.page)).t;
      await expect.poll(async () => (await hearing(anna.page)).t, { timeout: hostMs(10_000) }).toBeGreaterThan(first + 0.5);
    });

    await test.step("each sees the other's reaction", async () => {
      const vipName = demoAccount("vip").username;
      const benName = ((await (await ben.page.request.get("/api/auth/me")).json()) as { user: { username: string } }).user.username;
      await anna.page.getByRole("button", { name: "React with 🔥" }).click();
      await expect(ben.page.getByText(`${vipName} reacted 🔥`)).toBeVisible();
      await ben.page.getByRole("button", { name: "React with 💃" }).click();
      await expect(anna.page.getByText(`${benName} reacted 💃`)).toBeVisible();
    });

    await test.step("a message in the party's chat reaches the other listener", async () => {
      const box = anna.page.getByRole("region", { name: "Chat" }).getByRole("textbox", { name: "Your message" });
      await box.fill("What a chorus!");
      await box.press("Enter");
      await expect(ben.page.getByRole("region", { name: "Chat" }).getByText("What a chorus!", { exact: true })).toBeVisible();
    });
  } finally {
    if (partyId) await admin.page.request.delete(`/api/admin/parties/${partyId}`, { headers: { origin } });
    for (const b of [admin, anna, ben]) await b.context.close();
  }
});
