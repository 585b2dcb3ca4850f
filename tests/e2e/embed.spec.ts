// The embeddable player as a fan's blog shows it: another origin's page frames /embed/track/{id},
// and a visitor plays its preview there without leaving the blog.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { hostMs } from "./host-time";

test("an embed framed by a page on another origin plays its track's preview and links to the site", async ({ page, baseURL }) => {
  // The blog: a page of its own origin, served from this machine for the test.
  const blog = createServer((_, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><title>My freestyle blog</title><h1>Track of the week</h1>
      <iframe src="${baseURL}/embed/track/spring-love" title="Spring Love" width="480" height="152" style="border:0"></iframe>`);
  });
  await new Promise<void>((resolve) => blog.listen(0, "127.0.0.1", resolve));
  const BLOG = `http://127.0.0.1:${(blog.address() as AddressInfo).port}`;
  try {
    await playsInFrame(page, BLOG, baseURL!);
  } finally {
    blog.close();
  }
});

/** The visitor's part: the frame shows the track, plays its preview, and links to the site. */
async function playsInFrame(page: Page, BLOG: string, baseURL: string) {
  const previews: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (/^\/media\/(previews|tracks)\//.test(url.pathname)) previews.push(url.pathname);
  });
  await page.goto(`${BLOG}/track-of-the-week`);
  const frame = page.frameLocator("iframe");
  await expect(frame.getByRole("heading", { level: 1, name: "Spring Love" })).toBeVisible();
  // A tap before the frame's scripts have started is answered once they have (index.html's loader).
  await frame.getByRole("button", { name: "Play the preview of Spring Love" }).click();
  await expect(frame.getByRole("button", { name: "Pause Spring Love" })).toBeVisible({ timeout: hostMs(15_000) });
  const position = frame.getByRole("slider", { name: "Position in the preview of Spring Love" });
  await expect.poll(async () => Number(await position.inputValue()), { timeout: hostMs(15_000) }).toBeGreaterThan(1);
  expect(Number(await position.getAttribute("max"))).toBeLessThanOrEqual(30);
  expect(previews).toEqual(["/media/previews/spring-love"]);

  const full = frame.getByRole("link", { name: /^Listen in full on / });
  await expect(full).toHaveAttribute("href", `${baseURL}/music/track/spring-love`);
  await expect(full).toHaveAttribute("target", "_blank");
  await expect(page).toHaveURL(`${BLOG}/track-of-the-week`);
}
