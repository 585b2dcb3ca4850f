// Gift VIP codes through the Worker (/api/store/gifts): a signed-in member of any role redeems a
// code once for complimentary VIP until a date, its months added after any VIP time they already
// have (a running gift, a paid period, a cancel date; a comp until revoked stays so); 20 members
// racing for one code get one win; bad, unknown and voided codes answer with their codes and
// change nothing; the hourly cron ends a gift at its end (VIP off, told once); the buyer is told
// once, in their language; the printable card's data is the buyer's and the admins' only.
//
// Rows are written and read with raw SQL, never with the code under test. The clock is frozen
// (Date only) where a date is asserted.
import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { createRole, DAY, freezeClock, HOUR, type DoorRole } from "./check-in-fixtures";
import { insertGiftCode, insertPaidOrder } from "./paid-order-fixtures";
import { page, SHELL } from "./pages-fixtures";
import { backgroundWorkSettled } from "../../worker/lib/background-work";
import type { GiftCardResponse, GiftRedeemResponse } from "../../worker/contracts/store/gifts";

const VIP_TIER = { id: "vip", name: { en: "VIP", ptBR: "VIP" } };
const D1 = env.DB;
const SITE_URL = (env as unknown as { SITE_URL: string }).SITE_URL;
/** Friday 25 December 2026, 10:00 UTC. */
const NOW = Date.UTC(2026, 11, 25, 10);
const iso = (ms: number) => new Date(ms).toISOString();

const redeem = (code: unknown, cookie?: string, headers?: Record<string, string>) => call("/api/store/gifts/redeem", { json: { code }, cookie, headers });
const card = (code: string, cookie?: string) => call(`/api/store/gifts/${encodeURIComponent(code)}`, { cookie });

const first = <T>(query: string, ...binds: unknown[]) =>
  D1.prepare(query)
    .bind(...binds)
    .first<T>();
const codeRow = (code: string) =>
  first<{ redeemed_by: string | null; redeemed_at: number | null }>("SELECT redeemed_by, redeemed_at FROM gift_codes WHERE code = ?1", code);
const compOf = (userId: string) =>
  first<{ granted_by: string | null; granted_at: number; ends_at: number | null }>(
    "SELECT granted_by, granted_at, ends_at FROM vip_comps WHERE user_id = ?1",
    userId,
  );
const isVip = async (userId: string) => (await first<{ is_vip: number }>("SELECT is_vip FROM users WHERE id = ?1", userId))!.is_vip;
const exec = (query: string, ...binds: unknown[]) =>
  D1.prepare(query)
    .bind(...binds)
    .run();

/** A subscription row as fulfilment leaves it, and the flag it sets. */
async function subscribe(
  userId: string,
  { periodEnd, cancelAt = null, cancelAtPeriodEnd = false }: { periodEnd: number; cancelAt?: number | null; cancelAtPeriodEnd?: boolean },
) {
  const id = `sub_${crypto.randomUUID().slice(0, 8)}`;
  await exec(
    `INSERT INTO subscriptions (id, user_id, customer_id, status, current_period_end, cancel_at_period_end, cancel_at, last_event_at, created_at, updated_at)
     VALUES (?1, ?2, ?3, 'active', ?4, ?5, ?6, ?7, ?7, ?7)`,
    id,
    userId,
    `cus_${id}`,
    periodEnd,
    cancelAtPeriodEnd ? 1 : 0,
    cancelAt,
    NOW - 20 * DAY,
  );
  await exec("UPDATE users SET is_vip = 1 WHERE id = ?1", userId);
}

/** A comp as the back office or an earlier gift left it (the flag set while it gives VIP at `now`). */
async function giveComp(userId: string, endsAt: number | null, grantedAt = NOW - 30 * DAY, now = NOW) {
  await exec("INSERT INTO vip_comps (user_id, granted_by, granted_at, ends_at) VALUES (?1, NULL, ?2, ?3)", userId, grantedAt, endsAt);
  if (endsAt === null || endsAt > now) await exec("UPDATE users SET is_vip = 1 WHERE id = ?1", userId);
}

