// Gift codes per tier (decision 116) through the Worker. A gift product names its tier (the back
// office's `giftTierId`: unknown 400 tier_gate_unknown, newly archived 400 tier_gate_archived, the free
// tier 400, nothing stored); the checkout prices it from the product row, whatever the browser sends,
// and fulfilment gives each code that tier, once however often the event arrives. Redeeming gives the
// code's tier: after the member's time of that tier, beside a lower paid tier from now; a member
// holding a higher tier is refused (409 gift_tier_below_held, no downgrade), so is one whose comp of
// another tier still runs (409 gift_tier_comp_running); the code is then untouched. Racing members get
// one win, a replay changes nothing, and the take itself refuses a member who rose above the gift's
// tier between the read and the write.
import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import worker from "../../worker/index";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { call, createUser, db, errorOf, type TestUser } from "./helpers";
import { addInnerCircle, DAY } from "./tier-fixtures";
import { insertGiftCode } from "./paid-order-fixtures";
import { buyerCookieOf, cart, checkoutRowBySession, postCheckout, seedProduct, sessionOf } from "./checkout-fixtures";
import { deliver, event } from "./payments-fixtures";
import { backgroundWorkSettled } from "../../worker/lib/background-work";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import { readRedemption, redeemGiftCode } from "../../worker/db/gift-codes";
import { notificationText } from "../../worker/services/notifications/texts";
import type { GiftCardResponse, GiftRedeemResponse } from "../../worker/contracts/store/gifts";
import type { OrderDetailResponse } from "../../worker/contracts/store/admin-orders";

const D1 = (env as unknown as { DB: D1Database }).DB;
/** Friday 25 December 2026, 10:00 UTC. */
const NOW = Date.UTC(2026, 11, 25, 10);
const CIRCLE = { id: "inner-circle", name: { en: "Inner Circle", ptBR: "Círculo Íntimo" } };

const first = <T>(query: string, ...binds: unknown[]) =>
  D1.prepare(query)
    .bind(...binds)
    .first<T>();
const exec = (query: string, ...binds: unknown[]) =>
  D1.prepare(query)
    .bind(...binds)
    .run();
const codeRow = (code: string) =>
  first<{ redeemed_by: string | null; redeemed_at: number | null; tier_id: string }>("SELECT * FROM gift_codes WHERE code = ?1", code);
const compOf = (userId: string) => first<{ ends_at: number | null; tier_id: string; granted_at: number }>("SELECT * FROM vip_comps WHERE user_id = ?1", userId);
const tierOf = async (userId: string) => (await first<{ tier_id: string | null }>("SELECT tier_id FROM users WHERE id = ?1", userId))!.tier_id;
const redeem = (code: string, cookie?: string) => call("/api/store/gifts/redeem", { json: { code }, cookie });

/** A member paying for `tierId` (active until `periodEnd`), as fulfilment leaves them. */
async function subscriber(tierId: string, periodEnd = NOW + 10 * DAY, renews = true): Promise<TestUser> {
  const user = await createUser("vip", { tierId });
  const id = `sub_${crypto.randomUUID().slice(0, 8)}`;
  await exec(
    `INSERT INTO subscriptions (id, user_id, customer_id, status, tier_id, current_period_end, cancel_at_period_end, last_event_at, created_at, updated_at)
     VALUES (?1, ?2, ?3, 'active', ?4, ?5, ?6, 1, 1, 1)`,
    id,
    user.id,
    `cus_${id}`,
    tierId,
    periodEnd,
    renews ? 0 : 1,
  );
  return user;
}

/** A member whose comp of `tierId` ends at `endsAt` (a running one sets the flags as the batch would). */
async function compHolder(tierId: string, endsAt: number | null): Promise<TestUser> {
  const running = endsAt === null || endsAt > NOW;
  const user = await createUser(running ? "vip" : "user", { tierId });
  await exec(
    "INSERT INTO vip_comps (user_id, granted_by, granted_at, ends_at, tier_id) VALUES (?1, NULL, ?2, ?3, ?4)",
    user.id,
    NOW - 30 * DAY,
    endsAt,
    tierId,
  );
  return user;
}

const circleGift = (months: 1 | 3 | 6 | 12 = 3) => insertGiftCode(D1, { months, tierId: "inner-circle" });

beforeAll(async () => {
  await addInnerCircle();
  await exec(
    "INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, monthly_usd_cents) VALUES ('summit', 3, 'Summit', 'Cume', '#111111', 4999)",
  );
  forgetTiers();
});

afterEach(() => {
  vi.useRealTimers();
});

function freeze() {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
}

