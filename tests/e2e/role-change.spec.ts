// Privilege changes without sign-outs (decision 040), as a fan lives it: a new member has an album
// page open with its tracks locked; an administrator, in another browser, gives them a
// complimentary VIP; the open page unlocks by itself (Play Album appears, the full track plays)
// with no sign-in and no reload. No fixed sleeps: every wait is for a condition.
import { clientAddress, expect, signIn, signUp, test } from "./fixtures";
import { demoAccount } from "./support";
import { hostMs } from "./host-time";

const ALBUM = "/music/catalog/moonlight-boulevard";

test("an admin gives a signed-in member a comp VIP: the member's open album page unlocks without a sign-in", async ({ page, browser, baseURL }) => {
  const origin = baseURL!;
  await signUp(page);
  const me = (await (await page.request.get("/api/auth/me")).json()) as { user: { id: string; isVIP: boolean } };
  expect(me.user.isVIP).toBe(false);

  const noticesSocket = page.waitForEvent("websocket", (ws) => ws.url().endsWith("/api/feed/notices"));
  await page.goto(ALBUM);
  await expect(page.getByRole("heading", { level: 1, name: "Moonlight Boulevard" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Unlock with VIP", exact: true })).toBeVisible();
  await noticesSocket;
  // A reload would wipe this: the page must unlock in place.
  await page.evaluate(() => void ((window as unknown as { stayed: boolean }).stayed = true));

  const context = await browser.newContext({ baseURL: origin, extraHTTPHeaders: { "CF-Connecting-IP": clientAddress() } });
  try {
    const admin = await context.newPage();
    const account = demoAccount("admin");
    await signIn(admin, account.email, account.password);
    const res = await admin.request.put(`/api/admin/users/${me.user.id}/vip`, { headers: { origin }, data: { comp: true } });
    expect(res.status()).toBe(200);
  } finally {
    await context.close();
  }

  const playAlbum = page.getByRole("button", { name: "Play Album" });
  await expect(playAlbum).toBeVisible({ timeout: hostMs(10_000) });
  await expect(page.getByRole("link", { name: "Unlock with VIP", exact: true })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  // Still the same session: the full track plays.
  await playAlbum.click();
  await expect(page.getByRole("region", { name: "Audio player" }).locator(".player-bar-title")).toHaveText("Dreamin' of Love");
  await expect(page.getByRole("region", { name: "Audio player" }).getByText("Preview · 0:30")).toHaveCount(0);
});