async function redeemed(code: string, member: TestUser): Promise<GiftRedeemResponse> {
  const res = await redeem(code, member.cookie);
  expect(res.status).toBe(200);
  return res.json<GiftRedeemResponse>();
}

const hourly = (at: number) => worker.scheduled(createScheduledController({ scheduledTime: at, cron: "0 * * * *" }), env, createExecutionContext());

afterEach(async () => {
  await backgroundWorkSettled();
  vi.useRealTimers();
});

const MEMBER_ROLES: Exclude<DoorRole, "visitor" | "banned">[] = ["user", "vip", "admin", "door"];

describe("POST /api/store/gifts/redeem, per role", () => {
  it.each(MEMBER_ROLES)("a %s redeems a code: complimentary VIP for its calendar months from now", async (role) => {
    freezeClock(NOW);
    const member = await createRole(role);
    const code = await insertGiftCode(D1, { months: 3 });
    expect(await redeemed(code, member)).toEqual({
      months: 3,
      tier: VIP_TIER,
      vipUntil: "2027-03-25T10:00:00.000Z",
      addedAfter: null,
      subscriptionRenews: false,
    });
    expect(await codeRow(code)).toEqual({ redeemed_by: member.id, redeemed_at: NOW });
    expect(await compOf(member.id)).toEqual({ granted_by: null, granted_at: NOW, ends_at: Date.UTC(2027, 2, 25, 10) });
    expect(await isVip(member.id)).toBe(1);
  });

  it.each(["visitor", "banned"] as const)("a %s gets 401 and the code stays free", async (role) => {
    const cookie = role === "visitor" ? undefined : (await createUser("banned")).cookie;
    const code = await insertGiftCode(D1);
    const res = await redeem(code, cookie);
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe("unauthorized");
    expect(await codeRow(code)).toEqual({ redeemed_by: null, redeemed_at: null });
  });

  it("tells the member's open pages and the member (VIP until its end), keyed by the code", async () => {
    const member = await createUser("user");
    const code = await insertGiftCode(D1, { months: 1 });
    const { vipUntil } = await redeemed(code, member);
    await backgroundWorkSettled();
    const event = await first<{ kind: string; params: string; link: string }>(
      "SELECT kind, params, link FROM notification_events WHERE id = ?1",
      `vip_granted:gift:${code}`,
    );
    expect(event).toEqual({ kind: "vip_granted", params: JSON.stringify({ gift: true, at: vipUntil }), link: "/perks" });
    const me = await call("/api/auth/me", { cookie: member.cookie });
    expect((await me.json<{ user: { isVIP: boolean } }>()).user.isVIP).toBe(true);
  });
});

