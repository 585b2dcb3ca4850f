// One purchase journey for anything we sell (decision 153): a row names the thing, the path to it,
// the currency and the buyer's place; `buy` walks from where the thing is offered to the local test
// checkout, reads the amount and tax the page shows before Pay, pays, and `expectBooked` compares
// them with what the Worker booked (GET /api/dev/booked: order, subscription, membership payment,
// revenue rows) and with the receipt in the local mailbox. A new product adds a row to
// tests/e2e/ladder.spec.ts and, only when it is offered somewhere new, a case to `offer`.
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import type { BookedResponse } from "../../worker/contracts/dev-booked";
import type { AuthUserResponse } from "../../worker/contracts/auth";
import { botCheckHeader, expect, hydrated, mailTo, signUp, test, type MailboxMessage } from "./fixtures";
import { newMember } from "./support";

export type Place = "DE" | "US" | "BR" | null;

type TierRow = {
  thing: "tier";
  /** The tier's name as its card and checkout show it, and its id. */
  tier: { name: string; id: string };
  plan: "monthly" | "yearly";
  /** visitor: signed out at the ladder, signs in on the way; member: a free member at the ladder. */
  path: "visitor" | "member";
  /** The tier's free trial, when it has one: Pay charges nothing today. */
  trialDays?: number;
};
type StoreRow = {
  thing: "download" | "merch" | "gift of a tier" | "pre-order";
  /** The product's page, and its title there. */
  slug: string;
  title: RegExp;
  /** A size to pick, for merch. */
  size?: string;
  /** The release's own page it is bought from (a pre-order's album page), instead of the product's. */
  from?: string;
  path: "visitor" | "member";
};
type TicketRow = { thing: "ticket"; event: string; type: string; path: "visitor" };

export type PurchaseRow = (TierRow | StoreRow | TicketRow) & { currency: "USD" | "BRL"; place: Place };

/** What the checkout page showed before Pay: what Pay charges today and the tax within it, in cents. */
export type Shown = { totalCents: number; taxCents: number; currency: string };

/** "$1,234.56", "R$ 49,90", "US$ 9,99": every amount on these pages has two decimals. */
export const centsOf = (text: string) => Number(text.replace(/[^\d]/g, ""));

const baseURL = () => test.info().project.use.baseURL!;
const siteOrigin = () => new URL(baseURL()).origin;

