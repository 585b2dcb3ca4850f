// The waitlist's set-up for its journeys (decision 185), through the API as a fan or the admin would
// leave it: a show of the journey's own whose one ticket type sold its last ticket to fan A, A's
// ticket as /api/tickets gives it (its code and QR token), and the texts of the pages the journeys
// read in either language, from the features' own catalogs.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { englishCatalog, siteCatalog, sitePortuguese } from "../../scripts/lib/english-messages.mjs";
import type { MyTicket, MyTicketsResponse } from "../../worker/contracts/tickets/mine-model";
import type { StoreCheckoutResponse } from "../../worker/contracts/store/checkout";
import { asAdmin, expect, hydrated, test } from "./fixtures";
import { booked, centsOf } from "./purchase";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DAY = 24 * 60 * 60 * 1000;
/** The one type's price: what A paid, what B is offered, what A gets back. */
export const FACE_VALUE_CENTS = 1500;

export type Locale = "en" | "pt-BR";
/** The features whose pages the journeys walk. */
const FEATURES = ["waitlist", "my-tickets", "store/checkout", "check-in"];

const catalogs: Record<Locale, Record<string, string>> = {
  en: Object.assign({}, siteCatalog(), ...FEATURES.map((f) => englishCatalog(path.join(ROOT, "app/features", f)))),
  "pt-BR": Object.assign(
    {},
    sitePortuguese(),
    ...FEATURES.map((f) => JSON.parse(readFileSync(path.join(ROOT, "app/features", f, "messages.pt-BR.json"), "utf8")) as Record<string, string>),
  ),
};

