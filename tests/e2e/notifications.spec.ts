// The notification centre between two members: A likes B's post, and B's bell count rises without
// a reload (the queue's consumer nudges B's page through its member-notices socket); B opens the
// panel, follows the notification and lands on the post, which is then read.
import { expect, signUp, test } from "./fixtures";

test("a like reaches the author's bell live, and the notification opens the post", async ({ browser }) => {
  const bContext = await browser.newContext();
  const b = await bContext.newPage();
  await signUp(b);
  await b.goto("/social");
  const text = `Bell journey ${Date.now().toString(36)}`;
  await b.getByLabel("Share something with the community").fill(text);
  await b.getByRole("button", { name: "Post", exact: true }).click();
  await expect(b.locator("article.feed-post", { hasText: text })).toBeVisible();
  const bell = b.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications");

  const aContext = await browser.newContext();
  const a = await aContext.newPage();
  const liker = await signUp(a);
  await a.goto("/social");
  const post = a.locator("article.feed-post", { hasText: text });
  await post.getByRole("button", { name: /, Like$/ }).click();
  await expect(post.getByRole("button", { name: /, Like$/ })).toHaveAttribute("aria-pressed", "true");

  // B never reloads: the count arrives over the socket.
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
  await bell.click();
  const panel = b.getByRole("dialog", { name: "Notifications" });
  const item = panel.getByRole("link", { name: new RegExp(`${liker.username} liked your post`) });
  await expect(item).toBeVisible();
  await item.click();
  await expect(b).toHaveURL(/\/social\/post\/[0-9a-f-]{36}$/);
  await expect(b.getByText(text)).toBeVisible();
  await expect(bell).toHaveAccessibleName("Notifications");

  await aContext.close();
  await bContext.close();
});