/** What the Worker booked for `email`. */
export async function booked(request: APIRequestContext, email: string): Promise<BookedResponse> {
  const res = await request.get(`/api/dev/booked?email=${encodeURIComponent(email)}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as BookedResponse;
}

/** A confirmed account made through the API in a request context of its own: `page` stays signed out. */
async function accountOnTheSide(browser: Browser, page: Page) {
  const member = newMember();
  const context = await browser.newContext();
  try {
    const headers = { Origin: siteOrigin() };
    const data = { username: member.username, email: member.email, password: member.password, confirmPassword: member.password };
    const made = await context.request.post("/api/auth/signup", { data, headers: { ...headers, ...(await botCheckHeader(context.request, "signup")) } });
    expect(made.status(), await made.text()).toBe(201);
    expect(((await made.json()) as AuthUserResponse).user.email).toBe(member.email.toLowerCase());
    const mail = await mailTo(page, member.email, /./);
    const link = mail.links.find((l) => l.includes("/verify-email?token="))!;
    const confirmed = await context.request.post("/api/auth/verify-email", { data: { token: new URL(link).searchParams.get("token") }, headers });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
  } finally {
    await context.close();
  }
  return member;
}

/** From the ladder (/signup-options) to the tier's local test checkout; returns the buyer's address. */
async function offerTier(page: Page, browser: Browser, row: TierRow): Promise<string> {
  const visitor = row.path === "visitor" ? await accountOnTheSide(browser, page) : null;
  const member = visitor ?? (await signUp(page));
  await page.goto("/signup-options");
  await hydrated(page);
  const vip = row.tier.id === "vip";
  await page
    .getByRole("article", { name: row.tier.name })
    .getByRole("link", { name: vip ? "Become a VIP Member" : `Join ${row.tier.name}` })
    .click();
  const join = vip
    ? page.getByRole("button", { name: row.plan === "yearly" ? "Join VIP for a year" : "Join VIP Now" })
    : page.getByRole("button", { name: row.plan === "yearly" ? `Join ${row.tier.name} for a year` : `Join ${row.tier.name} monthly` });
  if (!vip && row.trialDays) await expect(page.getByTestId("tier-trial")).toHaveText(`${row.trialDays}-day free trial`);
  await hydrated(page);
  await join.click();
  if (visitor) {
    // Signed out: Join asks to sign in and comes back to this tier's page.
    await expect(page).toHaveURL(/\/social\/login\?redirect=/);
    await expect(page.getByRole("heading", { name: "Sign In", level: 1 })).toBeVisible();
    await hydrated(page);
    await page.getByLabel("Email").fill(visitor.email);
    await page.getByLabel("Password", { exact: true }).fill(visitor.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: vip ? "Become a VIP Member" : `Join ${row.tier.name}` })).toBeVisible();
    await hydrated(page);
    await join.click();
  }
  await expect(page).toHaveURL(/\/vip-checkout\/test\?session=cs_local_/);
  return member.email;
}

/** From the product's page (or the release's, `from`) through the cart to the store's test checkout. */
async function offerProduct(page: Page, row: StoreRow & { place: Place }): Promise<string> {
  const email = row.path === "member" ? (await signUp(page)).email : newMember().email;
  await page.goto(row.from ?? `/store/${row.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: row.title })).toBeVisible();
  await hydrated(page);
  if (row.from) {
    // The release's page says it is on pre-order and sells it with its price (Bandcamp does).
    await expect(page.getByText(/^Pre-order now · out on /).first()).toBeVisible();
    await page.getByRole("button", { name: /^Pre-order digital album — / }).click();
  } else {
    if (row.size) await page.getByRole("radio", { name: row.size, exact: true }).check();
    await page.getByRole("button", { name: /^(Add to cart|Pre-order)$/ }).click();
  }
  await expect(page.getByText("Added to your cart.")).toBeVisible();
  await page.goto("/store/cart");
  await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
  await hydrated(page);
  if (row.thing === "merch" && row.place) await page.getByLabel("Ship to").selectOption(row.place);
  if (row.path === "visitor") await page.getByLabel("E-mail for your receipt").fill(email);
  await expect(page.getByText("Working out the total...")).toHaveCount(0);
  await page.getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/store\/checkout\/test\?session=/);
  return email;
}

/** From the event's card on /events to the store's test checkout. */
async function offerTicket(page: Page, row: TicketRow): Promise<string> {
  const email = newMember().email;
  await page.goto("/events");
  await hydrated(page);
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: row.event }) });
  const block = card.getByRole("region", { name: "Get tickets" });
  await block.getByLabel(`How many ${row.type} tickets`).selectOption("1");
  await block.getByLabel("Your e-mail for the tickets").fill(email);
  await block.getByRole("button", { name: "Buy tickets" }).click();
  await expect(page).toHaveURL(/\/store\/checkout\/test\?session=/);
  return email;
}

