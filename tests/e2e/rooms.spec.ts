// Community rooms, as fans live them, in the demo's VIP Lounge (VIP and above): two VIPs of the
// journey's own, in two browsers, see each other's messages, a reaction and a reply in a thread
// arrive live; the demo admin names one
// of them a fan moderator of the room, who mutes the other from that member's message's Moderate
// menu, and the muted member is told until when. A free member sees the lounge's name and what
// opens it on /rooms, and on /rooms/vip-lounge the lock instead of the messages. No fixed sleeps:
// every wait is for a condition.
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { asAdmin, clientAddress, expect, memberId, recordAppReady, signUp, signUpVip, test } from "./fixtures";
import { hostMs } from "./host-time";

const ROOM = "vip-lounge";

/** A browser of its own, with its own client address (the sign-in limit is per address). */
async function newBrowser(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "CF-Connecting-IP": clientAddress() } });
  const page = await context.newPage();
  await recordAppReady(page);
  return { context, page };
}

const messages = (page: Page) => page.getByRole("region", { name: "Messages" });

/** Opens the lounge and waits until its socket has welcomed the member (the composer is there). */
async function enterLounge(page: Page) {
  await page.goto(`/rooms/${ROOM}`);
  await expect(page.getByRole("heading", { level: 1, name: "VIP Lounge" })).toBeVisible();
  await expect(page.getByLabel("Your message")).toBeEnabled();
}

async function say(page: Page, text: string) {
  await page.getByLabel("Your message").fill(text);
  await page.getByRole("button", { name: "Send", exact: true }).click();
}

test("two VIPs talk, react and reply live in the VIP Lounge, a fan moderator mutes one, and a free member sees the lock", async ({ browser, baseURL }) => {
  // Three members signed up and two made VIP through the back office, in three browsers.
  test.setTimeout(hostMs(120_000));
  const anna = await newBrowser(browser, baseURL!);
  const ben = await newBrowser(browser, baseURL!);
  const free = await newBrowser(browser, baseURL!);
  let moderatorId: string | null = null;
  try {
    const annaMember = await signUpVip(anna.page, browser);
    const benMember = await signUpVip(ben.page, browser);

    await test.step("the demo admin names anna a fan moderator of the lounge", async () => {
      await asAdmin(browser, async (api) => {
        const res = await api.post(`/api/admin/rooms/${ROOM}/moderators`, { data: { username: annaMember.username } });
        expect(res.status(), await res.text()).toBe(201);
      });
      moderatorId = await memberId(anna.page);
    });

    const fromAnna = `Hello from ${annaMember.username}`;
    const fromBen = `Hi ${annaMember.username}, ${benMember.username} here`;
    await test.step("each sees the other's message arrive live", async () => {
      await enterLounge(anna.page);
      await enterLounge(ben.page);
      await say(anna.page, fromAnna);
      await expect(messages(ben.page).getByText(fromAnna)).toBeVisible();
      await say(ben.page, fromBen);
      await expect(messages(anna.page).getByText(fromBen)).toBeVisible();
    });

    await test.step("anna reacts to ben's message and ben sees the count live", async () => {
      await anna.page
        .getByRole("button", { name: `Actions for the message from ${benMember.username}` })
        .last()
        .click();
      await anna.page.getByRole("group", { name: "Add a reaction" }).getByRole("button", { name: "React with 🔥, 0" }).click();
      await expect(anna.page.getByRole("button", { name: "React with 🔥, 1" })).toHaveAttribute("aria-pressed", "true");
      await expect(ben.page.getByRole("button", { name: "React with 🔥, 1" })).toHaveAttribute("aria-pressed", "false");
    });

    const reply = `${benMember.username} answers in the thread`;
    await test.step("ben replies to anna's message; anna sees the reply quoting hers, and its count", async () => {
      await ben.page
        .getByRole("button", { name: `Actions for the message from ${annaMember.username}` })
        .last()
        .click();
      await ben.page.getByRole("button", { name: `Reply to ${annaMember.username}` }).click();
      await expect(ben.page.getByText(`Replying to ${annaMember.username}`)).toBeVisible();
      await say(ben.page, reply);
      const answer = messages(anna.page).getByRole("listitem").filter({ hasText: reply });
      await expect(answer).toBeVisible();
      await expect(answer.locator(".room-reply-quote")).toContainText(fromAnna);
      await expect(messages(anna.page).getByRole("button", { name: "1 reply" })).toBeVisible();
    });

    await test.step("anna mutes ben from his message's Moderate menu; ben is told until when", async () => {
      await anna.page
        .getByRole("button", { name: `Moderate the message from ${benMember.username}` })
        .last()
        .click();
      await anna.page.getByRole("button", { name: "Mute for 10 minutes" }).click();
      const dialog = anna.page.getByRole("dialog", { name: `Mute ${benMember.username}?` });
      await expect(dialog).toContainText(`${benMember.username} cannot write in this room for 10 minutes.`);
      await dialog.getByRole("button", { name: "Mute", exact: true }).click();
      await expect(ben.page.getByRole("status").filter({ hasText: /^A moderator muted you in this room until .+\.$/ })).toBeVisible();
      // ben's own messages carry no Moderate menu for him, and anna's none for herself.
      await expect(ben.page.getByRole("button", { name: /^Moderate the message/ })).toHaveCount(0);
      await expect(anna.page.getByRole("button", { name: `Moderate the message from ${annaMember.username}` })).toHaveCount(0);
    });

    await test.step("a free member sees the lounge's name and the way in, and the lock instead of its messages", async () => {
      await signUp(free.page);
      await free.page.goto("/rooms");
      const lounge = free.page.getByRole("listitem").filter({ has: free.page.getByRole("heading", { level: 2, name: "VIP Lounge" }) });
      await expect(lounge.getByText(/^For .+ and above$/)).toBeVisible();
      await expect(lounge.getByRole("link", { name: "See the membership tiers" })).toBeVisible();
      await expect(lounge.getByRole("link", { name: "VIP Lounge" })).toHaveCount(0);
      await free.page.goto(`/rooms/${ROOM}`);
      await expect(free.page.getByRole("heading", { level: 1, name: "VIP Lounge" })).toBeVisible();
      await expect(free.page.getByRole("link", { name: "See the membership tiers" })).toBeVisible();
      await expect(messages(free.page)).toHaveCount(0);
      await expect(free.page.getByText(fromAnna)).toHaveCount(0);
      await expect(free.page.getByLabel("Your message")).toHaveCount(0);
    });
  } finally {
    if (moderatorId) {
      const id = moderatorId;
      await asAdmin(browser, (api) => api.delete(`/api/admin/rooms/${ROOM}/moderators/${id}`));
    }
    for (const b of [anna, ben, free]) await b.context.close();
  }
});
