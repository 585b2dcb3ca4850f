// A member-priced line names the buyer's tier (decision 105): the quote, the checkout's summary and
// the receipt say "Inner Circle price" / "Preço Círculo Íntimo" for an Inner Circle member and
// "VIP price" for a VIP; a line at the public price, and a guest, carry no tier.
import { beforeAll, describe, expect, it } from "vitest";
import { backgroundWorkSettled } from "../../worker/lib/background-work";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import { createUser, call, type TestUser } from "./helpers";
import { deliver, event } from "./payments-fixtures";
import { cart, checkoutRowBySession, D1, postCheckout, postQuote, seedProduct, sessionOf } from "./checkout-fixtures";
import type { QuoteResponse } from "../../worker/contracts/store/cart";
import type { CheckoutSummaryResponse } from "../../worker/contracts/store/checkout";

const INNER = { en: "Inner Circle", ptBR: "Círculo Íntimo" };
let inner: TestUser;
let vip: TestUser;
let memberPriced: string;
let publicPriced: string;

beforeAll(async () => {
  await D1.prepare(
    "INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, monthly_usd_cents) VALUES ('inner-circle', 2, 'Inner Circle', 'Círculo Íntimo', '#4c1d95', 2499)",
  ).run();
  forgetTiers();
  inner = await createUser("vip", { tierId: "inner-circle" });
  vip = await createUser("vip");
  memberPriced = await seedProduct({ usd: 1000, vipUsd: 800, title: "Live album" });
  publicPriced = await seedProduct({ usd: 500, title: "Sticker" });
});

const quote = async (cookie?: string) => {
  const res = await postQuote(cart([{ productId: memberPriced }, { productId: publicPriced }]), cookie);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json<QuoteResponse>()).lines;
};

describe("the quote", () => {
  it("names the Inner Circle member's tier on the member-priced line only", async () => {
    const [priced, plain] = await quote(inner.cookie);
    expect(priced).toMatchObject({ unitCents: 800, vipPrice: true, priceTier: INNER });
    expect(plain).toEqual(expect.objectContaining({ unitCents: 500, vipPrice: false }));
    expect(plain).not.toHaveProperty("priceTier");
  });

  it("names VIP for a VIP, and no tier for a visitor", async () => {
    expect((await quote(vip.cookie))[0]).toMatchObject({ vipPrice: true, priceTier: { en: "VIP" } });
    const [visitor] = await quote();
    expect(visitor).toMatchObject({ unitCents: 1000, vipPrice: false });
    expect(visitor).not.toHaveProperty("priceTier");
  });
});

describe("the checkout's summary and the receipt", () => {
  for (const lang of ["en", "pt-BR"] as const) {
    it(`say the tier's price in ${lang}`, async () => {
      const res = await postCheckout({ email: inner.email, ...cart([{ productId: memberPriced }]) }, inner.cookie, { "accept-language": lang });
      expect(res.status, await res.clone().text()).toBe(200);
      const session = sessionOf((await res.json<{ url: string }>()).url);
      const row = (await checkoutRowBySession(session))!;
      const summary = await (await call(`/api/store/checkouts/${session}`, { cookie: inner.cookie })).json<CheckoutSummaryResponse>();
      expect(summary.lines[0]).toMatchObject({ vipPrice: true, priceTier: INNER });

      await deliver(
        event("checkout.session.completed", {
          id: session,
          object: "checkout.session",
          mode: "payment",
          status: "complete",
          payment_status: "paid",
          payment_intent: `pi_test_${String(row.id)}`,
          amount_total: Number(row.total_cents),
          currency: "usd",
          client_reference_id: String(row.id),
          metadata: { checkout_id: String(row.id) },
          customer_details: { email: inner.email, name: "Ana Souza" },
        }),
      );
      await backgroundWorkSettled();
      const mails = (
        await D1.prepare("SELECT text_body AS text FROM mail_outbox WHERE to_address = ?1 AND text_body LIKE '%Live album%' ORDER BY rowid DESC")
          .bind(inner.email)
          .all<{ text: string }>()
      ).results;
      expect(mails[0]!.text).toContain(lang === "en" ? "1 × Live album [Inner Circle price]: $8.00" : "[preço Círculo Íntimo]");
      expect(mails[0]!.text).not.toContain(lang === "en" ? "VIP price" : "preço VIP");
    });
  }
});
