// Early access as the back office sets it and fans meet it: an admin gives a single a public
// release next week and VIP early access from an hour ago; a VIP plays it now, and a visitor sees
// it coming with a lock and no preview. The single gets its times back at the end.
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";
import { demoAccount } from "./support";
import { hostMs } from "./host-time";

const ALBUM = "/music/catalog/neon-valentine";
const pad = (n: number) => String(n).padStart(2, "0");
/** A datetime-local value in this machine's time zone (the browser's too). */
const local = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

async function setTimes(page: Page, release: string, early: string) {
  await page.goto("/admin/catalog");
  await page.getByRole("button", { name: "Edit Neon Valentine" }).click();
  const form = page.getByRole("dialog");
  await form.getByLabel("Public release").fill(release);
  await form.getByLabel("VIP early access from").fill(early);
  await form.getByRole("button", { name: "Save", exact: true }).click();
  await expect(form).toBeHidden();
}

// The single's times are the catalog's, one for everyone: no other journey that changes them (a
// repetition of this one included) runs at the same time.
test("a VIP hears the early-access single that a visitor sees as coming", { lock: "neon-valentine-release" }, async ({ page, browser, loginAs }) => {
  const release = new Date(Date.now() + 7 * 24 * 3_600_000);
  await loginAs("admin");
  await setTimes(page, local(release), local(new Date(Date.now() - 3_600_000)));
  const date = release.toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });
  try {
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(ALBUM);
    await expect(visitorPage.getByRole("heading", { level: 1, name: "Neon Valentine" })).toBeVisible();
    await expect(visitorPage.getByText(`Coming ${date} · VIPs are listening now`).first()).toBeVisible();
    await expect(visitorPage.getByRole("link", { name: "Neon Valentine: unlock with VIP" })).toHaveAttribute("href", "/vip-signup");
    await expect(visitorPage.getByRole("button", { name: /30-second preview/ })).toHaveCount(0);
    const refused = await visitorPage.request.post("/api/music/tracks/neon-valentine-1/preview", { headers: { origin: new URL(visitorPage.url()).origin } });
    expect(refused.status()).toBe(409);
    await visitor.close();

    const fan = await browser.newContext();
    const vipPage = await fan.newPage();
    const vip = demoAccount("vip");
    await signIn(vipPage, vip.email, vip.password, ALBUM);
    await expect(vipPage.getByText(`Out early for VIPs · out for everyone on ${date}`).first()).toBeVisible();
    await vipPage.getByRole("button", { name: "Play Neon Valentine", exact: true }).click();
    const bar = vipPage.getByRole("region", { name: "Audio player" });
    await expect(bar.locator(".player-bar-title")).toHaveText("Neon Valentine");
    const seek = bar.getByRole("slider", { name: "Seek" });
    await expect.poll(async () => Number(await seek.inputValue()), { timeout: hostMs(15_000) }).toBeGreaterThan(1);
    await fan.close();
  } finally {
    await setTimes(page, "", "");
  }
});
