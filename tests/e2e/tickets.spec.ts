// Tickets sold here (decision 055), as a fan, the door and the artist's team meet them: a visitor
// buys two General tickets of the demo show through the local test checkout, finds their codes
// and QR codes in the mailbox and, once signed up with that address, in /tickets; door staff check
// one in by its typed code and the second check of it is refused. The admin cancels a small show
// of their own and its buyer's mailbox holds the refund notice. Each journey buys for a buyer of
// its own and the demo show has 250 General tickets, so they run beside every other journey.
import type { APIRequestContext, Page } from "@playwright/test";
import { asAdmin, clientAddress, expect, grantDoorStaff, hydrated, mailTo, signUp, test } from "./fixtures";
import { newMember } from "./support";
import { hostMs } from "./host-time";

const DEMO_SHOW = { id: "7c1e0000-0000-4000-8000-000000000001", title: "Freestyle Lovers Live — Miami (tickets here)" };
const DAY = 24 * 60 * 60 * 1000;
const CODE = /TKT-[A-Z0-9]{4}-[A-Z0-9]{4}/g;

/** From an event card's "Get tickets" to the test checkout's Pay and the thanks page; returns the order number. */
async function buyTickets(page: Page, title: string, { type, quantity, email }: { type: string; quantity: number; email: string }) {
  await page.goto("/events");
  await hydrated(page);
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) });
  const block = card.getByRole("region", { name: "Get tickets" });
  await expect(block).toBeVisible();
  await block.getByLabel(`How many ${type} tickets`).selectOption(String(quantity));
  await block.getByLabel("Your e-mail for the tickets").fill(email);
  await block.getByRole("button", { name: "Buy tickets" }).click();
  await expect(page).toHaveURL(/\/store\/checkout\/test\?session=/);
  await expect(page.getByRole("heading", { level: 1, name: "Test checkout" })).toBeVisible();
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/store\/thanks\?session_id=/);
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  return Number((await page.getByText(/^Order #\d+$/).textContent())!.replace("Order #", ""));
}

test("a visitor buys two tickets, finds them in the mailbox and in /tickets, and the door admits one once", async ({ page, browser, baseURL }) => {
  const buyer = newMember();
  const number = await buyTickets(page, DEMO_SHOW.title, { type: "General", quantity: 2, email: buyer.email });

  const codes = await test.step("the receipt holds both tickets: their codes and QR codes", async () => {
    const receipt = await mailTo(page, buyer.email, new RegExp(`#${number}`));
    const found = [...new Set(receipt.text?.match(CODE) ?? [])];
    expect(found).toHaveLength(2);
    // The QR code is a table of dark and light cells, which every mail program shows.
    expect(receipt.html).toContain("<table");
    expect(receipt.links.some((link) => link.includes("/tickets"))).toBe(true);
    return found;
  });

  await test.step("signed up with the address they bought with, the visitor finds both tickets in /tickets", async () => {
    await signUp(page, buyer);
    await page.goto("/tickets");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("my-ticket")).toHaveCount(2);
    for (const code of codes) await expect(page.getByText(code)).toBeVisible();
  });

  const doorContext = await browser.newContext({ baseURL, locale: "en-US", extraHTTPHeaders: { "CF-Connecting-IP": clientAddress() } });
  const door = await doorContext.newPage();
  try {
    await signUp(door);
    await grantDoorStaff(door, browser);
    await door.goto("/check-in");
    await expect(door.getByRole("heading", { level: 1, name: "Door check-in" })).toBeVisible();
    await door.getByLabel("Event").selectOption(DEMO_SHOW.id);
    const codeField = door.getByRole("textbox", { name: "Ticket or pass code" });
    const result = door.getByTestId("check-in-result");

    await test.step("the first ticket's typed code lets its holder in", async () => {
      await codeField.fill(codes[0]!);
      await door.getByRole("button", { name: "Check in" }).click();
      await expect(result).toHaveAttribute("data-result", "valid");
      await expect(result.getByText("Valid ticket: let them in")).toBeVisible();
    });

    await test.step("the same code again is refused: already used, when and by whom", async () => {
      await codeField.fill(codes[0]!.toLowerCase().replaceAll("-", " "));
      await door.getByRole("button", { name: "Check in" }).click();
      await expect(result).toHaveAttribute("data-result", "already_checked_in");
      await expect(result.getByText(/^Already used at .+ by door staff /)).toBeVisible();
    });
  } finally {
    await doorContext.close();
  }
});

/** A small show of the journey's own, on sale now, with one $15 ticket type. */
async function createSmallShow(api: APIRequestContext, title: string): Promise<string> {
  const now = Date.now();
  const created = await api.post("/api/admin/events", {
    data: {
      title,
      eventDate: new Date(now + 20 * DAY).toISOString(),
      timeZone: "America/New_York",
      status: "published",
      source: "custom",
      venueName: "Small Room",
      venueAddress: "1 Club Street",
      venueCity: "Miami",
      venueState: "FL",
      venueCountry: "USA",
      venuePostalCode: "33139",
      venueCapacity: 40,
      ticketPriceMin: 15,
      ticketPriceMax: 15,
      currency: "USD",
      ticketSaleStart: new Date(now - DAY).toISOString(),
      ticketSaleEnd: new Date(now + 19 * DAY).toISOString(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { event } = (await created.json()) as { event: { id: string } };
  const type = await api.post(`/api/admin/events/${event.id}/ticket-types`, {
    data: { name: "General", namePtBr: "Pista", priceCents: 1500, quantity: 40, perOrderLimit: 4, vipOnly: false, position: 0 },
  });
  expect(type.status(), await type.text()).toBe(201);
  return event.id;
}

test("the admin cancels a small show that sold a ticket and its buyer is told of the refund", async ({ page, browser, loginAs }) => {
  const title = `Small Show ${Date.now().toString(36).toUpperCase()}`;
  await asAdmin(browser, (api) => createSmallShow(api, title));
  const buyer = newMember();
  await buyTickets(page, title, { type: "General", quantity: 1, email: buyer.email });

  await loginAs("admin", "/admin/events");
  await hydrated(page);
  await page.getByRole("button", { name: `Cancel event ${title}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText(/^1 buyer with 1 ticket will be refunded \$15\.00/)).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel and refund 1 buyer" }).click();
  await expect(dialog.getByRole("status")).toContainText("Done: every buyer was handled", { timeout: hostMs(30_000) });

  const notice = await mailTo(page, buyer.email, new RegExp(`^Cancelled: ${title} \\(your tickets are refunded\\)$`));
  expect(notice.text).toContain("$15.00");
});
