// A ticket handed back to the next fan in line (decision 185), as three people live it: fan A holds
// the last ticket of a show of the journey's own; fan B joins its waitlist from the events page; A
// hands the ticket back from My tickets after the dialog says what they get back; B finds the offer
// on My tickets with its countdown, pays through the local test checkout and holds the ticket under
// a new code; at the door the old code is unknown, the old QR is "replaced", and the new code lets B
// in. Once in English on a desktop, once in Brazilian Portuguese on a phone; each journey makes its
// own show and members, so both run beside every other journey.
import { devices, type Browser, type Page } from "@playwright/test";
import { clientAddress, expect, grantDoorStaff, hydrated, recordAppReady, signUp, test } from "./fixtures";
import { buyTheLastTicket, FACE_VALUE_CENTS, say, sayPattern, scanAtTheDoor, showWithOneTicket, ticketsTo, type Locale } from "./waitlist-steps";
import type { NotificationsPage } from "../../worker/contracts/notifications";

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, userAgent: devices["Pixel 7"].userAgent };

const RUNS: { locale: Locale; name: string; use: Record<string, unknown> }[] = [
  { locale: "en", name: "in English on a desktop", use: { locale: "en-US" } },
  { locale: "pt-BR", name: "in Brazilian Portuguese on a phone", use: { locale: "pt-BR", ...PHONE } },
];

const ON_THE_LIST = ["waitlist.onList.few", "waitlist.onList.some", "waitlist.onList.many"];

/** Another person's browser, in the run's language and device, with an address of its own. */
async function anotherBrowser(browser: Browser, baseURL: string | undefined, use: Record<string, unknown>): Promise<Page> {
  const context = await browser.newContext({ ...use, baseURL, extraHTTPHeaders: { "CF-Connecting-IP": clientAddress() } });
  const page = await context.newPage();
  await recordAppReady(page);
  return page;
}