/** A page's text in `locale` by its message id, its `{name}`s filled in. */
export function say(locale: Locale, id: string, values: Record<string, string> = {}): string {
  const text = catalogs[locale][id];
  if (text === undefined) throw new Error(`Message "${id}" is missing from the ${locale} catalogs`);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** `say`'s text as an exact pattern, each `{name}` standing for `filler` (a pattern; anything by default). */
export function sayPattern(locale: Locale, id: string, filler = ".+"): RegExp {
  const parts = say(locale, id)
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join(filler)}$`);
}

const siteOrigin = () => new URL(test.info().project.use.baseURL!).origin;

export type SoldOutShow = { title: string; eventId: string; typeId: string; typeName: Record<Locale, string> };

/** A show of the journey's own, 20 days ahead, whose one ticket type has a single ticket at face value. */
export async function showWithOneTicket(browser: Browser, title: string): Promise<SoldOutShow> {
  return asAdmin(browser, async (api) => {
    const now = Date.now();
    const created = await api.post("/api/admin/events", {
      data: {
        title,
        eventDate: new Date(now + 20 * DAY).toISOString(),
        timeZone: "America/New_York",
        status: "published",
        source: "custom",
        venueName: "Waitlist Room",
        venueAddress: "2 Club Street",
        venueCity: "Miami",
        venueState: "FL",
        venueCountry: "USA",
        venuePostalCode: "33139",
        venueCapacity: 40,
        ticketPriceMin: FACE_VALUE_CENTS / 100,
        ticketPriceMax: FACE_VALUE_CENTS / 100,
        currency: "USD",
        ticketSaleStart: new Date(now - DAY).toISOString(),
        ticketSaleEnd: new Date(now + 19 * DAY).toISOString(),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { event } = (await created.json()) as { event: { id: string } };
    const type = await api.post(`/api/admin/events/${event.id}/ticket-types`, {
      data: { name: "General", namePtBr: "Pista", priceCents: FACE_VALUE_CENTS, quantity: 1, perOrderLimit: 4, vipOnly: false, position: 0 },
    });
    expect(type.status(), await type.text()).toBe(201);
    const { ticketType } = (await type.json()) as { ticketType: { id: string } };
    return { title, eventId: event.id, typeId: ticketType.id, typeName: { en: "General", "pt-BR": "Pista" } };
  });
}

/** The member signed in on `request` buys the type's last ticket through the local test checkout: the type is sold out. */
export async function buyTheLastTicket(request: APIRequestContext, show: SoldOutShow): Promise<MyTicket> {
  const headers = { Origin: siteOrigin() };
  const opened = await request.post("/api/store/checkout", {
    data: { currency: "usd", tickets: [{ ticketTypeId: show.typeId, quantity: 1 }], attemptId: crypto.randomUUID() },
    headers,
  });
  expect(opened.status(), await opened.text()).toBe(200);
  const session = new URL(((await opened.json()) as StoreCheckoutResponse).url, siteOrigin()).searchParams.get("session")!;
  const paid = await request.post(`/api/store/local/checkouts/${session}/pay`, { data: {}, headers });
  expect(paid.status(), await paid.text()).toBe(200);
  const [ticket] = await ticketsTo(request, show);
  expect(ticket, "the buyer holds the ticket").toBeDefined();
  return ticket!;
}

/** The tickets to `show` of the member signed in on `request`, as My tickets reads them. */
export async function ticketsTo(request: APIRequestContext, show: SoldOutShow): Promise<MyTicket[]> {
  const res = await request.get("/api/tickets");
  expect(res.status(), await res.text()).toBe(200);
  const { upcoming } = (await res.json()) as MyTicketsResponse;
  return upcoming.find((group) => group.event.id === show.eventId)?.tickets ?? [];
}

/** What a door answers for a ticket's QR token, asked through the check-in API as the scanner does. */
export async function scanAtTheDoor(request: APIRequestContext, show: SoldOutShow, token: string): Promise<string> {
  const res = await request.post("/api/check-in", { data: { eventId: show.eventId, token }, headers: { Origin: siteOrigin() } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { result: string }).result;
}

/** A waitlist claim's row of the purchase ladder (decision 153): what the offer showed, what Pay charged, the order's number. */
export type ClaimBought = { offerCents: number; chargedCents: number; order: number };

/**
 * B, signed in on `page`, on the list of `show`'s type when its seller hands the ticket back
 * (both through the API, as the journey's pages do): from the offer on My tickets through Pay now
 * and the local test checkout's Pay, reading the amount each showed.
 */
export async function claimTheOffer(page: Page, seller: APIRequestContext, show: SoldOutShow, sold: MyTicket): Promise<ClaimBought> {
  const headers = { Origin: siteOrigin() };
  const joined = await page.request.post("/api/waitlist/places", { data: { ticketTypeId: show.typeId, quantity: 1 }, headers });
  expect(joined.status(), await joined.text()).toBe(201);
  const returned = await seller.post("/api/waitlist/returns", { data: { ticketId: sold.id }, headers });
  expect(returned.status(), await returned.text()).toBe(201);
  await page.goto("/tickets");
  await hydrated(page);
  const offer = page.getByRole("region", { name: say("en", "waitlist.offers.title") }).getByRole("article", { name: show.title });
  const total = offer.getByText(sayPattern("en", "waitlist.offer.total"));
  await expect(total).toBeVisible();
  const offerCents = centsOf((await total.textContent())!);
  await offer.getByRole("button", { name: say("en", "waitlist.pay.label", { title: show.title }) }).click();
  await expect(page).toHaveURL(/\/store\/checkout\/test\?session=/);
  await expect(page.getByRole("heading", { level: 1, name: say("en", "storeCheckout.test.title") })).toBeVisible();
  await hydrated(page);
  const pay = page.getByRole("button", { name: /^Pay / });
  const chargedCents = centsOf((await pay.textContent())!);
  await pay.click();
  await expect(page).toHaveURL(/\/store\/thanks\?session_id=/);
  await expect(page.getByRole("heading", { name: say("en", "storeCheckout.thanks.paid.title") })).toBeVisible();
  const order = Number((await page.getByText(/^Order #\d+$/).textContent())!.replace("Order #", ""));
  return { offerCents, chargedCents, order };
}

/** The buyer's order and sale are what the offer showed and Pay charged; the seller's refund of face value is booked once. */
export async function expectClaimBooked(request: APIRequestContext, buyer: string, seller: string, bought: ClaimBought) {
  expect(bought.chargedCents).toBe(bought.offerCents);
  expect(bought.offerCents).toBe(FACE_VALUE_CENTS);
  const records = await booked(request, buyer);
  const order = records.orders.find((o) => o.number === bought.order);
  expect(order, JSON.stringify(records.orders)).toMatchObject({ totalCents: bought.chargedCents, currency: "usd", status: "paid" });
  expect(records.revenue.reduce((sum, r) => sum + r.amountCents, 0)).toBe(bought.chargedCents);
  // The seller's refund follows the payment's answer: once it is booked, it stays booked once.
  await expect.poll(async () => (await booked(request, seller)).orders.map((o) => o.status)).toEqual(["refunded"]);
  const theirs = await booked(request, seller);
  expect(theirs.revenue.filter((r) => r.amountCents < 0).map((r) => r.amountCents)).toEqual([-FACE_VALUE_CENTS]);
  expect(theirs.revenue.reduce((sum, r) => sum + r.amountCents, 0)).toBe(0);
}