describe("redeeming a gift of Inner Circle", () => {
  it("a free member: that tier for the gift's months from now, the answer naming it", async () => {
    freeze();
    const member = await createUser("user");
    const code = await circleGift(3);
    const res = await redeem(code, member.cookie);
    expect(res.status).toBe(200);
    expect(await res.json<GiftRedeemResponse>()).toEqual({
      months: 3,
      tier: CIRCLE,
      vipUntil: "2027-03-25T10:00:00.000Z",
      addedAfter: null,
      subscriptionRenews: false,
    });
    expect(await compOf(member.id)).toMatchObject({ tier_id: "inner-circle", ends_at: Date.UTC(2027, 2, 25, 10) });
    expect(await tierOf(member.id)).toBe("inner-circle");
    expect((await codeRow(code))!.redeemed_by).toBe(member.id);
  });

  it("a VIP who pays: Inner Circle from now, beside the VIP subscription (which still renews)", async () => {
    freeze();
    const member = await subscriber("vip");
    const res = await redeem(await circleGift(1), member.cookie);
    expect(res.status).toBe(200);
    expect(await res.json<GiftRedeemResponse>()).toMatchObject({
      tier: CIRCLE,
      vipUntil: "2027-01-25T10:00:00.000Z",
      addedAfter: null,
      subscriptionRenews: true,
    });
    expect(await compOf(member.id)).toMatchObject({ tier_id: "inner-circle" });
    expect(await tierOf(member.id)).toBe("inner-circle");
  });

  it("when the Inner Circle gift beside a VIP subscription runs out, the hourly cron puts the member back to VIP (with its history)", async () => {
    freeze();
    const member = await subscriber("vip", NOW + 400 * DAY);
    expect((await redeem(await circleGift(1), member.cookie)).status).toBe(200);
    expect(await tierOf(member.id)).toBe("inner-circle");
    const after = Date.UTC(2027, 0, 25, 11);
    vi.setSystemTime(after);
    await worker.scheduled(createScheduledController({ scheduledTime: after, cron: "0 * * * *" }), env, createExecutionContext());
    await backgroundWorkSettled();
    expect(await compOf(member.id)).toBeNull();
    expect(await first<{ tier_id: string; is_vip: number }>("SELECT tier_id, is_vip FROM users WHERE id = ?1", member.id)).toEqual({
      tier_id: "vip",
      is_vip: 1,
    });
    const history = await D1.prepare("SELECT from_tier_id AS f, to_tier_id AS t FROM membership_tier_changes WHERE user_id = ?1 ORDER BY id")
      .bind(member.id)
      .all<{ f: string | null; t: string | null }>();
    expect(history.results.at(-1)).toEqual({ f: "inner-circle", t: "vip" });
  });

  it("when a free member's Inner Circle gift runs out, the cron ends it and the notice names the tier", async () => {
    freeze();
    const member = await createUser("user");
    expect((await redeem(await circleGift(1), member.cookie)).status).toBe(200);
    const endsAt = (await compOf(member.id))!.ends_at!;
    vi.setSystemTime(endsAt + 60_000);
    await worker.scheduled(createScheduledController({ scheduledTime: endsAt + 60_000, cron: "0 * * * *" }), env, createExecutionContext());
    await backgroundWorkSettled();
    expect(await first<{ tier_id: string | null; is_vip: number }>("SELECT tier_id, is_vip FROM users WHERE id = ?1", member.id)).toEqual({
      tier_id: null,
      is_vip: 0,
    });
    const ended = await first<{ params: string }>("SELECT params FROM notification_events WHERE id = ?1", `vip_ended:gift:${member.id}:${endsAt}`);
    expect(JSON.parse(ended!.params)).toEqual({ gift: true, tierEn: "Inner Circle", tierPtBR: "Círculo Íntimo" });
  });

  it("an Inner Circle subscriber: the months after their paid period", async () => {
    freeze();
    const periodEnd = NOW + 10 * DAY;
    const member = await subscriber("inner-circle", periodEnd);
    const answer = await (await redeem(await circleGift(1), member.cookie)).json<GiftRedeemResponse>();
    expect(answer).toMatchObject({ addedAfter: new Date(periodEnd).toISOString(), vipUntil: "2027-02-04T10:00:00.000Z" });
  });

  it("a member whose VIP comp ended (the cron has not swept it): the comp becomes Inner Circle, from now", async () => {
    freeze();
    const member = await compHolder("vip", NOW - DAY);
    expect((await redeem(await circleGift(1), member.cookie)).status).toBe(200);
    expect(await compOf(member.id)).toEqual(expect.objectContaining({ tier_id: "inner-circle", ends_at: Date.UTC(2027, 0, 25, 10), granted_at: NOW }));
    expect(await tierOf(member.id)).toBe("inner-circle");
  });

  it("a Summit subscriber is refused: 409 gift_tier_below_held naming both tiers, the code and their tier untouched", async () => {
    freeze();
    const member = await subscriber("summit");
    const code = await circleGift();
    const res = await redeem(code, member.cookie);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({
      code: "gift_tier_below_held",
      params: { heldEn: "Summit", heldPtBR: "Cume", giftEn: "Inner Circle", giftPtBR: "Círculo Íntimo" },
    });
    expect(await codeRow(code)).toMatchObject({ redeemed_by: null, redeemed_at: null });
    expect(await compOf(member.id)).toBeNull();
    expect(await tierOf(member.id)).toBe("summit");
    // The code is still good for someone else.
    expect((await redeem(code, (await createUser("user")).cookie)).status).toBe(200);
  });

  it("a VIP gift to an Inner Circle subscriber is refused the same way (no downgrade)", async () => {
    freeze();
    const member = await subscriber("inner-circle");
    const code = await insertGiftCode(D1, { months: 1 });
    const res = await redeem(code, member.cookie);
    expect([res.status, (await errorOf(res)).code]).toEqual([409, "gift_tier_below_held"]);
    expect((await codeRow(code))!.redeemed_at).toBeNull();
  });

  it("a member whose VIP comp still runs: 409 gift_tier_comp_running, nothing stored", async () => {
    freeze();
    const endsAt = NOW + 5 * DAY;
    const member = await compHolder("vip", endsAt);
    const code = await circleGift();
    const res = await redeem(code, member.cookie);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({ code: "gift_tier_comp_running", params: { giftEn: "Inner Circle", giftPtBR: "Círculo Íntimo" } });
    expect(await codeRow(code)).toMatchObject({ redeemed_at: null });
    expect(await compOf(member.id)).toMatchObject({ tier_id: "vip", ends_at: endsAt });
  });

  it("the printable card names the code's tier", async () => {
    const buyer = await createUser("user");
    const code = await insertGiftCode(D1, { months: 6, tierId: "inner-circle", userId: buyer.id, email: buyer.email });
    const res = await call(`/api/store/gifts/${code}`, { cookie: buyer.cookie });
    expect(res.status).toBe(200);
    expect((await res.json<GiftCardResponse>()).tier).toEqual(CIRCLE);
  });

  it("a visitor and a banned member are 401; nothing is taken", async () => {
    const code = await circleGift();
    for (const cookie of [undefined, (await createUser("banned")).cookie]) {
      const res = await redeem(code, cookie);
      expect([res.status, (await errorOf(res)).code]).toEqual([401, "unauthorized"]);
    }
    expect((await codeRow(code))!.redeemed_at).toBeNull();
  });

  it("tells the redeemer and the buyer which tier, each once", async () => {
    freeze();
    const buyer = await createUser("user");
    const code = await insertGiftCode(D1, { months: 3, tierId: "inner-circle", userId: buyer.id, email: buyer.email });
    const member = await createUser("user");
    expect((await redeem(code, member.cookie)).status).toBe(200);
    await backgroundWorkSettled();
    const mails = (
      await D1.prepare("SELECT subject, text_body AS text FROM mail_outbox WHERE to_address = ?1").bind(buyer.email).all<{ subject: string; text: string }>()
    ).results;
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Your gift of Inner Circle was redeemed");
    expect(mails[0]!.text).toContain("Inner Circle you gave");
    const granted = await first<{ params: string }>("SELECT params FROM notification_events WHERE id = ?1", `vip_granted:gift:${code}`);
    expect(JSON.parse(granted!.params)).toMatchObject({ gift: true, tierEn: "Inner Circle", tierPtBR: "Círculo Íntimo" });
  });
});