/** On the membership's test checkout: the tier it sells, the place, then what Pay says and the tax line; pays. */
async function payMembership(page: Page, row: TierRow & { place: Place }): Promise<Shown> {
  const place = row.place;
  await expect(page.getByRole("heading", { level: 1, name: "Test checkout" })).toBeVisible();
  await hydrated(page);
  await expect(page.getByText(`${row.tier.name} membership, billed ${row.plan}`)).toBeVisible();
  const fields = page.getByTestId("vip-local-tax");
  let taxCents = 0;
  if (place) {
    await fields.getByLabel("Country").selectOption(place);
    if (place === "US") await fields.getByLabel(/^State/).fill("NY");
    const line = fields.getByText(/^(Tax \(|Includes tax \(|Tax: not collected)/);
    await expect(line).toBeVisible();
    const text = (await line.textContent())!;
    taxCents = text.startsWith("Tax: not collected") ? 0 : centsOf(/\):\s*([^\d\s]*\s?\d[\d.,]*\d)/.exec(text)![1]!);
  }
  // The tax line and Pay's amount come from the same answer of the Worker, so Pay says the total with tax now.
  const pay = page.getByRole("button", { name: /^Pay / });
  const payText = (await pay.textContent())!;
  const currency = /R\$/.test(payText) ? "brl" : "usd";
  await pay.click();
  await expect(page).toHaveURL(/\/vip-confirmation\?session_id=cs_local_/);
  await expect(page.getByRole("heading", { name: /^Welcome to / })).toBeVisible();
  return { totalCents: centsOf(payText), taxCents, currency };
}

/** On the store's test checkout: the place (a shipped cart's address is set from the cart's country), the tax and total it shows; pays. */
async function payStore(page: Page, place: Place, shipped: boolean): Promise<Shown & { order: number }> {
  await expect(page.getByRole("heading", { level: 1, name: "Test checkout" })).toBeVisible();
  await hydrated(page);
  const tax = page.getByTestId("local-tax");
  // A shipped cart's address is in the cart's country already; anything else asks where the buyer is.
  if (place && !shipped) {
    await page.getByRole("combobox", { name: "Country" }).selectOption(place);
    if (place === "US") await page.getByLabel(/^State/).fill("NY");
  }
  let taxCents = 0;
  if (place === "DE") {
    const taxTerm = tax.locator("dt").filter({ hasText: /^Tax \(Germany/ });
    await expect(taxTerm).toBeVisible();
    taxCents = centsOf((await taxTerm.locator("xpath=following-sibling::dd[1]").textContent())!);
  }
  const pay = page.getByRole("button", { name: /^Pay / });
  const payText = (await pay.textContent())!;
  if (place === "DE") await expect(tax.locator("dd.store-summary-total")).toHaveText(payText.replace(/^Pay /, ""));
  await pay.click();
  await expect(page).toHaveURL(/\/store\/thanks\?session_id=/);
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  const order = Number((await page.getByText(/^Order #\d+$/).textContent())!.replace("Order #", ""));
  return { totalCents: centsOf(payText), taxCents, currency: /R\$/.test(payText) ? "brl" : "usd", order };
}

export type Bought = { email: string; shown: Shown & { order?: number } };

/** Walks `row` from where it is offered through Pay; returns the buyer and what the page showed. */
export async function buy(page: Page, browser: Browser, row: PurchaseRow): Promise<Bought> {
  if (row.thing === "tier") {
    const email = await offerTier(page, browser, row);
    return { email, shown: await payMembership(page, row) };
  }
  const email = row.thing === "ticket" ? await offerTicket(page, row) : await offerProduct(page, row);
  return { email, shown: await payStore(page, row.place, row.thing === "merch") };
}

/** What the Worker booked equals what the page showed: the charge, its tax, its currency, the receipt. */
export async function expectBooked(page: Page, row: PurchaseRow, { email, shown }: Bought) {
  const records = await booked(page.request, email);
  // Charged in the currency the row is offered in (one currency a visitor, decision 124).
  expect(shown.currency).toBe(row.currency.toLowerCase());
  if (row.thing === "tier") {
    expect(records.subscriptions).toEqual([
      expect.objectContaining({
        tierId: row.tier.id,
        plan: row.plan,
        currency: shown.currency,
        status: "trialDays" in row && row.trialDays ? "trialing" : "active",
      }),
    ]);
    if ("trialDays" in row && row.trialDays) {
      // A trial charges nothing today: no payment, no revenue.
      expect(shown).toEqual({ totalCents: 0, taxCents: 0, currency: shown.currency });
      expect(records.payments).toEqual([]);
      expect(records.revenue).toEqual([]);
      return;
    }
    const charge = { amountCents: shown.totalCents, taxCents: shown.taxCents, currency: shown.currency };
    expect(records.payments).toEqual([expect.objectContaining(charge)]);
    expect(records.revenue).toEqual([expect.objectContaining({ source: "vip", ...charge })]);
    await expectReceipt(page, email, / receipt$/, row.place, shown);
    return;
  }
  const order = records.orders.find((o) => o.number === (shown as { order: number }).order);
  expect(order, JSON.stringify(records.orders)).toMatchObject({ totalCents: shown.totalCents, taxCents: shown.taxCents, currency: shown.currency });
  const income = records.revenue.filter((r) => r.source === (row.thing === "ticket" ? "tickets" : "store"));
  expect(income.reduce((sum, r) => sum + r.amountCents, 0)).toBe(shown.totalCents);
  expect(income.reduce((sum, r) => sum + r.taxCents, 0)).toBe(shown.taxCents);
  await expectReceipt(page, email, new RegExp(`#${(shown as { order: number }).order}\\b`), row.place, shown);
}

/** The buyer's receipt mail (its subject matched by `subject`) says the total and tax the page showed. */
async function expectReceipt(page: Page, email: string, subject: RegExp, place: Place, shown: Shown, nth = 0) {
  const receipt = await nthMailTo(page, email, subject, nth);
  const money = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: shown.currency.toUpperCase() }).format(cents / 100);
  expect(receipt.text).toContain(`Total: ${money(shown.totalCents)}`);
  if (shown.taxCents > 0) expect(receipt.text).toContain(`Tax (${place}): ${money(shown.taxCents)}`);
}

/** The `nth` mail (0: the oldest) to `email` whose subject matches, once there are that many. */
async function nthMailTo(page: Page, email: string, subject: RegExp, nth: number): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(async () => {
      const { messages } = (await (await page.request.get("/api/dev/mailbox")).json()) as { messages: MailboxMessage[] };
      // The mailbox lists the newest first.
      found = messages.filter((m) => m.to === email.toLowerCase() && subject.test(m.subject)).reverse()[nth];
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/** A move between tiers on the membership panel: from a tier joined (through the API) to another. */
export type MoveRow = {
  thing: "upgrade" | "downgrade";
  from: { name: string; id: string };
  to: { name: string; id: string };
  plan: "monthly";
  currency: "USD";
  place: Place;
};

/** Joins `tier` through the API and its local test checkout's Pay, billed to `place`. */
async function joinThroughApi(page: Page, tier: { id: string }, place: Place) {
  const headers = { Origin: siteOrigin() };
  const opened = await page.request.post("/api/payments/checkout", { data: { plan: "monthly", ...(tier.id === "vip" ? {} : { tierId: tier.id }) }, headers });
  expect(opened.status(), await opened.text()).toBe(200);
  const session = new URL(((await opened.json()) as { url: string }).url, siteOrigin()).searchParams.get("session")!;
  const billing = place ? { country: place, state: place === "US" ? "NY" : null } : undefined;
  const paid = await page.request.post(`/api/payments/local/checkout/${session}/pay`, { data: billing ? { billing } : {}, headers });
  expect(paid.status(), await paid.text()).toBe(200);
}

/**
 * The move as the member makes it: the panel's button, the dialog's terms (what is charged today
 * and its tax, what renews), Confirm. An upgrade charges the prorated difference now; a downgrade
 * charges nothing now and the next renewal (the local test clock) charges the lower tier's price.
 * Each charge equals what the dialog said.
 */
export async function moveAndExpectBooked(page: Page, row: MoveRow) {
  const member = await signUp(page);
  await joinThroughApi(page, row.from, row.place);
  const joined = await booked(page.request, member.email);
  expect(joined.payments).toHaveLength(1);
  await page.goto(member.profileUrl);
  await hydrated(page);
  const label = row.thing === "upgrade" ? `Upgrade to ${row.to.name} (${row.plan})` : `Switch to ${row.to.name} (${row.plan})`;
  await page.getByRole("button", { name: label }).click();
  const dialog = page.getByRole("dialog", { name: `Move to ${row.to.name}?` });
  const terms = dialog.getByTestId("tier-move-terms");
  await expect(terms).toBeVisible();
  const text = (await terms.textContent())!;
  const amount = String.raw`([^\d\s]*\s?\d[\d.,]*\d)`;
  const taxLine = dialog.getByTestId("tier-move-tax");
  const shownTax = (await taxLine.count()) > 0 ? centsOf((await taxLine.textContent())!) : 0;
  const totalLine = dialog.getByTestId("tier-move-total");
  const shownTotal = (await totalLine.count()) > 0 ? centsOf((await totalLine.textContent())!) : null;
  const renewalTaxLine = dialog.getByTestId("tier-move-renewal-tax");
  const renewalTaxText = (await renewalTaxLine.count()) > 0 ? (await renewalTaxLine.textContent())! : null;
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toHaveCount(0);
  const after = await booked(page.request, member.email);
  if (row.thing === "upgrade") {
    const now = centsOf(new RegExp(String.raw`pay ${amount} today`).exec(text)![1]!);
    // Where the place's tax is collected, the dialog says it before Confirm.
    if (row.place === "DE") expect(shownTax, text).toBeGreaterThan(0);
    expect(shownTotal).toBe(now);
    expect(after.subscriptions.at(-1)).toMatchObject({ tierId: row.to.id, status: "active" });
    expect(after.payments.slice(1)).toEqual([expect.objectContaining({ amountCents: now, taxCents: shownTax, currency: "usd" })]);
    expect(after.revenue.slice(1)).toEqual([expect.objectContaining({ source: "vip", amountCents: now, taxCents: shownTax })]);
    // The join's receipt, then the upgrade's.
    await expectReceipt(page, member.email, / receipt$/, row.place, { totalCents: now, taxCents: shownTax, currency: "usd" }, 1);
    return { todayCents: now, taxCents: shownTax };
  }
  const renewal = centsOf(new RegExp(String.raw`renews at ${amount}`).exec(text)![1]!);
  expect(text).toMatch(/^Nothing is charged now/);
  // The renewal's tax, said before Confirm where the place's tax is collected ("Tax (Germany) of $1.90 is added …").
  const renewalTax = renewalTaxText ? centsOf(new RegExp(String.raw`of ${amount} is added`).exec(renewalTaxText)![1]!) : 0;
  if (row.place === "DE") expect(renewalTax, renewalTaxText ?? "no renewal tax line").toBeGreaterThan(0);
  expect(after.payments).toHaveLength(1);
  const renewed = await page.request.post("/api/payments/local/subscription/renew", { headers: { Origin: siteOrigin() } });
  expect(renewed.status(), await renewed.text()).toBe(200);
  const later = await booked(page.request, member.email);
  expect(later.subscriptions.at(-1)).toMatchObject({ tierId: row.to.id, priceCents: renewal });
  const charge = { amountCents: renewal + renewalTax, taxCents: renewalTax, currency: "usd" };
  expect(later.payments.slice(1)).toEqual([expect.objectContaining(charge)]);
  expect(later.revenue.slice(1)).toEqual([expect.objectContaining({ source: "vip", amountCents: charge.amountCents, taxCents: renewalTax })]);
  await expectReceipt(page, member.email, / receipt$/, row.place, { totalCents: charge.amountCents, taxCents: renewalTax, currency: "usd" }, 1);
  return { todayCents: 0, renewalCents: renewal, renewalTaxCents: renewalTax };
}

/** A win-back offer's row: a member who left `tier` is offered its first month at `percentOff` off. */
export type WinBackRow = { tier: { name: string; id: string }; percentOff: number; place: Place };

/**
 * The win-back offer as a lapsed member meets it: joined `tier`, left it, offered its first month at
 * a percent off (the local route issues it to this member alone, by the hourly run's rules), sees
 * the offer on the membership page, claims it, and the checkout charges the discounted month with
 * its tax: what the card said before tax, what Pay said with it, and what was booked.
 */
export async function winBackAndExpectBooked(page: Page, row: WinBackRow) {
  const headers = { Origin: siteOrigin() };
  const member = await signUp(page);
  await joinThroughApi(page, row.tier, row.place);
  const ended = await page.request.post("/api/payments/local/subscription/end-now", { headers });
  expect(ended.status(), await ended.text()).toBe(200);
  const issued = await page.request.post("/api/dev/offers/win-back", { data: { percentOff: row.percentOff }, headers });
  expect(issued.status(), await issued.text()).toBe(200);
  await page.goto("/vip-signup");
  await hydrated(page);
  const card = page.getByRole("region", { name: `Come back to ${row.tier.name}: ${row.percentOff}% off` });
  await expect(card).toBeVisible();
  const terms = (await card.getByText(/^First month /).textContent())!;
  const [first, full] = [...terms.matchAll(/\$[\d,]+\.\d\d/g)].map(([amount]) => centsOf(amount));
  expect(first).toBe(Math.round((full! * (100 - row.percentOff)) / 100));
  await card.getByRole("button", { name: "Claim: monthly" }).click();
  await expect(page).toHaveURL(/\/vip-checkout\/test\?session=cs_local_/);
  const shown = await payMembership(page, { thing: "tier", tier: row.tier, plan: "monthly", path: "member", place: row.place });
  // The first month is charged at the card's price, the place's tax on top of it.
  expect(shown.totalCents - shown.taxCents).toBe(first);
  if (row.place === "DE") expect(shown.taxCents).toBeGreaterThan(0);
  const records = await booked(page.request, member.email);
  expect(records.subscriptions.at(-1)).toMatchObject({ tierId: row.tier.id, plan: "monthly", status: "active" });
  const charge = { amountCents: shown.totalCents, taxCents: shown.taxCents, currency: "usd" };
  expect(records.payments.slice(1)).toEqual([expect.objectContaining(charge)]);
  expect(records.revenue.slice(1)).toEqual([expect.objectContaining({ source: "vip", ...charge })]);
  return { firstCents: first, fullCents: full, ...shown };
}

/** The retention offer's row: a paying member cancels and is offered `percentOff` off their next `periods` renewals. */
export type RetentionRow = { tier: { name: string; id: string }; percentOff: number; periods: number; place: Place };

/**
 * The retention offer as a paying member meets it: Cancel membership on their profile, a reason,
 * Cancel at period end; the dialog offers the discount with its renewal price, Stay with the
 * discount; the membership stays and the next renewal (the local test clock) charges the renewal
 * price the dialog said, with the place's tax on top.
 */
export async function retentionAndExpectBooked(page: Page, row: RetentionRow) {
  const member = await signUp(page);
  await joinThroughApi(page, row.tier, row.place);
  await page.goto(member.profileUrl);
  await hydrated(page);
  await page.getByRole("button", { name: "Cancel membership" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel your membership?" });
  await dialog.getByRole("radio", { name: "It costs too much" }).check();
  await dialog.getByRole("button", { name: "Cancel at period end" }).click();
  const offer = dialog.getByTestId("retention-offer");
  await expect(offer).toBeVisible();
  const text = (await offer.locator("p").first().textContent())!;
  expect(text).toContain(`stay and get ${row.percentOff}% off your next ${row.periods} renewals`);
  const [discounted, full] = [...text.matchAll(/\$[\d,]+\.\d\d/g)].map(([amount]) => centsOf(amount));
  expect(discounted).toBe(Math.round((full! * (100 - row.percentOff)) / 100));
  // Where the place's tax is collected the offer says each discounted renewal's tax before Stay.
  const taxLine = offer.getByTestId("retention-offer-tax");
  const shownTax = (await taxLine.count()) > 0 ? centsOf(/of (\$[\d,]+\.\d\d) is added/.exec((await taxLine.textContent())!)![1]!) : 0;
  if (row.place === "DE") expect(shownTax).toBeGreaterThan(0);
  await offer.getByRole("button", { name: "Stay with the discount" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("membership-status")).toHaveText("Active");
  const renewed = await page.request.post("/api/payments/local/subscription/renew", { headers: { Origin: siteOrigin() } });
  expect(renewed.status(), await renewed.text()).toBe(200);
  const records = await booked(page.request, member.email);
  expect(records.subscriptions.at(-1)).toMatchObject({ tierId: row.tier.id, status: "active" });
  expect(records.payments).toHaveLength(2);
  const renewal = records.payments[1]!;
  // The renewal is the dialog's discounted price with the tax the dialog said.
  expect(renewal).toMatchObject({ amountCents: discounted! + shownTax, taxCents: shownTax });
  expect(records.revenue.slice(1)).toEqual([expect.objectContaining({ source: "vip", amountCents: renewal.amountCents, taxCents: renewal.taxCents })]);
  await expectReceipt(page, member.email, / receipt$/, row.place, { totalCents: renewal.amountCents, taxCents: shownTax, currency: "usd" }, 1);
  return { renewalCents: discounted, fullCents: full, chargedCents: renewal.amountCents, taxCents: renewal.taxCents };
}
