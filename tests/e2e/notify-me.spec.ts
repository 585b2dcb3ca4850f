// The news sign-up anywhere and "Notify me" (decision 057), as people meet them:
// - a visitor gives an address in the footer of a public page and confirms it from the mail
//   (read in the local mailbox, /dev/mailbox's API);
// - a member taps "Notify me" on an album coming next week, and the test clock (POST
//   /api/dev/notify-me/run, local mode only) runs the pass as if the release time had passed: the
//   member finds the notification in the centre. The album is the journey's own (made and deleted
//   through the back office's API), so no other journey sees it.
import { asAdmin, expect, signUp, test } from "./fixtures";
import { newMember } from "./support";

type Mailbox = { messages: { to: string; subject: string; links: string[] }[] };

test("a visitor signs up for the news in the footer and confirms from the mailbox", async ({ page }) => {
  const email = newMember().email;
  await page.goto("/events");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("heading", { name: "Get the news" })).toBeVisible();
  await footer.getByLabel("Your e-mail").fill(email);
  await footer.getByRole("button", { name: "Sign up" }).click();
  await expect(footer.getByText("Check your inbox: open the link we sent to confirm your subscription.")).toBeVisible();

  let link: string | undefined;
  await expect
    .poll(async () => {
      const { messages } = (await (await page.request.get("/api/dev/mailbox")).json()) as Mailbox;
      link = messages.filter((m) => m.to === email.toLowerCase()).flatMap((m) => m.links.filter((l) => l.includes("/newsletter/confirm?token=")))[0];
      return link;
    })
    .toBeTruthy();
  await page.goto(link!);
  await expect(page.getByText("You're subscribed. Our news will reach you by e-mail.")).toBeVisible();
});

test("a member taps Notify me on a coming album and is told when it comes out", async ({ page, browser, baseURL }) => {
  const title = `Notify Album ${Date.now().toString(36)}`;
  const releaseAt = Date.now() + 7 * 24 * 3_600_000;
  const albumId = await asAdmin(browser, async (api) => {
    const created = await api.post("/api/admin/catalog/albums", { data: { title, year: 2026, type: "Album" } });
    expect(created.status(), await created.text()).toBe(201);
    const { album } = (await created.json()) as { album: { id: string } };
    const timed = await api.patch(`/api/admin/catalog/albums/${album.id}`, {
      data: { releaseAt: new Date(releaseAt).toISOString(), earlyAccessAt: new Date(Date.now() - 3_600_000).toISOString() },
    });
    expect(timed.status(), await timed.text()).toBe(200);
    return album.id;
  });
  try {
    await signUp(page);
    await page.goto(`/music/catalog/${albumId}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const button = page.getByRole("button", { name: `Notify me when ${title} is out` });
    await expect(button).toBeEnabled();
    await button.click();
    await expect(button).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("We'll tell you when it's out.")).toBeVisible();

    const run = await page.request.post("/api/dev/notify-me/run", { data: { now: releaseAt + 60_000 }, headers: { origin: new URL(baseURL!).origin } });
    expect(run.status()).toBe(200);
    await expect
      .poll(async () => {
        const { items } = (await (await page.request.get("/api/notifications")).json()) as { items: { kind: string }[] };
        return items.map((n) => n.kind);
      })
      .toContain("notify_release");
    await page.goto("/notifications");
    await expect(page.getByText(`${title} is out now — you asked us to tell you`)).toBeVisible();
  } finally {
    await asAdmin(browser, async (api) => {
      expect((await api.delete(`/api/admin/catalog/albums/${albumId}`)).status()).toBe(200);
    });
  }
});
