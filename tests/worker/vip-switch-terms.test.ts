// GET /api/payments/local/subscription/switch/:plan: what a plan switch in the local portal would
// come to, asked before it is made. The Worker computes it from the stored membership and the
// plans' prices; asking changes nothing; the switch then charges exactly what was said. Refused
// as the switch itself is (no membership, the same plan, set to cancel, a visitor, the public
// address, an unknown plan).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LocalSwitchTermsResponse } from "../../worker/contracts/payments";
import { createSession } from "../../worker/db/auth";
import { randomToken, sha256Hex } from "../../worker/lib/crypto";
import { call, callLocal, createUser, db, errorOf, SESSION_COOKIE, type TestUser } from "./helpers";
import { DAY, D1, freezeClock, rows, setClock } from "./check-in-fixtures";
import { paymentStateOf } from "./payments-fixtures";

/** Saturday 21 November 2026, 17:00:30 UTC. */
const NOW = Date.UTC(2026, 10, 21, 17, 0, 30);

beforeEach(async () => {
  await D1.prepare("DELETE FROM site_settings").run();
  freezeClock(NOW);
});
afterEach(() => vi.useRealTimers());

const terms = (user: TestUser | undefined, plan: string) => callLocal(`/api/payments/local/subscription/switch/${plan}`, { cookie: user?.cookie });
const manage = (user: TestUser, action: string) => callLocal(`/api/payments/local/subscription/${action}`, { method: "POST", cookie: user.cookie });
const revenueOf = (userId: string) =>
  rows<{ amount_cents: number }>("SELECT amount_cents FROM revenue_entries WHERE user_id = ?1 ORDER BY occurred_at, ref", userId);

/** A member who paid `plan` at the local test checkout at NOW. */
async function member(plan: "monthly" | "yearly") {
  const user = await createUser("user");
  const res = await call("/api/payments/checkout", { json: { plan }, cookie: user.cookie });
  expect(res.status).toBe(200);
  const session = new URL((await res.json<{ url: string }>()).url, "https://fans.test").searchParams.get("session")!;
  expect((await callLocal(`/api/payments/local/checkout/${session}/pay`, { method: "POST", cookie: user.cookie })).status).toBe(200);
  return user;
}

/** The member signed in again at the clock's time. */
async function signInAgain(user: TestUser): Promise<TestUser> {
  const token = randomToken(32);
  await createSession(db(), user.id, await sha256Hex(token));
  return { ...user, cookie: `${SESSION_COOKIE}=${token}` };
}

describe("the terms of a plan switch", () => {
  it("yearly → monthly a minute after paying $99: a credit of $99, nothing charged, $89.01 kept; asking changes nothing", async () => {
    const payer = await member("yearly");
    setClock(NOW + 60_000);
    const user = await signInAgain(payer);
    const before = await paymentStateOf(user.id);
    const res = await terms(user, "monthly");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await res.json<LocalSwitchTermsResponse>()).toEqual({
      plan: "monthly",
      priceCents: 999,
      currency: "USD",
      creditCents: 9900,
      chargeCents: 0,
      leftoverCents: 8901,
      periodEnd: new Date(Date.UTC(2026, 11, 21, 17, 1, 30)).toISOString(),
    });
    expect(await paymentStateOf(user.id)).toEqual(before);
  });

  it("monthly → yearly half-way through the month: $5.00 credited, $94.00 charged, and the switch charges exactly that", async () => {
    const payer = await member("monthly");
    setClock(NOW + 15 * DAY);
    const user = await signInAgain(payer);
    const body = await (await terms(user, "yearly")).json<LocalSwitchTermsResponse>();
    expect(body).toMatchObject({ plan: "yearly", priceCents: 9900, currency: "USD", creditCents: 500, chargeCents: 9400, leftoverCents: 0 });
    expect(body.periodEnd).toBe(new Date(Date.UTC(2027, 11, 6, 17, 0, 30)).toISOString());
    expect((await manage(user, "switch-to-yearly")).status).toBe(200);
    expect((await revenueOf(user.id)).map((r) => r.amount_cents)).toEqual([999, body.chargeCents]);
  });

  it("is refused as the switch is: the same plan 409, set to cancel 409, no membership 404, a visitor 401, the public address 404, an unknown plan 400", async () => {
    const user = await member("yearly");
    const same = await terms(user, "yearly");
    expect([same.status, (await errorOf(same)).code]).toEqual([409, "vip_plan_unchanged"]);
    const unknown = await terms(user, "weekly");
    expect([unknown.status, (await errorOf(unknown)).code]).toEqual([400, "invalid_input"]);
    expect((await call("/api/payments/local/subscription/switch/monthly", { cookie: user.cookie })).status).toBe(404);
    expect((await terms(undefined, "monthly")).status).toBe(401);
    expect((await manage(user, "cancel-at-period-end")).status).toBe(200);
    const canceling = await terms(user, "monthly");
    expect([canceling.status, (await errorOf(canceling)).code]).toEqual([409, "vip_plan_switch_unavailable"]);
    const nobody = await terms(await createUser("user"), "monthly");
    expect([nobody.status, (await errorOf(nobody)).code]).toEqual([404, "no_membership"]);
  });
});
