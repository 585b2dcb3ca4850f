// One journey per thing we sell (decision 153), each from where it is offered to what the Worker
// booked: the amount and tax the page showed before Pay are what was charged and booked (order,
// subscription, membership payment, revenue rows, receipt). Each row buys for a buyer of its own,
// from products with stock to spare, so rows run beside each other and every other journey. The
// steps are tests/e2e/purchase.ts's; a new product is one more row here.
import { asAdmin, clientAddress, expect, signUp, test } from "./fixtures";
import {
  buy,
  expectBooked,
  moveAndExpectBooked,
  retentionAndExpectBooked,
  winBackAndExpectBooked,
  type MoveRow,
  type PurchaseRow,
  type RetentionRow,
  type WinBackRow,
} from "./purchase";
import { buyTheLastTicket, claimTheOffer, expectClaimBooked, showWithOneTicket } from "./waitlist-steps";

const VIP = { name: "VIP", id: "vip" };
const INNER_CIRCLE = { name: "Inner Circle", id: "inner-circle" };
/** Tiers the admin makes for their rows (named when the row runs, archived after it): one with a 14-day trial, one priced only in reais. */
type AdminTier = { name: string; id: string; made: Record<string, number> };
const ADMIN_TIER: AdminTier = { name: "a tier the admin made", id: "", made: { monthlyUsdCents: 3999, monthlyBrlCents: 19990, trialDays: 14 } };
// A tier with no USD price is shown and sold in reais on the USD site's ladder (decision 124).
const ADMIN_BRL_TIER: AdminTier = { name: "a tier the admin priced in reais", id: "", made: { monthlyBrlCents: 14990 } };
const madeByAdmin = (tier: { name: string; id: string }): AdminTier | null => (tier === ADMIN_TIER || tier === ADMIN_BRL_TIER ? (tier as AdminTier) : null);

const ROWS: PurchaseRow[] = [
  { thing: "tier", tier: VIP, plan: "monthly", path: "visitor", currency: "USD", place: "US" },
  { thing: "tier", tier: VIP, plan: "yearly", path: "member", currency: "USD", place: "DE" },
  { thing: "tier", tier: INNER_CIRCLE, plan: "monthly", path: "visitor", currency: "USD", place: "DE" },
  { thing: "tier", tier: INNER_CIRCLE, plan: "yearly", path: "member", currency: "USD", place: null },
  { thing: "tier", tier: ADMIN_BRL_TIER, plan: "monthly", path: "member", currency: "BRL", place: "BR" },
  { thing: "tier", tier: ADMIN_TIER, plan: "monthly", path: "member", currency: "USD", place: "DE", trialDays: 14 },
  { thing: "download", slug: "freestyle-nights-digital", title: /Freestyle Nights/, path: "visitor", currency: "USD", place: "DE" },
  { thing: "download", slug: "moonlight-boulevard-digital", title: /Moonlight Boulevard/, path: "member", currency: "USD", place: "US" },
  { thing: "merch", slug: "freestyle-nights-vinyl", title: /pink vinyl/, path: "member", currency: "USD", place: "DE" },
  { thing: "merch", slug: "tour-shirt-2026", title: /Tour/, size: "S", path: "visitor", currency: "USD", place: "US" },
  { thing: "gift of a tier", slug: "gift-inner-circle-3-months", title: /Inner Circle/, path: "visitor", currency: "USD", place: "DE" },
  { thing: "ticket", event: "Freestyle Lovers Live — Miami (tickets here)", type: "General", path: "visitor", currency: "USD", place: "DE" },
  {
    thing: "pre-order",
    slug: "neon-horizon-digital",
    title: /Neon Horizon/,
    from: "/music/catalog/neon-horizon",
    path: "member",
    currency: "USD",
    place: "DE",
  },
];

const title = (row: PurchaseRow) =>
  [row.thing, "tier" in row ? `${row.tier.name} ${row.plan}` : "slug" in row ? row.slug : row.event, row.path, row.currency, row.place ?? "no place"].join(
    " · ",
  );

for (const row of ROWS) {
  test(`shown = charged: ${title(row)}`, async ({ page, browser }) => {
    const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const made = { name: `Soundcheck ${suffix}`, id: `soundcheck-${suffix}` };
    if ("tier" in row && row.tier === INNER_CIRCLE) {
      const res = await page.request.post("/api/dev/tiers/inner-circle", { headers: { Origin: new URL(test.info().project.use.baseURL!).origin } });
      expect(res.status(), await res.text()).toBe(200);
    }
    const adminTier = "tier" in row ? madeByAdmin(row.tier) : null;
    if (adminTier) {
      await asAdmin(browser, async (api) => {
        const res = await api.post("/api/admin/tiers", {
          data: { nameEn: made.name, namePtBr: `Passagem ${suffix}`, badgeColor: "#0f766e", ...adminTier.made },
        });
        expect(res.status(), await res.text()).toBe(201);
      });
    }
    try {
      const sold = adminTier ? { ...row, tier: made } : row;
      const bought = await buy(page, browser, sold);
      await expectBooked(page, sold, bought);
      // For the journey table (docs/measurements.md): what was shown, and so charged and booked.
      test.info().annotations.push({ type: "shown = charged", description: JSON.stringify(bought.shown) });
    } finally {
      if (adminTier) {
        await asAdmin(browser, async (api) => {
          const res = await api.post(`/api/admin/tiers/${made.id}/archive`);
          expect(res.status(), await res.text()).toBe(200);
        });
      }
    }
  });
}

