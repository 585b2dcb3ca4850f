// The back office's member list by tier (decision 100): filters by tier, by where the membership
// stands and by months supported, each checked by the Worker (a bad value is a 400 with its code
// and field); each row carries the tier's badge and the months supported, from the tier history.
// Administrators only: every other role is refused.
import { beforeEach, describe, expect, it } from "vitest";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { addInnerCircle, addSubscription, DAY, expectRefusedToAll, writeHistory } from "./tier-fixtures";
import type { AdminUsersResponse } from "#contracts/admin/users.ts";

const API = "/api/admin/users";
let admin: TestUser;
let run = 0;
/** The usernames this test made share a prefix, so the search keeps other members out. */
let prefix = "";

beforeEach(async () => {
  await addInnerCircle();
  admin = await createUser("admin");
  prefix = `mt${++run}x`;
});

const member = (name: string, role: "user" | "vip" = "user", tierId?: string) =>
  createUser(role, { username: `${prefix}_${name}`, ...(tierId ? { tierId } : {}) });

async function names(params: Record<string, string>) {
  const res = await call(`${API}?${new URLSearchParams({ search: prefix, ...params })}`, { cookie: admin.cookie });
  expect(res.status).toBe(200);
  const body = await res.json<AdminUsersResponse>();
  return body.users.map((u) => u.username.slice(prefix.length + 1)).sort();
}

describe("GET /api/admin/users by tier", () => {
  it("refuses every role but the administrator", async () => {
    await expectRefusedToAll(`${API}?tier=vip&membership=active&minMonths=1`);
  });

  it("filters by tier, free included, and shows each member's badge", async () => {
    await member("free");
    await member("vip", "vip");
    await member("inner", "vip", "inner-circle");
    expect(await names({ tier: "vip" })).toEqual(["vip"]);
    expect(await names({ tier: "inner-circle" })).toEqual(["inner"]);
    expect(await names({ tier: "member" })).toEqual(["free"]);
    expect(await names({})).toEqual(["free", "inner", "vip"]);

    const res = await call(`${API}?${new URLSearchParams({ search: prefix })}`, { cookie: admin.cookie });
    const byName = new Map((await res.json<AdminUsersResponse>()).users.map((u) => [u.username.slice(prefix.length + 1), u]));
    expect(byName.get("inner")!.tier).toEqual({ id: "inner-circle", rank: 2, name: { en: "Inner Circle", ptBR: "Círculo Íntimo" }, color: "#7c3aed" });
    expect(byName.get("vip")!.tier?.id).toBe("vip");
    expect(byName.get("free")!.tier).toBeNull();
  });

  it("filters by where the membership stands", async () => {
    const paying = await member("paying", "vip");
    await addSubscription(paying.id, { status: "active" });
    const trial = await member("trial", "vip");
    await addSubscription(trial.id, { status: "trialing" });
    const late = await member("late", "vip");
    await addSubscription(late.id, { status: "past_due" });
    const leaving = await member("leaving", "vip");
    await addSubscription(leaving.id, { status: "active", cancelAtPeriodEnd: true });
    const gone = await member("gone");
    await addSubscription(gone.id, { status: "canceled" });

    expect(await names({ membership: "active" })).toEqual(["paying"]);
    expect(await names({ membership: "trialing" })).toEqual(["trial"]);
    expect(await names({ membership: "past_due" })).toEqual(["late"]);
    expect(await names({ membership: "cancelling" })).toEqual(["leaving"]);
    expect(await names({ membership: "free" })).toEqual(["gone"]);
    expect(await names({ membership: "active", tier: "inner-circle" })).toEqual([]);
  });

  it("counts months supported from the tier history: paid intervals summed, free gaps left out", async () => {
    const now = Date.now();
    // free -> VIP -> Inner Circle -> VIP -> free: 60 + 60 + 30 = 150 paid days (4 whole months), then 50 free days.
    const past = await member("past");
    await writeHistory(past.id, [
      [null, "vip", now - 200 * DAY],
      ["vip", "inner-circle", now - 140 * DAY],
      ["inner-circle", "vip", now - 80 * DAY],
      ["vip", null, now - 50 * DAY],
    ]);
    // VIP for 100 days until now: 3 whole months.
    const current = await member("current");
    await writeHistory(current.id, [[null, "vip", now - 100 * DAY]]);
    await member("never");

    expect(await names({ minMonths: "3" })).toEqual(["current", "past"]);
    expect(await names({ minMonths: "4" })).toEqual(["past"]);
    expect(await names({ minMonths: "5" })).toEqual([]);
    expect(await names({ minMonths: "0" })).toEqual(["current", "never", "past"]);

    const res = await call(`${API}?${new URLSearchParams({ search: prefix })}`, { cookie: admin.cookie });
    const months = Object.fromEntries((await res.json<AdminUsersResponse>()).users.map((u) => [u.username.slice(prefix.length + 1), u.monthsSupported]));
    expect(months).toEqual({ past: 4, current: 3, never: 0 });
  });

  it.each([
    ["tier=gold", 400, "tier_unknown", "tier"],
    ["tier=Not%20a%20tier", 400, "invalid_input", "tier"],
    ["membership=paused", 400, "invalid_input", "membership"],
    ["minMonths=-1", 400, "invalid_input", "minMonths"],
    ["minMonths=1.5", 400, "invalid_input", "minMonths"],
    ["minMonths=1201", 400, "invalid_input", "minMonths"],
    ["minMonths=many", 400, "invalid_input", "minMonths"],
  ])("refuses %s: %i %s on its field", async (query, status, code, field) => {
    const res = await call(`${API}?${query}`, { cookie: admin.cookie });
    expect(res.status).toBe(status);
    expect(await errorOf(res)).toMatchObject({ code, field });
  });
});
