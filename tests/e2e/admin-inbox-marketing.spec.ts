// The back office's inbox and mailing list, as an administrator uses them: answers a fan's
// contact message and the reply lands in the local mailbox; imports a CSV and reads the results
// panel; exports the list and the file holds the imported contacts.
import { readFile } from "node:fs/promises";
import { botCheckHeader, expect, test } from "./fixtures";

test("an admin replies to a contact message and the reply is in the local mailbox", async ({ page, loginAs, baseURL }) => {
  const tag = Date.now().toString(36);
  const subject = `Show in Lisbon? ${tag}`;
  const email = `fan.${tag}@example.com`;
  const sent = await page.request.post("/api/contact", {
    headers: { origin: baseURL!, ...(await botCheckHeader(page.request, "contact")) },
    data: { name: "Ana Souza", email, subject, message: "Will you play Lisbon this year?", subscribe: false },
  });
  expect(sent.status()).toBe(200);

  await loginAs("admin", "/admin/messages");
  // Wait for the search's answer before replying, as a person waits for the results. The new
  // message is on the unfiltered first page already, and a reply sent while the search is still
  // loading leaves the card again: the list then takes that answer, read before the reply.
  const searched = page.waitForResponse((res) => new URL(res.url()).searchParams.get("search") === tag);
  await page.getByRole("searchbox", { name: "Search" }).fill(tag);
  await searched;
  await expect(page.locator(".admin-page")).toHaveAttribute("aria-busy", "false");
  const card = page.getByRole("article", { name: subject });
  await expect(card).toContainText("Unread");
  await card.getByRole("button", { name: "Reply" }).click();
  await expect(card.getByRole("button", { name: "Send Reply" })).toBeDisabled();
  await card.getByPlaceholder("Write your reply...").fill("  Yes: October 12, see you there!  ");
  await card.getByRole("button", { name: "Send Reply" }).click();
  await expect(card.getByRole("list", { name: "Replies" })).toContainText("Admin Reply");
  await expect(card.getByRole("list", { name: "Replies" })).toContainText("Sent");
  await expect(card).toContainText("Replied");

  await page.goto("/dev/mailbox");
  const mail = page.getByRole("article", { name: `Re: ${subject}` });
  await expect(mail).toHaveCount(1);
  await expect(mail).toContainText(email);
  await expect(mail).toContainText("Yes: October 12, see you there!");
});

test("an admin imports a CSV, reads the results, and exports the list", async ({ page, loginAs }) => {
  const tag = Date.now().toString(36);
  const csv = [
    "FirstName,LastName,Email",
    `Ana,Souza,Ana.${tag}@Example.com`,
    `"Smith, Jr.",Lee,smith.${tag}@example.com`,
    `Dup,Row,ana.${tag}@example.com`,
    "No,Email,",
    "Bad,Address,not-an-email",
    "",
  ].join("\r\n");
  await loginAs("admin", "/admin/marketing");
  // The list's declared basis comes first: every contact added records it with its consent.
  await page.getByRole("radio", { name: /^Consent\b/ }).check();
  await page.getByLabel("CSV file").setInputFiles({ name: "contacts.csv", mimeType: "text/csv", buffer: Buffer.from(`\uFEFF${csv}`) });

  const results = page.getByRole("region", { name: "Import Results" });
  await expect(results).toBeVisible();
  const figure = (label: string) =>
    results
      .locator("dl > div")
      .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
      .locator("dd");
  await expect(figure("Total Contacts")).toHaveText("5");
  await expect(figure("Imported")).toHaveText("2");
  await expect(figure("Skipped")).toHaveText("2");
  await expect(figure("Errors")).toHaveText("1");
  await expect(results.getByRole("listitem")).toHaveText(['Import error: row 6: invalid email address "not-an-email"']);
  await expect(page.getByRole("table", { name: "Recent Subscribers" })).toContainText(`ana.${tag}@example.com`);

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export Contacts" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^contacts_export_\d{8}-\d{6}\.csv$/);
  const text = await readFile((await download.path())!, "utf8");
  expect(text.startsWith('\uFEFF"FirstName","LastName","Email"\r\n')).toBe(true);
  expect(text).toContain(`"Ana","Souza","ana.${tag}@example.com"`);
  expect(text).toContain(`"Smith, Jr.","Lee","smith.${tag}@example.com"`);
});
