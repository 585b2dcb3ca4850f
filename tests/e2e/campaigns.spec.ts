// A newsletter campaign end to end (decision 045), in local mode: a Portuguese-speaking person
// subscribes and confirms from the link in /dev/mailbox (double opt-in); the administrator composes
// a campaign in English and Portuguese on /admin/campaigns, sees the exact audience count for
// Portuguese readers, sends it; the person's copy in the mailbox is in Portuguese, carries the
// RFC 8058 headers, and its unsubscribe link unsubscribes in one click and shows the preferences.
// The mailbox is polled; nothing sleeps.
import type { Page } from "@playwright/test";
import { botCheckHeader, expect, test } from "./fixtures";
import { newMember } from "./support";

type MailboxMessage = { to: string; subject: string; text: string; links: string[]; headers?: Record<string, string> };

const mailTo = async (page: Page, email: string): Promise<MailboxMessage[]> => {
  const res = await page.request.get("/api/dev/mailbox");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { messages: MailboxMessage[] }).messages.filter((m) => m.to === email);
};

test("an admin sends a bilingual campaign; a Portuguese reader gets it in Portuguese and unsubscribes in one click", async ({ page, baseURL, loginAs }) => {
  const reader = newMember().email;
  const name = `Novidades ${Date.now()}`;

  await test.step("a Portuguese-speaking person subscribes and confirms from the mailbox", async () => {
    const res = await page.request.post("/api/newsletter/subscribe", {
      data: { email: reader, locale: "pt-BR" },
      headers: { origin: new URL(baseURL!).origin, ...(await botCheckHeader(page.request, "newsletter")) },
    });
    expect(res.status()).toBe(202);
    let link: string | undefined;
    await expect
      .poll(async () => {
        link = (await mailTo(page, reader)).flatMap((m) => m.links).find((l) => l.includes("/newsletter/confirm?token="));
        return link;
      })
      .toBeTruthy();
    await page.goto(link!);
    await expect(page.getByText("You're subscribed. Our news will reach you by e-mail.")).toBeVisible();
  });

  await test.step("the admin composes the campaign in both languages", async () => {
    await loginAs("admin", "/admin/campaigns");
    await expect(page.getByRole("heading", { level: 1, name: "Campaigns" })).toBeVisible();
    await page.getByRole("link", { name: "New campaign" }).click();
    await page.getByLabel("Campaign name").fill(name);
    const english = page.getByRole("group", { name: "English", exact: true });
    await english.getByLabel("Subject (English)").fill("The new single is out");
    // A new campaign starts with one empty paragraph.
    await english.getByRole("group", { name: "Block 1: Paragraph" }).getByLabel("Paragraph text").fill("Listen to **Heartbeat** now.");
    await page.getByRole("checkbox", { name: "Add Portuguese version" }).check();
    const portuguese = page.getByRole("group", { name: "Português", exact: true });
    await portuguese.getByLabel("Subject (Portuguese)").fill("O novo single chegou");
    await portuguese.getByRole("group", { name: "Block 1: Paragraph" }).getByLabel("Paragraph text").fill("Ouça **Heartbeat** agora.");

    const audience = page.getByRole("group", { name: "Audience" });
    await audience.getByLabel("Recipients' language").selectOption({ label: "Português" });
    // The exact count, by language: everyone counted reads Portuguese.
    await expect(audience.getByText(/^[\d,]+ recipients? — 0 English, [\d,]+ Portuguese$/)).toBeVisible();

    await page.getByRole("button", { name: "Save draft" }).click();
    // Saved: the draft has its own address now, and can be tested and sent.
    await expect(page).toHaveURL(/[?&]campaign=[0-9a-f-]{36}/);
    await expect(page.getByRole("button", { name: "Send now" })).toBeEnabled();
  });

  await test.step("the preview shows the Portuguese mail", async () => {
    await page.getByRole("group", { name: "Preview language" }).getByRole("radio", { name: "Português" }).check();
    const preview = page.frameLocator('iframe[title="Mail preview"]');
    await expect(preview.getByText("Ouça Heartbeat agora.")).toBeVisible();
  });

  await test.step("the admin sends it now, after the confirmation naming the count", async () => {
    await page.getByRole("button", { name: "Send now" }).click();
    const dialog = page.getByRole("dialog", { name: "Send the campaign" });
    await expect(dialog.getByText(/^Send to [\d,]+ (people|person) now\?$/)).toBeVisible();
    await dialog.getByRole("button", { name: "Send now" }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step("the reader's copy is in Portuguese, with one-click unsubscribe", async () => {
    let mail: MailboxMessage | undefined;
    await expect
      .poll(async () => {
        mail = (await mailTo(page, reader)).find((m) => m.subject === "O novo single chegou");
        return mail;
      })
      .toBeTruthy();
    expect(mail!.text).toContain("Ouça Heartbeat agora.");
    expect(mail!.text).toContain("Cancelar inscrição");
    expect(mail!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail!.headers?.["List-Unsubscribe"]).toMatch(/^<https?:\/\/[^>]+\/api\/newsletter\/unsubscribe\?t=[^>]+>$/);
    const unsubscribe = mail!.links.find((l) => l.includes("/newsletter/unsubscribe?t="));
    expect(unsubscribe).toBeTruthy();
    // Sent from the queue, outside any request: the links and the one-click header name this
    // server (the port it is served on), not the production address.
    expect(new URL(unsubscribe!).origin).toBe(new URL(baseURL!).origin);
    expect(new URL(/^<([^>]+)>$/.exec(mail!.headers!["List-Unsubscribe"]!)![1]!).origin).toBe(new URL(baseURL!).origin);

    // The link from the mail: one visit unsubscribes, then the preferences are offered.
    await page.goto(unsubscribe!);
    await expect(page.getByText("You're unsubscribed. We will send you no more news.")).toBeVisible();
    await expect(page.getByText("Changed your mind, or want only some of our news? Choose below.")).toBeVisible();
  });
});
