// The social feed with two people at once: A posts with a picture, B (another browser) sees it
// arrive live without reloading, likes and comments, and A sees the counts change; A deletes it
// after the dialog; B, not the author, never sees a delete control.
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";
import { demoAccount } from "./support";

const PICTURE = path.resolve(import.meta.dirname, "../../public/favicon.svg");

async function member(browser: Browser, key: "vip" | "fan") {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = demoAccount(key);
  await signIn(page, account.email, account.password, "/social");
  await expect(page.getByRole("heading", { name: "Latest posts" })).toBeVisible();
  return { page, context, account };
}

/** The post whose text is `text`, as an <article>. */
const postWith = (page: Page, text: string) => page.locator("article.feed-post", { hasText: text });

/** A tiny valid PNG (1x1), as the file chooser hands it over. */
const PHOTO = {
  name: "photo.png",
  mimeType: "image/png",
  buffer: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64"),
};

test("two members: a post with a picture arrives live, likes and comments reach the author, the author deletes it", async ({ browser }) => {
  const a = await member(browser, "vip");
  const b = await member(browser, "fan");
  const text = `Live from the e2e journey ${Date.now().toString(36)} <b>not bold</b>`;

  // A refuses a non-image, then posts with a real picture.
  await a.page.getByLabel("Image (optional)").setInputFiles(PICTURE);
  await expect(a.page.getByText("Please select an image file")).toBeVisible();
  await a.page.getByLabel("Image (optional)").setInputFiles(PHOTO);
  await a.page.getByLabel("Share something with the community").fill(text);
  await a.page.getByRole("button", { name: "Post", exact: true }).click();
  const mine = postWith(a.page, text);
  await expect(mine).toBeVisible();
  await expect(mine.getByRole("img", { name: /Image shared by/ })).toBeVisible();
  // Member text is text: the tag shows as typed.
  await expect(mine.getByText(text)).toBeVisible();

  // B is told without reloading, and opens it. Other journeys post meanwhile: the banner may count
  // their posts too, and opening it shows every new one.
  await b.page.getByRole("button", { name: /^\d+ new posts?$/ }).click();
  const theirs = postWith(b.page, text);
  await expect(theirs).toBeVisible();
  await expect(theirs.getByRole("button", { name: "Delete post" })).toHaveCount(0);

  await theirs.getByRole("button", { name: /, Like$/ }).click();
  await expect(theirs.getByRole("button", { name: /, Like$/ })).toHaveAttribute("aria-pressed", "true");
  await theirs.getByRole("button", { name: "0 comments" }).click();
  await theirs.getByLabel("Write a comment").fill("Great picture!");
  await theirs.getByRole("button", { name: "Send" }).click();
  await expect(theirs.getByText("Great picture!")).toBeVisible();

  // A sees the counts change in place.
  await expect(mine.getByRole("button", { name: "1 like, Like" })).toBeVisible();
  await expect(mine.getByRole("button", { name: "1 comment" })).toBeVisible();

  // The feed's socket declines the per-message compression Chromium offers (a deflate window per
  // socket made the first post to thousands of sockets slow to send): nothing was agreed.
  const extensions = await b.page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const ws = new WebSocket(`${location.origin.replace(/^http/, "ws")}/api/feed/live`);
        ws.onopen = () => {
          resolve(ws.extensions);
          ws.close();
        };
        ws.onerror = () => reject(new Error("the feed socket did not open"));
      }),
  );
  expect(extensions).toBe("");

  // A deletes it after the dialog; it leaves B's feed too.
  await mine.getByRole("button", { name: "Delete post" }).click();
  const dialog = a.page.getByRole("dialog", { name: "Delete Post" });
  await expect(dialog).toContainText("Are you sure you want to delete this post? This action cannot be undone.");
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(mine).toHaveCount(0);
  await expect(theirs).toHaveCount(0);

  await a.context.close();
  await b.context.close();
});