describe("bad input: 400 or 404 with its code, nothing stored", () => {
  it.each([
    ["no code", {}],
    ["a number", { code: 12 }],
    ["an empty code", { code: "" }],
    ["a code over 64 characters", { code: "G".repeat(65) }],
    ["an unknown field", { code: "GIFT-AAAA-BBBB-CCCC", extra: 1 }],
  ])("%s: 400 invalid_input", async (_label, body) => {
    const member = await createUser("user");
    const res = await call("/api/store/gifts/redeem", { json: body, cookie: member.cookie });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("invalid_input");
    expect(await compOf(member.id)).toBeNull();
  });

  it.each(["hello", "GIFT-12", "GIFT-AAAA-BBBB-CCC!", "GIFT-AAAA-BBBB-CCCC-DDDD", "GIFT-2345-6789-ABCD"])("%s: 404 gift_code_invalid", async (code) => {
    const member = await createUser("user");
    const res = await redeem(code, member.cookie);
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toEqual({ code: "gift_code_invalid", message: "This gift code does not exist" });
    expect(await compOf(member.id)).toBeNull();
  });

  it("a voided code cannot be redeemed: 404, the code and the member unchanged", async () => {
    const member = await createUser("user");
    const code = await insertGiftCode(D1, { voidedAt: Date.now() - HOUR });
    const res = await redeem(code, member.cookie);
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe("gift_code_invalid");
    expect(await codeRow(code)).toEqual({ redeemed_by: null, redeemed_at: null });
    expect(await compOf(member.id)).toBeNull();
    expect(await isVip(member.id)).toBe(0);
  });

  it("reads a code typed in lower case, with spaces, en dashes or without its prefix", async () => {
    const code = await insertGiftCode(D1);
    const [, a, b, c] = code.split("-");
    const member = await createUser("user");
    await redeemed(`  gift ${a!.toLowerCase()}–${b} ${c!.toLowerCase()} `, member);
    const other = await insertGiftCode(D1);
    await redeemed(other.slice(5).replaceAll("-", " "), await createUser("user"));
    expect((await codeRow(code))!.redeemed_by).toBe(member.id);
  });
});

