// VIP presales (decision 029) as fans meet them on /events: the demo admin sets up an event whose
// presale is open now through the admin API (a shared code of its own, so the run does not depend
// on the seed); the demo VIP reveals the code and the ticket link on the event's card, and the demo
// fan (a plain member) sees when the presale ends and the general sale opens, the way to VIP, and
// neither the code nor the link, in the page or in the data it was sent.
import type { APIRequestContext, Browser } from "@playwright/test";
import { clientAddress, expect, hydrated, signIn, test } from "./fixtures";
import { demoAccount } from "./support";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TICKETS = "https://tickets.example.com/e2e-presale";

/** A request context signed in as the demo admin (the API's own login, same-origin headers). */
async function adminApi(browser: Browser, baseURL: string): Promise<APIRequestContext> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL, "CF-Connecting-IP": clientAddress() } });
  const admin = demoAccount("admin");
  const res = await context.request.post("/api/auth/login", { data: { email: admin.email, password: admin.password } });
  expect(res.status(), await res.text()).toBe(200);
  return context.request;
}

test("a VIP reveals a presale code on /events; a member sees the presale dates and no code", async ({ page, browser, baseURL, loginAs }) => {
  const api = await adminApi(browser, baseURL!);
  const stamp = Date.now().toString(36).toUpperCase();
  const code = `E2E-VIP-${stamp}`;
  const title = `Presale Night ${stamp}`;
  const now = Date.now();
  const created = await api.post("/api/admin/events", {
    data: {
      title,
      eventDate: new Date(now + 30 * DAY).toISOString(),
      timeZone: "America/New_York",
      status: "published",
      source: "custom",
      externalTicketUrl: TICKETS,
      venueName: "Neon Hall",
      venueAddress: "100 Ocean Drive",
      venueCity: "Miami",
      venueState: "FL",
      venueCountry: "USA",
      venueCapacity: 1800,
      ticketPriceMin: 45,
      ticketPriceMax: 120,
      ticketSaleStart: new Date(now - DAY).toISOString(),
      ticketSaleEnd: new Date(now + 30 * DAY).toISOString(),
      presaleCodeMode: "shared",
      presaleStartsAt: new Date(now - HOUR).toISOString(),
      presaleEndsAt: new Date(now + 2 * DAY).toISOString(),
      generalSaleAt: new Date(now + 3 * DAY).toISOString(),
      presaleSharedCode: code,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { event } = (await created.json()) as { event: { id: string } };

  try {
    // The VIP: "now until", then the code and the ticket link on a click.
    await loginAs("vip", "/events");
    // Once the app has started, the cards gain the viewer's own time (decision 031) and the button
    // moves down: a click sent while it moves lands where it was. Click once the page has hydrated.
    await hydrated(page);
    const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) });
    await expect(card.getByText(/^VIP presale — now until /)).toBeVisible();
    await expect(card.getByText(code)).toHaveCount(0);
    await card.getByRole("button", { name: "Show my presale code" }).click();
    await expect(card.locator(".event-presale-code")).toHaveText(code);
    await expect(card.getByRole("link", { name: `Buy presale tickets for ${title} (opens in a new tab)` })).toHaveAttribute("href", TICKETS);

    // A plain member: the dates, the way to VIP, no button, no code, no link.
    const fanContext = await browser.newContext({ baseURL: baseURL!, extraHTTPHeaders: { "CF-Connecting-IP": clientAddress() } });
    const fanPage = await fanContext.newPage();
    const fan = demoAccount("fan");
    await signIn(fanPage, fan.email, fan.password, "/events");
    const fanCard = fanPage.getByRole("article").filter({ has: fanPage.getByRole("heading", { name: title }) });
    await expect(fanCard.getByText(/^VIP presale until .+ · general sale from /)).toBeVisible();
    await expect(fanCard.getByRole("link", { name: "Become a VIP for presale access" })).toBeVisible();
    await expect(fanCard.getByRole("button", { name: "Show my presale code" })).toHaveCount(0);
    await expect(fanCard.getByRole("link", { name: /Buy/ })).toHaveCount(0);
    expect(await fanPage.content()).not.toContain(code);
    expect(await (await fanPage.request.get("/api/events")).text()).not.toContain(code);
    const refused = await fanPage.request.post(`/api/events/${event.id}/presale-code`, { headers: { Origin: baseURL! } });
    expect(refused.status()).toBe(403);
    await fanContext.close();
  } finally {
    await api.delete(`/api/admin/events/${event.id}`);
  }
});
