// Member rights (decision 041) through the real UI: a new member posts, downloads their data from
// /settings (the zip holds the post) and deletes the account; another member then finds neither
// the profile nor the post.
import { readFile } from "node:fs/promises";
import { strFromU8, unzipSync } from "fflate";
import { expect, signIn, signUp, test } from "./fixtures";
import { demoAccount, newMember } from "./support";

test("a new member downloads their data, deletes the account, and another member finds nothing of them", async ({ page, browser }) => {
  const member = await signUp(page, newMember());
  const text = `My data, my rights ${Date.now().toString(36)}`;
  let postId = "";

  await test.step("post something", async () => {
    await page.goto("/social");
    await page.getByLabel("Share something with the community").fill(text);
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await expect(page.locator("article.feed-post", { hasText: text })).toBeVisible();
    const feed = (await (await page.request.get("/api/posts")).json()) as { posts: { id: string; content: string }[] };
    postId = feed.posts.find((p) => p.content === text)?.id ?? "";
    expect(postId).not.toBe("");
  });

  await test.step("download my data: the zip holds the post", async () => {
    await page.goto("/settings");
    const section = page.getByRole("region", { name: "Download my data" });
    await section.getByLabel("Current password").fill(member.password);
    await section.getByRole("button", { name: "Prepare my data" }).click();
    const link = section.getByRole("link", { name: "Download (zip)" });
    await expect(link).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    const posts = JSON.parse(strFromU8(files["posts.json"]!)) as { posts: { id: string; content: string }[] };
    expect(posts.posts.map((p) => p.content)).toEqual([text]);
    expect(Object.keys(files)).toEqual(expect.arrayContaining(["account.json", "chat.json", "README.txt", "index.html"]));
    expect(strFromU8(files["index.html"]!)).toContain(text);
  });

  await test.step("delete the account after the dialog", async () => {
    const section = page.getByRole("region", { name: "Delete account" });
    await section.getByLabel("Current password").fill(member.password);
    await section.getByLabel(`Type your username, ${member.username}, to confirm`).fill(member.username);
    await section.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.getByRole("button", { name: "Delete for good" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Login" }).first()).toBeVisible();
  });

  await test.step("another member finds neither the profile nor the post", async () => {
    const context = await browser.newContext();
    const other = await context.newPage();
    const fan = demoAccount("fan");
    await signIn(other, fan.email, fan.password, member.profileUrl);
    await expect(other.getByText("Profile not found")).toBeVisible();
    await other.goto(`/social/post/${postId}`);
    await expect(other.getByText("Post not found")).toBeVisible();
    expect((await other.request.get(`/api/posts/${postId}`)).status()).toBe(404);
    const feed = await (await other.request.get("/api/posts")).text();
    expect(feed).not.toContain(text);
    await context.close();
  });
});
