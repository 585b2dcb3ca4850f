// The back office's daily operations, as an administrator runs them: publishes a show and finds
// it on the public events page; exports the filtered ticket sales and the file holds exactly
// those rows.
import { readFile } from "node:fs/promises";
import Papa from "papaparse";
import { expect, signIn, signUp, test } from "./fixtures";

test("an admin creates a published event and visitors see it on /events", async ({ page, browser, loginAs }) => {
  await loginAs("admin", "/admin/events");
  await page.getByRole("button", { name: "Create Event" }).click();
  const title = `Freestyle Night ${Date.now()}`;
  // Required fields end their label with an asterisk that is not part of the accessible name.
  const form = page.getByRole("region", { name: "Create Event" });
  const box = (name: string) => form.getByRole("textbox", { name, exact: true });
  await box("Title").fill(title);
  await box("Event date and time").fill("2027-06-12T20:00");
  await form.getByRole("combobox", { name: "Status", exact: true }).selectOption({ label: "Published" });
  await box("Venue name").fill("Webster Hall");
  await box("Address").fill("125 E 11th St");
  await box("City").fill("New York");
  await box("State").fill("NY");
  await form.getByRole("spinbutton", { name: "Capacity", exact: true }).or(box("Capacity")).fill("1500");
  await form.getByRole("spinbutton", { name: "Minimum price", exact: true }).or(box("Minimum price")).fill("45");
  await form.getByRole("spinbutton", { name: "Maximum price", exact: true }).or(box("Maximum price")).fill("120.50");
  await box("Ticket sale start").fill("2026-11-01T10:00");
  await box("Ticket sale end").fill("2027-06-12T18:00");
  await form.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Event created")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("Published");

  // A visitor (another browser, nobody signed in) finds it with its price range.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto("/events");
  const row = visitorPage.locator("li, article", { hasText: title }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText("Webster Hall");
  await expect(row).toContainText("$45.00");
  await visitor.close();
});

test("an admin exports the confirmed tickets, and tickets.csv holds exactly those rows", async ({ page, loginAs }) => {
  await loginAs("admin", "/admin/tickets");
  // The table keeps the earlier rows on screen while the filtered ones load: it is read once the
  // answer for Confirmed is in and the page is no longer busy (a busy machine makes that slow).
  const filtered = page.waitForResponse(
    (res) => new URL(res.url()).pathname === "/api/admin/tickets" && new URL(res.url()).searchParams.get("status") === "confirmed",
  );
  await page.getByLabel("Status", { exact: true }).selectOption({ label: "Confirmed" });
  await filtered;
  await expect(page.locator(".tickets-page")).toHaveAttribute("aria-busy", "false");
  const table = page.getByRole("table", { name: /Tickets/ });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  const shownOrders = await table.locator("tbody tr td:first-child").allInnerTexts();
  expect(shownOrders.length).toBeGreaterThan(0);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toBe("tickets.csv");
  const bytes = await readFile(await download.path());
  const text = bytes.toString("utf8");
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text.slice(1).startsWith('"Order ID","Event","Customer","Status","Price","Date"\r\n')).toBe(true);
  const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.data).toHaveLength(shownOrders.length);
  for (const row of parsed.data) expect(row.Status).toBe("confirmed");
  expect(parsed.data.map((row) => row["Order ID"]).sort()).toEqual(shownOrders.map((o) => o.trim()).sort());
});

test("an admin gives a new member a complimentary VIP, then bans them", async ({ page, browser, loginAs }) => {
  // The member signs up in a browser of their own.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const member = await signUp(memberPage);
  await memberPage.goto("/chat");
  await expect(memberPage.getByRole("heading", { name: "VIP Access Required" })).toBeVisible();

  await loginAs("admin", "/admin/users");
  // Wait for the search's answer before pressing a switch, as a person waits for the results. The
  // new member is on the unfiltered first page already, and a switch pressed while the search is
  // still loading shows off again: the list then takes that answer, read before the switch's write.
  const searched = page.waitForResponse((res) => new URL(res.url()).searchParams.get("search") === member.email);
  await page.getByRole("searchbox", { name: "Search users" }).fill(member.email);
  await searched;
  await expect(page.locator(".admin-users-results[aria-busy]")).toHaveCount(0);
  const row = page.getByRole("row", { name: new RegExp(member.email.replace(/[.]/g, "\\.")) });
  await expect(row).toHaveCount(1);
  await row.getByRole("switch", { name: `Comp VIP: ${member.email}` }).click();
  await expect(row.getByRole("switch", { name: `Comp VIP: ${member.email}` })).toHaveAttribute("aria-checked", "true");
  await expect(row).toContainText("Comp");

  // A privilege change ends the member's sessions: signed in again, they have the VIP pages.
  await signIn(memberPage, member.email, member.password, "/chat");
  await expect(memberPage.getByRole("heading", { name: "Chat with Lola Rivera" })).toBeVisible();

  // Banned, with a reason and for good: signed out at once; the right password learns why (a
  // wrong one still gets "Invalid email or password", so nobody learns who is banned).
  await row.getByRole("switch", { name: `Banned: ${member.email}` }).click();
  const banDialog = page.getByRole("dialog", { name: "Ban user" });
  await banDialog.getByLabel("Reason (the member sees it when they sign in)").fill("Spamming the feed");
  // A new ban starts as permanent: the reason alone is enough.
  await expect(banDialog.getByLabel("Permanent")).toBeChecked();
  await banDialog.getByRole("button", { name: "Ban User" }).click();
  await expect(row.getByRole("switch", { name: `Banned: ${member.email}` })).toHaveAttribute("aria-checked", "true");
  await expect(row).toContainText("Reason: Spamming the feed");
  await memberPage.reload();
  await expect(memberPage.getByRole("heading", { name: "VIP Access Required" })).toBeVisible();
  await expect(memberPage.getByRole("link", { name: "Login" })).toBeVisible();
  await memberPage.goto("/social/login");
  await memberPage.getByLabel("Email").fill(member.email);
  await memberPage.getByLabel("Password", { exact: true }).fill(member.password);
  await memberPage.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(memberPage.getByRole("alert")).toContainText("Your account is suspended. Reason: Spamming the feed");
  await expect(memberPage.getByRole("alert").getByRole("link", { name: "contact us" })).toHaveAttribute("href", "/#contact");
  await memberPage.getByLabel("Password", { exact: true }).fill("not-the-password");
  await memberPage.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(memberPage.getByRole("alert")).toHaveText("Invalid email or password");
  await expect(memberPage).toHaveURL(/\/social\/login/);
  await memberContext.close();
});