const MOVES: MoveRow[] = [
  { thing: "upgrade", from: VIP, to: INNER_CIRCLE, plan: "monthly", currency: "USD", place: "US" },
  { thing: "upgrade", from: VIP, to: INNER_CIRCLE, plan: "monthly", currency: "USD", place: "DE" },
  { thing: "downgrade", from: INNER_CIRCLE, to: VIP, plan: "monthly", currency: "USD", place: "DE" },
];

for (const row of MOVES) {
  test(`shown = charged: ${row.thing} · ${row.from.name} to ${row.to.name} ${row.plan} · member · ${row.currency} · ${row.place}`, async ({ page }) => {
    const res = await page.request.post("/api/dev/tiers/inner-circle", { headers: { Origin: new URL(test.info().project.use.baseURL!).origin } });
    expect(res.status(), await res.text()).toBe(200);
    test.info().annotations.push({ type: "shown = charged", description: JSON.stringify(await moveAndExpectBooked(page, row)) });
  });
}

const WIN_BACKS: WinBackRow[] = [{ tier: INNER_CIRCLE, percentOff: 40, place: "DE" }];

for (const row of WIN_BACKS) {
  test(`shown = charged: win-back offer · ${row.tier.name} monthly, ${row.percentOff}% off · lapsed member · USD · ${row.place}`, async ({ page }) => {
    const res = await page.request.post("/api/dev/tiers/inner-circle", { headers: { Origin: new URL(test.info().project.use.baseURL!).origin } });
    expect(res.status(), await res.text()).toBe(200);
    test.info().annotations.push({ type: "shown = charged", description: JSON.stringify(await winBackAndExpectBooked(page, row)) });
  });
}

// The retention offer is one site-wide switch, read at every cancel through the profile's dialog: the
// row turns it on and back. No other journey cancels through that dialog (decision 170).
const RETENTIONS: RetentionRow[] = [{ tier: VIP, percentOff: 30, periods: 2, place: "DE" }];

for (const row of RETENTIONS) {
  test(`shown = charged: retention offer · ${row.tier.name} monthly, ${row.percentOff}% off ${row.periods} renewals · member · USD · ${row.place}`, async ({
    page,
    browser,
  }) => {
    const before = await asAdmin(browser, async (api) => {
      const read = await api.get("/api/admin/offers/retention");
      expect(read.status(), await read.text()).toBe(200);
      const settings = await read.json();
      const on = await api.put("/api/admin/offers/retention", { data: { enabled: true, percentOff: row.percentOff, periods: row.periods } });
      expect(on.status(), await on.text()).toBe(200);
      return settings;
    });
    try {
      test.info().annotations.push({ type: "shown = charged", description: JSON.stringify(await retentionAndExpectBooked(page, row)) });
    } finally {
      await asAdmin(browser, async (api) => {
        const back = await api.put("/api/admin/offers/retention", { data: before });
        expect(back.status(), await back.text()).toBe(200);
      });
    }
  });
}

// A ticket handed back and bought from the waitlist (decision 185), on a show of the row's own whose
// one ticket its seller holds: the amount the offer showed on My tickets is what the local checkout
// charged and what was booked for the buyer, and the seller's refund of it is booked once.
test("shown = charged: waitlist claim · a ticket handed back · member · USD · no place", async ({ page, browser, baseURL }) => {
  const show = await showWithOneTicket(browser, `Ladder Waitlist ${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 5)}`);
  const sellerContext = await browser.newContext({ baseURL, extraHTTPHeaders: { "CF-Connecting-IP": clientAddress() } });
  try {
    const sellerPage = await sellerContext.newPage();
    const seller = await signUp(sellerPage);
    const sold = await buyTheLastTicket(sellerPage.request, show);
    const buyer = await signUp(page);
    const bought = await claimTheOffer(page, sellerPage.request, show, sold);
    await expectClaimBooked(page.request, buyer.email, seller.email, bought);
    test.info().annotations.push({
      type: "shown = charged",
      description: JSON.stringify({ totalCents: bought.chargedCents, taxCents: 0, currency: "usd", order: bought.order }),
    });
  } finally {
    await sellerContext.close();
  }
});