describe("a code redeems once", () => {
  it("a second redeem, by anyone, is 409 gift_code_redeemed and changes nothing", async () => {
    freezeClock(NOW);
    const [winner, late] = await Promise.all([createUser("user"), createUser("user")]);
    const code = await insertGiftCode(D1, { months: 1 });
    await redeemed(code, winner);
    for (const who of [winner, late]) {
      const res = await redeem(code, who.cookie);
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toEqual({ code: "gift_code_redeemed", message: "This gift code has already been redeemed" });
    }
    expect((await compOf(winner.id))!.ends_at).toBe(Date.UTC(2027, 0, 25, 10));
    expect(await compOf(late.id)).toBeNull();
  });

  it("20 members racing for one code: exactly one wins, 19 are told it is taken", async () => {
    const members = await Promise.all(Array.from({ length: 20 }, () => createUser("user")));
    const code = await insertGiftCode(D1);
    const answers = await Promise.all(members.map((m) => redeem(code, m.cookie)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(19).fill(409)]);
    const winner = members[answers.findIndex((r) => r.status === 200)]!;
    expect((await codeRow(code))!.redeemed_by).toBe(winner.id);
    const comps = await first<{ n: number }>(
      `SELECT count(*) AS n FROM vip_comps WHERE user_id IN (${members.map(() => "?").join(", ")})`,
      ...members.map((m) => m.id),
    );
    expect(comps!.n).toBe(1);
    for (const res of answers.filter((r) => r.status === 409)) expect((await errorOf(res)).code).toBe("gift_code_redeemed");
  });

  it("one member's double click extends once; two of their codes at the same instant both count", async () => {
    freezeClock(NOW);
    const member = await createUser("user");
    const code = await insertGiftCode(D1, { months: 3 });
    const twice = await Promise.all([redeem(code, member.cookie), redeem(code, member.cookie)]);
    expect(twice.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await compOf(member.id))!.ends_at).toBe(Date.UTC(2027, 2, 25, 10));

    const other = await createUser("user");
    const [three, one] = await Promise.all([insertGiftCode(D1, { months: 3 }), insertGiftCode(D1, { months: 1 })]);
    const both = await Promise.all([redeem(three, other.cookie), redeem(one, other.cookie)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect((await compOf(other.id))!.ends_at).toBe(Date.UTC(2027, 3, 25, 10));
  });
});

describe("the months go after the VIP the member already has", () => {
  it("a gift still running: from its end, and its start kept", async () => {
    freezeClock(NOW);
    const member = await createUser("user");
    await redeemed(await insertGiftCode(D1, { months: 3 }), member);
    freezeClock(NOW + 2 * DAY);
    const answer = await redeemed(await insertGiftCode(D1, { months: 1 }), member);
    expect(answer).toEqual({
      months: 1,
      tier: VIP_TIER,
      vipUntil: "2027-04-25T10:00:00.000Z",
      addedAfter: "2027-03-25T10:00:00.000Z",
      subscriptionRenews: false,
    });
    expect(await compOf(member.id)).toEqual({ granted_by: null, granted_at: NOW, ends_at: Date.UTC(2027, 3, 25, 10) });
  });

  it("a paid membership that renews: from its period end, and says it renews", async () => {
    freezeClock(NOW);
    const member = await createUser("user");
    const periodEnd = NOW + 20 * DAY; // 14 January 2027
    await subscribe(member.id, { periodEnd });
    const answer = await redeemed(await insertGiftCode(D1, { months: 6 }), member);
    expect(answer).toEqual({ months: 6, tier: VIP_TIER, vipUntil: "2027-07-14T10:00:00.000Z", addedAfter: iso(periodEnd), subscriptionRenews: true });
    expect(await isVip(member.id)).toBe(1);
  });

  it("a paid membership set to cancel: from its cancel date, and says it does not renew", async () => {
    freezeClock(NOW);
    const member = await createUser("user");
    const cancelAt = NOW + 5 * DAY;
    await subscribe(member.id, { periodEnd: NOW + 20 * DAY, cancelAt });
    const answer = await redeemed(await insertGiftCode(D1, { months: 1 }), member);
    expect(answer).toEqual({ months: 1, tier: VIP_TIER, vipUntil: "2027-01-30T10:00:00.000Z", addedAfter: iso(cancelAt), subscriptionRenews: false });
  });

  it("a running gift that ends after the paid period: from the gift's end", async () => {
    freezeClock(NOW);
    const member = await createUser("user");
    const giftEnd = NOW + 40 * DAY;
    await subscribe(member.id, { periodEnd: NOW + 20 * DAY, cancelAtPeriodEnd: true });
    await giveComp(member.id, giftEnd, NOW - DAY);
    const answer = await redeemed(await insertGiftCode(D1, { months: 1 }), member);
    expect(answer.addedAfter).toBe(iso(giftEnd));
    expect(answer.subscriptionRenews).toBe(false);
    expect((await compOf(member.id))!.ends_at).toBe(Date.UTC(2027, 2, 3, 10));
  });

  it("a comp until revoked stays so: the code is used, the answer says no end", async () => {
    freezeClock(NOW);
    const member = await createUser("user");
    await giveComp(member.id, null);
    const code = await insertGiftCode(D1, { months: 12 });
    expect(await redeemed(code, member)).toEqual({ months: 12, tier: VIP_TIER, vipUntil: null, addedAfter: null, subscriptionRenews: false });
    expect(await compOf(member.id)).toEqual({ granted_by: null, granted_at: NOW - 30 * DAY, ends_at: null });
    expect((await codeRow(code))!.redeemed_by).toBe(member.id);
  });

  it("a gift past its end that the cron has not removed yet: from now, VIP again since now", async () => {
    freezeClock(NOW);
    const member = await createUser("user");
    await giveComp(member.id, NOW - DAY);
    expect((await redeemed(await insertGiftCode(D1, { months: 1 }), member)).vipUntil).toBe("2027-01-25T10:00:00.000Z");
    expect(await compOf(member.id)).toEqual({ granted_by: null, granted_at: NOW, ends_at: Date.UTC(2027, 0, 25, 10) });
    expect(await isVip(member.id)).toBe(1);
  });

  it("calendar months in UTC: a day the later month lacks becomes its last", async () => {
    freezeClock(Date.UTC(2027, 0, 31, 23, 30));
    const member = await createUser("user");
    expect((await redeemed(await insertGiftCode(D1, { months: 1 }), member)).vipUntil).toBe("2027-02-28T23:30:00.000Z");
    freezeClock(Date.UTC(2028, 1, 29, 8));
    const leap = await createUser("user");
    expect((await redeemed(await insertGiftCode(D1, { months: 12 }), leap)).vipUntil).toBe("2029-02-28T08:00:00.000Z");
  });
});

describe("the hourly cron ends a gift at its end", () => {
  it("turns VIP off once the end has come, removes the comp, tells the member once (and mails it)", async () => {
    freezeClock(NOW);
    const member = await createUser("user", { email: `gift-end-${crypto.randomUUID().slice(0, 8)}@example.com` });
    const { vipUntil } = await redeemed(await insertGiftCode(D1, { months: 1 }), member);
    const end = Date.parse(vipUntil!);
    await hourly(end - HOUR);
    expect(await isVip(member.id)).toBe(1);
    await hourly(end + 5 * 60_000);
    await hourly(end + HOUR);
    expect(await isVip(member.id)).toBe(0);
    expect(await compOf(member.id)).toBeNull();
    await backgroundWorkSettled();
    const prefix = `vip_ended:gift:${member.id}:`;
    const { results } = await D1.prepare("SELECT id, params FROM notification_events WHERE substr(id, 1, ?2) = ?1")
      .bind(prefix, prefix.length)
      .all<{ id: string; params: string }>();
    expect(results).toEqual([{ id: `vip_ended:gift:${member.id}:${end}`, params: JSON.stringify({ gift: true }) }]);
    await vi.waitFor(
      async () => {
        const mails = await D1.prepare("SELECT subject FROM mail_outbox WHERE to_address = ?1").bind(member.email).all<{ subject: string }>();
        expect(mails.results).toEqual([{ subject: "Your gifted VIP ended" }]);
      },
      { timeout: 5000, interval: 50 },
    );
  });

  it("a member who also pays stays VIP and is not told; a comp until revoked is never touched", async () => {
    const payer = await createUser("user");
    await subscribe(payer.id, { periodEnd: Date.now() + 30 * DAY });
    await giveComp(payer.id, Date.now() - HOUR, Date.now() - 40 * DAY, Date.now());
    const comped = await createUser("user");
    await giveComp(comped.id, null);
    await hourly(Date.now());
    expect(await compOf(payer.id)).toBeNull();
    expect(await isVip(payer.id)).toBe(1);
    expect(await compOf(comped.id)).not.toBeNull();
    expect(await isVip(comped.id)).toBe(1);
    await backgroundWorkSettled();
    const prefix = `vip_ended:gift:${payer.id}:`;
    expect(await first("SELECT id FROM notification_events WHERE substr(id, 1, ?2) = ?1", prefix, prefix.length)).toBeNull();
  });
});

describe("the buyer is told once", () => {
  const eventsWithId = async (id: string) => (await first<{ n: number }>("SELECT count(*) AS n FROM notification_events WHERE id = ?1", id))!.n;
  const mailsTo = async (to: string) =>
    (await D1.prepare("SELECT subject, text_body AS text FROM mail_outbox WHERE to_address = ?1").bind(to).all<{ subject: string; text: string }>()).results;

  it("a member buyer: a notification naming the redeemer, and a mail in their language, each once", async () => {
    freezeClock(NOW);
    const buyer = await createUser("user");
    await exec("UPDATE users SET locale = 'pt-BR' WHERE id = ?1", buyer.id);
    const friend = await createUser("user");
    const code = await insertGiftCode(D1, { userId: buyer.id, email: buyer.email, months: 3 });
    await redeemed(code, friend);
    await backgroundWorkSettled();
    const event = await first<{ kind: string; actor_id: string; params: string; link: string }>(
      "SELECT kind, actor_id, params, link FROM notification_events WHERE id = ?1",
      `gift_redeemed:${code}`,
    );
    expect(event).toEqual({ kind: "gift_redeemed", actor_id: friend.id, params: JSON.stringify({ at: iso(NOW) }), link: "/collection" });
    const [mail, ...more] = await mailsTo(buyer.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("Seu presente de VIP foi resgatado");
    expect(mail!.text).toContain(`@${friend.username} resgatou os 3 meses de VIP`);
    expect(mail!.text).toContain("25 de dezembro de 2026");
    expect(mail!.text).toContain(code);

    // Told again (a retried announcement): still one notification and one mail.
    const { announceRedemption } = await import("../../worker/services/store/gifts");
    await announceRedemption(env as never, (await import("./helpers")).db(), {
      code,
      userId: friend.id,
      redeemedAt: NOW,
      months: 3,
      vipUntil: null,
      addedAfter: null,
      subscriptionRenews: false,
      tier: { id: "vip", name: { en: "VIP", ptBR: "VIP" } },
      roleChanged: false,
    });
    expect(await eventsWithId(`gift_redeemed:${code}`)).toBe(1);
    expect(await mailsTo(buyer.email)).toHaveLength(1);
  });

  it("a guest buyer: a mail in the language they bought in, no notification", async () => {
    freezeClock(NOW);
    const email = `guest-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const { giftCodes } = await insertPaidOrder(D1, { email, locale: "en", gifts: [{ months: 1 }] });
    const friend = await createUser("user");
    await redeemed(giftCodes[0]!, friend);
    await backgroundWorkSettled();
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe("Your gift of VIP was redeemed");
    expect(mail!.text).toContain(`@${friend.username} redeemed the 1 month of`);
    expect(mail!.text).toContain("December 25, 2026");
    expect(await eventsWithId(`gift_redeemed:${giftCodes[0]}`)).toBe(0);
  });

  it("a gift to oneself: redeemed like any other, nobody is told it was redeemed", async () => {
    const buyer = await createUser("user");
    const code = await insertGiftCode(D1, { userId: buyer.id, email: buyer.email });
    await redeemed(code, buyer);
    await backgroundWorkSettled();
    expect(await eventsWithId(`gift_redeemed:${code}`)).toBe(0);
    expect(await mailsTo(buyer.email)).toEqual([]);
    expect(await eventsWithId(`vip_granted:gift:${code}`)).toBe(1);
  });
});

describe("rate limits against guessing", () => {
  it("past 10 attempts an hour, the account gets 429 even with a right code", async () => {
    const member = await createUser("user");
    for (let i = 0; i < 10; i++) expect((await redeem(`GIFT-AAAA-BBBB-${String(i).padStart(4, "C")}`, member.cookie)).status).toBe(404);
    const code = await insertGiftCode(D1);
    const res = await redeem(code, member.cookie);
    expect(res.status).toBe(429);
    expect((await errorOf(res)).code).toBe("rate_limited");
    expect(await codeRow(code)).toEqual({ redeemed_by: null, redeemed_at: null });
  });

  it("past 30 attempts an hour from one address, every account there gets 429", async () => {
    const headers = { "cf-connecting-ip": "203.0.113.45" };
    const members = await Promise.all([createUser("user"), createUser("user"), createUser("user"), createUser("user")]);
    for (const member of members.slice(0, 3))
      for (let i = 0; i < 10; i++) expect((await redeem("GIFT-AAAA-BBBB-CCCC", member.cookie, headers)).status).toBe(404);
    const res = await redeem(await insertGiftCode(D1), members[3]!.cookie, headers);
    expect(res.status).toBe(429);
  });
});

describe("GET /api/store/gifts/:code (the printable card)", () => {
  it("gives the buyer their card: code, months, state and the address its QR code opens; never cached", async () => {
    const buyer = await createUser("user");
    const code = await insertGiftCode(D1, { userId: buyer.id, email: buyer.email, months: 6 });
    const res = await card(code.toLowerCase(), buyer.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const body = await res.json<GiftCardResponse>();
    expect(body).toEqual({
      code,
      months: 6,
      tier: VIP_TIER,
      state: "unredeemed",
      redeemedBy: null,
      redeemedAt: null,
      redeemUrl: `${new URL(SITE_URL).origin}/redeem?code=${code}`,
      createdAt: body.createdAt,
    });
  });

  it("says who redeemed it and when, and that a refunded code is void", async () => {
    freezeClock(NOW);
    const buyer = await createUser("user");
    const friend = await createUser("user");
    const code = await insertGiftCode(D1, { userId: buyer.id, email: buyer.email });
    await redeemed(code, friend);
    expect(await (await card(code, buyer.cookie)).json()).toMatchObject({ state: "redeemed", redeemedBy: friend.username, redeemedAt: iso(NOW) });
    const voided = await insertGiftCode(D1, { userId: buyer.id, email: buyer.email, voidedAt: NOW });
    expect(await (await card(voided, buyer.cookie)).json()).toMatchObject({ state: "void", redeemedBy: null });
  });

  it.each(["user", "vip", "door"] as const)("another %s gets 404 gift_code_invalid, as for a code that does not exist", async (role) => {
    const buyer = await createUser("user");
    const code = await insertGiftCode(D1, { userId: buyer.id, email: buyer.email });
    const res = await card(code, (await createRole(role)).cookie);
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe("gift_code_invalid");
  });

  it("an administrator sees any card; unknown and malformed codes are 404", async () => {
    const admin = await createUser("admin");
    const code = await insertGiftCode(D1);
    expect((await card(code, admin.cookie)).status).toBe(200);
    for (const unknown of ["GIFT-2345-6789-ABCD", "nope"]) {
      const res = await card(unknown, admin.cookie);
      expect(res.status).toBe(404);
      expect((await errorOf(res)).code).toBe("gift_code_invalid");
    }
  });

  it("a visitor and a banned buyer get 401", async () => {
    const banned = await createUser("banned");
    const code = await insertGiftCode(D1, { userId: banned.id, email: banned.email });
    for (const cookie of [undefined, banned.cookie]) expect((await card(code, cookie)).status).toBe(401);
  });
});

describe("the back office's comp still means until revoked", () => {
  it("granting a comp to a member whose gift ran out (not yet removed) makes it endless", async () => {
    const admin = await createUser("admin");
    const member = await createUser("user");
    await giveComp(member.id, Date.now() - HOUR, Date.now() - 40 * DAY);
    const res = await call(`/api/admin/users/${member.id}/vip`, { method: "PUT", json: { comp: true }, cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect((await res.json<{ user: unknown }>()).user).toMatchObject({ isVIP: true, vipSource: "comp" });
    const comp = await compOf(member.id);
    expect(comp).toMatchObject({ granted_by: admin.id, ends_at: null });
    expect(comp!.granted_at).toBeGreaterThan(Date.now() - 60_000);
    await hourly(Date.now() + DAY);
    expect(await isVip(member.id)).toBe(1);
  });
});

describe("the pages", () => {
  it("/redeem/card/<code> is the shell for a member, kept out of search results, and sends a visitor to sign in first; /redeem is the shell, indexable", async () => {
    const member = await createUser("user");
    const cardPage = await page("/redeem/card/GIFT-ABCD-EFGH-JKMN", { headers: { cookie: member.cookie } });
    expect(cardPage.status).toBe(200);
    expect(cardPage.headers.get("x-robots-tag")).toBe("noindex");
    expect(await cardPage.text()).toBe(SHELL);
    const visitor = await page("/redeem/card/GIFT-ABCD-EFGH-JKMN");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe("/social/login?redirect=%2Fredeem%2Fcard%2FGIFT-ABCD-EFGH-JKMN");
    expect(visitor.headers.get("x-robots-tag")).toBe("noindex");
    const redeemPage = await page("/redeem?code=GIFT-ABCD-EFGH-JKMN");
    expect(redeemPage.status).toBe(200);
    expect(redeemPage.headers.get("x-robots-tag")).toBeNull();
    expect(await redeemPage.text()).toBe(SHELL);
  });
});
