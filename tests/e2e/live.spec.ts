// A live show, as the artist and the fans live it, on the demo's ticketed online show ("Studio
// session", scripts/lib/demo-live-shows.mjs) played from the local demo source: the demo fan, who
// holds its online ticket, waits on the countdown; the demo admin goes live from the control room;
// the fan's browser plays the stream (the video's time advances), sees the viewer count and
// chats in the show's room; a visitor sees the way to a ticket and no player; the admin ends the
// show after its question and the fan's browser plays the replay. It prints the time from "Go
// live" to the first frame in a browser opening the page then. No fixed sleeps: every wait is for
// a condition (the page reads the show every 20 s, which bounds the wait for the end to show).
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { clientAddress, expect, recordAppReady, signIn, test } from "./fixtures";
import { demoAccount } from "./support";
import { DEMO_LIVE_TICKET_SHOW } from "../../scripts/lib/demo-live-shows.mjs";
import { hostMs } from "./host-time";

const EVENT = DEMO_LIVE_TICKET_SHOW.eventId;
const WATCH = `/live/${EVENT}`;
/** The page reads the show every 20 s: a state change shows within that, and a little. */
const STATE_WAIT = { timeout: hostMs(30_000) };

async function newBrowser(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "CF-Connecting-IP": clientAddress() } });
  const page = await context.newPage();
  await recordAppReady(page);
  return { context, page };
}

const video = (page: Page) => page.getByTestId("live-video");
const currentTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

/** Waits until the video has shown a frame and then goes on playing. */
async function expectPlaying(page: Page) {
  await expect.poll(() => currentTime(page), { timeout: hostMs(30_000) }).toBeGreaterThan(0);
  const first = await currentTime(page);
  await expect.poll(() => currentTime(page), { timeout: hostMs(20_000) }).toBeGreaterThan(first + 1);
}

test(
  "the admin goes live, a ticket holder watches and chats, a visitor is shown the way to a ticket, and after the end the replay plays",
  { lock: "demo-live-show" },
  async ({ browser, baseURL }) => {
    test.setTimeout(hostMs(180_000));
    const admin = await newBrowser(browser, baseURL!);
    const fan = await newBrowser(browser, baseURL!);
    const visitor = await newBrowser(browser, baseURL!);
    try {
      await signIn(admin.page, demoAccount("admin").email, demoAccount("admin").password);
      await signIn(fan.page, demoAccount("fan").email, demoAccount("fan").password);

      await test.step("before the start the ticket holder sees the countdown", async () => {
        await fan.page.goto(WATCH);
        await expect(fan.page.getByRole("heading", { level: 1, name: DEMO_LIVE_TICKET_SHOW.title })).toBeVisible();
        await expect(fan.page.getByTestId("live-countdown")).toHaveText(/^Starts in \d+:\d\d$/);
        await expect(video(fan.page)).toHaveCount(0);
      });

      let wentLiveAt = 0;
      await test.step("the admin goes live from the control room, on the local demo source", async () => {
        await admin.page.goto(`/admin/live/${EVENT}`);
        await expect(admin.page.getByTestId("live-local-source")).toBeVisible();
        await expect(admin.page.getByTestId("live-admin-state")).toHaveText("Not started");
        await admin.page.getByRole("button", { name: "Go live" }).click();
        await expect(admin.page.getByTestId("live-admin-state")).toHaveText("Live");
        wentLiveAt = Date.now();
      });

      await test.step("the ticket holder's browser plays the stream", async () => {
        // A viewer opening the page as it goes live: the time to the first frame is the figure.
        await fan.page.reload();
        await expect(fan.page.getByText("LIVE", { exact: true })).toBeVisible();
        await expect.poll(() => currentTime(fan.page), { timeout: hostMs(30_000) }).toBeGreaterThan(0);
        console.log(`live: Go live to the first frame in a browser opening the page then: ${Date.now() - wentLiveAt} ms`);
        await expectPlaying(fan.page);
      });

      await test.step("the ticket holder sees the viewer count and chats in the show's room", async () => {
        // The page reads the show again once its token has counted this viewer: no 20 s wait.
        await expect(fan.page.getByTestId("live-viewers")).toHaveText(/^[1-9]\d* watching$/);
        const room = fan.page.getByRole("complementary", { name: "The show's room" });
        await expect(room.getByLabel("Your message")).toBeEnabled();
        const text = `Hello from the front row ${Date.now()}`;
        await room.getByLabel("Your message").fill(text);
        await room.getByRole("button", { name: "Send", exact: true }).click();
        await expect(room.getByRole("region", { name: "Messages" }).getByText(text)).toBeVisible();
      });

      await test.step("a visitor without a ticket sees the way to one and no player", async () => {
        await visitor.page.goto(WATCH);
        await expect(visitor.page.getByText("Sign in to watch this show.")).toBeVisible();
        await expect(visitor.page.getByRole("link", { name: "Get a ticket" })).toHaveAttribute("href", `/events#event-${EVENT}`);
        await expect(video(visitor.page)).toHaveCount(0);
      });

      await test.step("the admin ends the show after its question, and the replay plays", async () => {
        await admin.page.getByRole("button", { name: "End the show" }).click();
        const dialog = admin.page.getByRole("dialog", { name: "End the show?" });
        await dialog.getByRole("button", { name: "End the show" }).click();
        await expect(admin.page.getByTestId("live-admin-state")).toHaveText("Ended, replay open");
        await expect(fan.page.getByText(/^Ended — replay until /)).toBeVisible(STATE_WAIT);
        await expectPlaying(fan.page);
      });
    } finally {
      await Promise.all([admin.context.close(), fan.context.close(), visitor.context.close()]);
    }
  },
);