for (const run of RUNS) {
  test.describe(run.name, () => {
    test.use(run.use);
    const L = run.locale;

    test("a ticket handed back goes to the next fan in line, who pays for it, and the door takes only the new one", async ({ page, browser, baseURL }) => {
      const money = new Intl.NumberFormat(L, { style: "currency", currency: "USD" }).format(FACE_VALUE_CENTS / 100);
      const show = await showWithOneTicket(browser, `Waitlist Show ${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 5)}`);
      const typeName = show.typeName[L];
      const seller = await anotherBrowser(browser, baseURL, run.use);
      const door = await anotherBrowser(browser, baseURL, run.use);
      try {
        await signUp(seller);
        const sold = await buyTheLastTicket(seller.request, show);

        await test.step("B joins the sold-out type's waitlist from the events page", async () => {
          await signUp(page);
          await page.goto("/events");
          await hydrated(page);
          await expect(page.locator("html")).toHaveAttribute("lang", L);
          const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: show.title }) });
          // A card hydrates once it nears the screen (the events page's cards wait for view).
          await card.scrollIntoViewIfNeeded();
          await card.getByRole("button", { name: say(L, "waitlist.join.label", { name: typeName }) }).click();
          await expect(card.getByText(new RegExp(`^(${ON_THE_LIST.map((id) => say(L, id)).join("|")})$`))).toBeVisible();
        });

        await test.step("A hands the ticket back from My tickets: the dialog says what they get back and when", async () => {
          await seller.goto("/tickets");
          await hydrated(seller);
          await seller.getByRole("button", { name: say(L, "waitlist.handBack.label", { code: sold.code }) }).click();
          const dialog = seller.getByRole("dialog");
          await expect(dialog.getByRole("heading", { name: say(L, "waitlist.handBack.title") })).toBeVisible();
          await expect(dialog.getByText(say(L, "waitlist.handBack.refund", { amount: money }))).toBeVisible();
          await expect(dialog.getByText(say(L, "waitlist.handBack.when"))).toBeVisible();
          await dialog.getByRole("button", { name: say(L, "waitlist.handBack.confirm") }).click();
          await expect(dialog).toHaveCount(0);
          const returned = seller.getByTestId("ticket-returned");
          await expect(returned.getByText(new RegExp(`^(${say(L, "waitlist.handedBack")}|${say(L, "waitlist.handedBack.offered")})$`))).toBeVisible();
          await expect(returned.getByText(say(L, "waitlist.handedBack.refund", { amount: money }))).toBeVisible();
        });

        await test.step("B is told, and My tickets holds the offer at face value with its countdown", async () => {
          // The notification centre's rows are written by the queue's consumer, after the answer.
          await expect
            .poll(async () => ((await (await page.request.get("/api/notifications")).json()) as NotificationsPage).items.map((n) => n.kind))
            .toContain("waitlist_offer");
          await page.goto("/tickets");
          await hydrated(page);
          const held = page.getByRole("region", { name: say(L, "waitlist.offers.title") });
          const offer = held.getByRole("article", { name: show.title });
          await expect(offer.getByText(say(L, "waitlist.offer.total", { total: money }))).toBeVisible();
          await expect(offer.getByRole("timer")).toHaveText(sayPattern(L, "waitlist.hold.left", "\\d{1,2}:\\d{2}"));
          await expect(offer.getByRole("status")).toHaveText(sayPattern(L, "waitlist.hold.until"));
          await offer.getByRole("button", { name: say(L, "waitlist.pay.label", { title: show.title }) }).click();
        });

        await test.step("B pays face value on the local test checkout and finds the ticket under a new code", async () => {
          await expect(page).toHaveURL(/\/store\/checkout\/test\?session=/);
          await expect(page.getByRole("heading", { level: 1, name: say(L, "storeCheckout.test.title") })).toBeVisible();
          await hydrated(page);
          const pay = page.getByRole("button", { name: say(L, "storeCheckout.pay", { total: money }) });
          await pay.click();
          await expect(page).toHaveURL(/\/store\/thanks\?session_id=/);
          await expect(page.getByRole("heading", { name: say(L, "storeCheckout.thanks.paid.title") })).toBeVisible();
          const [bought] = await ticketsTo(page.request, show);
          expect(bought?.code).toMatch(/^TKT-/);
          expect(bought!.code).not.toBe(sold.code);
          await page.goto("/tickets");
          await expect(page.getByTestId("my-ticket").filter({ hasText: bought!.code })).toBeVisible();
          expect(await ticketsTo(seller.request, show)).toEqual([]);
        });

        await test.step("at the door: A's old code is unknown, A's old QR replaced, B's new code admits", async () => {
          const [bought] = await ticketsTo(page.request, show);
          await signUp(door);
          await grantDoorStaff(door, browser);
          await door.goto("/check-in");
          await expect(door.getByRole("heading", { level: 1, name: say(L, "checkIn.title") })).toBeVisible();
          await hydrated(door);
          await door.getByLabel(say(L, "checkIn.event.label")).selectOption(show.eventId);
          const codeField = door.getByRole("textbox", { name: say(L, "checkIn.code.label") });
          const result = door.getByTestId("check-in-result");

          await codeField.fill(sold.code);
          await door.getByRole("button", { name: say(L, "checkIn.code.submit") }).click();
          await expect(result).toHaveAttribute("data-result", "unknown");
          await expect(result.getByText(say(L, "checkIn.result.unknown"))).toBeVisible();

          expect(await scanAtTheDoor(door.request, show, sold.token!)).toBe("replaced");

          await codeField.fill(bought!.code);
          await door.getByRole("button", { name: say(L, "checkIn.code.submit") }).click();
          await expect(result).toHaveAttribute("data-result", "valid");
          await expect(result.getByText(say(L, "checkIn.ticket.valid"))).toBeVisible();
        });
      } finally {
        await seller.context().close();
        await door.context().close();
      }
    });
  });
}