describe("one code, many hands", () => {
  it("20 members racing for one Inner Circle code: one wins, the rest 409 gift_code_redeemed, one comp", async () => {
    const code = await circleGift();
    const members = await Promise.all(Array.from({ length: 20 }, () => createUser("user")));
    const answers = await Promise.all(members.map((m) => redeem(code, m.cookie)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of answers) if (r.status === 409) expect((await errorOf(r)).code).toBe("gift_code_redeemed");
    const winner = members[answers.findIndex((r) => r.status === 200)]!;
    expect((await codeRow(code))!.redeemed_by).toBe(winner.id);
    const comps = await first<{ n: number }>(
      `SELECT count(*) AS n FROM vip_comps WHERE user_id IN (${members.map(() => "?").join(",")})`,
      ...members.map((m) => m.id),
    );
    expect(comps!.n).toBe(1);
  });

  it("a replay by the winner changes nothing: 409, the comp's end unchanged", async () => {
    freeze();
    const member = await createUser("user");
    const code = await circleGift(1);
    expect((await redeem(code, member.cookie)).status).toBe(200);
    const before = await compOf(member.id);
    const again = await redeem(code, member.cookie);
    expect([again.status, (await errorOf(again)).code]).toEqual([409, "gift_code_redeemed"]);
    expect(await compOf(member.id)).toEqual(before);
  });

  it("the take refuses a member who rose above the gift's tier after the read: nothing is written", async () => {
    const member = await createUser("user");
    const code = await circleGift();
    const state = (await readRedemption(db(), code, member.id, NOW))!;
    expect(state.held).toBeNull();
    // Between the read and the batch the member starts paying for Summit.
    await exec(
      "INSERT INTO subscriptions (id, user_id, customer_id, status, tier_id, last_event_at, created_at, updated_at) VALUES (?1, ?2, 'cus_rise', 'active', 'summit', 1, 1, 1)",
      `sub_${crypto.randomUUID().slice(0, 8)}`,
      member.id,
    );
    const outcome = await redeemGiftCode(db(), {
      code,
      userId: member.id,
      now: NOW,
      comp: null,
      tier: { ...state.tier!, name: CIRCLE.name },
      newEndsAt: NOW + 90 * DAY,
      addedAfter: NOW,
    });
    expect(outcome.taken).toBe(false);
    expect((await codeRow(code))!.redeemed_at).toBeNull();
    expect(await compOf(member.id)).toBeNull();
  });
});

describe("the back office's gift tier on a product", () => {
  const body = (giftTierId: unknown) => ({
    kind: "gift_vip",
    slug: `gift-${crypto.randomUUID().slice(0, 8)}`,
    state: "draft",
    title: "Gift",
    titlePtBr: null,
    description: "",
    descriptionPtBr: null,
    pricing: "fixed",
    priceUsdCents: 2999,
    priceBrlCents: null,
    vipPriceUsdCents: null,
    vipPriceBrlCents: null,
    vipDiscountPct: null,
    albumId: null,
    trackId: null,
    bundledAlbumId: null,
    weightClass: null,
    giftMonths: 3,
    giftTierId,
    perOrderLimit: 10,
    position: 0,
  });
  const create = (giftTierId: unknown, cookie: string) => call("/api/admin/store/products", { method: "POST", json: body(giftTierId), cookie });
  const giftProducts = async () => (await first<{ n: number }>("SELECT count(*) AS n FROM products WHERE kind = 'gift_vip'"))!.n;

  it("stores a paid tier, and VIP's own id as null", async () => {
    const admin = await createUser("admin");
    const res = await create("inner-circle", admin.cookie);
    expect(res.status).toBe(201);
    const { product } = await res.json<{ product: { id: string; giftTierId: string | null } }>();
    expect(product.giftTierId).toBe("inner-circle");
    expect((await first<{ t: string }>("SELECT gift_tier_id AS t FROM products WHERE id = ?1", product.id))!.t).toBe("inner-circle");
    const vip = await (await create("vip", admin.cookie)).json<{ product: { id: string; giftTierId: string | null } }>();
    expect(vip.product.giftTierId).toBeNull();
  });

  it("refuses an unknown, a newly archived and the free tier, and anyone not an admin; nothing stored", async () => {
    const admin = await createUser("admin");
    await exec(
      "INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, archived_at) VALUES ('old-gold', 4, 'Old Gold', 'Ouro Antigo', '#aa8800', 1)",
    );
    forgetTiers();
    const before = await giftProducts();
    for (const [tier, status, code] of [
      ["ghost", 400, "tier_gate_unknown"],
      ["old-gold", 400, "tier_gate_archived"],
      ["member", 400, "invalid_input"],
    ] as const) {
      const res = await create(tier, admin.cookie);
      expect(res.status, tier).toBe(status);
      expect(await errorOf(res), tier).toMatchObject({ code, field: "giftTierId" });
    }
    for (const who of ["user", "vip"] as const) expect((await create("inner-circle", (await createUser(who)).cookie)).status, who).toBe(403);
    expect(await giftProducts()).toBe(before);
  });
});

// Last: it opens a real order, whose number the fixtures' own numbering does not know.
describe("buying a gift of Inner Circle", () => {
  async function paidCheckout(productId: string, quantity: number, extra: Record<string, unknown> = {}) {
    const email = `gift_${crypto.randomUUID().slice(0, 8)}@example.com`;
    const res = await postCheckout({ email, ...cart([{ productId, quantity }]), ...extra });
    return { res, email };
  }

  it("priced from the product row, each code of its tier, once however often the event arrives; the receipt names it", async () => {
    const product = await seedProduct({ kind: "gift_vip", usd: 7497, brl: null, giftMonths: 3, title: "Gift Inner Circle" });
    await exec("UPDATE products SET gift_tier_id = 'inner-circle' WHERE id = ?1", product);
    const { res, email } = await paidCheckout(product, 2);
    expect(res.status, await res.clone().text()).toBe(200);
    const session = sessionOf((await res.json<{ url: string }>()).url);
    const row = (await checkoutRowBySession(session))!;
    expect(Number(row.total_cents)).toBe(2 * 7497);
    expect(buyerCookieOf(res)).toBeTruthy();
    const paid = event("checkout.session.completed", {
      id: session,
      object: "checkout.session",
      mode: "payment",
      status: "complete",
      payment_status: "paid",
      payment_intent: `pi_test_${String(row.id)}`,
      amount_total: 2 * 7497,
      currency: "usd",
      client_reference_id: row.id,
      metadata: { checkout_id: row.id },
      customer_details: { email, name: "Ana Souza" },
    });
    await deliver(paid, paid);
    const order = await first<{ id: string }>("SELECT id FROM orders WHERE checkout_id = ?1", row.id);
    const codes = (
      await D1.prepare("SELECT code, months, tier_id FROM gift_codes WHERE order_id = ?1").bind(order!.id).all<{ code: string; tier_id: string }>()
    ).results;
    expect(codes.map((c) => c.tier_id)).toEqual(["inner-circle", "inner-circle"]);
    await backgroundWorkSettled();
    const receipt = await first<{ text: string }>("SELECT text_body AS text FROM mail_outbox WHERE to_address = ?1 AND subject LIKE 'Your %order%'", email);
    for (const c of codes) expect(receipt!.text).toContain(`${c.code} (3 month(s) of Inner Circle)`);

    // The back office lists them with their tier.
    const admin = await createUser("admin");
    const detail = await call(`/api/admin/store/orders/${order!.id}`, { cookie: admin.cookie });
    expect(detail.status).toBe(200);
    const { gifts } = (await detail.json<OrderDetailResponse>()).order;
    expect(gifts.map((g) => [g.tier.id, g.tier.name.en, g.months, g.state])).toEqual([
      ["inner-circle", "Inner Circle", 3, "unredeemed"],
      ["inner-circle", "Inner Circle", 3, "unredeemed"],
    ]);
  });

  it("the browser cannot name a tier or a price: a line with either is 400 and nothing is opened", async () => {
    const product = await seedProduct({ kind: "gift_vip", usd: 7497, giftMonths: 3 });
    const before = await first<{ n: number }>("SELECT count(*) AS n FROM store_checkouts");
    for (const line of [
      { productId: product, quantity: 1, tierId: "summit" },
      { productId: product, quantity: 1, unitCents: 1 },
    ]) {
      const res = await postCheckout({ email: "x@example.com", lines: [line] });
      expect(res.status, JSON.stringify(line)).toBe(400);
    }
    expect(await first<{ n: number }>("SELECT count(*) AS n FROM store_checkouts")).toEqual(before);
  });
});

describe("the notices of a gift of a tier, in both languages", () => {
  const text = (locale: "en" | "pt-BR", kind: "vip_granted" | "vip_ended" | "gift_redeemed", at?: string) =>
    notificationText(locale, {
      kind,
      actor: "bia",
      actorCount: 1,
      brandName: "Freestyle Lovers",
      params: { gift: true, tierEn: "Inner Circle", tierPtBR: "Círculo Íntimo", ...(at ? { at } : {}) },
    });

  it("names the tier where VIP's say VIP", () => {
    expect(text("en", "vip_granted", "2027-03-25T10:00:00.000Z").title).toBe("Your gift of Inner Circle is redeemed");
    expect(text("pt-BR", "vip_granted", "2027-03-25T10:00:00.000Z").title).toBe("Seu presente de Círculo Íntimo foi resgatado");
    expect(text("en", "vip_ended").title).toBe("Your gifted Inner Circle ended");
    expect(text("pt-BR", "vip_ended").title).toBe("Seu Círculo Íntimo de presente terminou");
    expect(text("en", "gift_redeemed", "2027-03-25T10:00:00.000Z").body).toContain("redeemed your gift of Inner Circle on");
    expect(text("pt-BR", "gift_redeemed", "2027-03-25T10:00:00.000Z").body).toContain("resgatou seu presente de Círculo Íntimo em");
  });
});
