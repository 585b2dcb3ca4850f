// "Member since" and months supported on profiles (decision 100): both shown to other members by
// default; a member may hide either (PATCH /api/profiles/me), and hidden means absent from what
// anyone else is sent, an admin included; the member still sees both, with their choices.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { DAY, writeHistory } from "./tier-fixtures";
import type { ProfileResponse, ProfileView } from "#contracts/profiles.ts";

const D1 = (env as unknown as { DB: D1Database }).DB;

async function profileAs(id: string, viewer: TestUser): Promise<ProfileView> {
  const res = await call(`/api/profiles/${id}`, { cookie: viewer.cookie });
  expect(res.status).toBe(200);
  return (await res.json<ProfileResponse>()).profile;
}
const hide = (member: TestUser, json: unknown) => call("/api/profiles/me", { method: "PATCH", json, cookie: member.cookie });
const flags = (id: string) =>
  D1.prepare("SELECT hide_member_since AS since, hide_months_supported AS months FROM profiles WHERE user_id = ?")
    .bind(id)
    .first<{ since: number; months: number }>();

describe("member since and months supported", () => {
  it("shows both to others until the member hides each, and always to the member", async () => {
    const member = await createUser("vip");
    const now = Date.now();
    // VIP for 70 days, free for 10, VIP again for the last 25: 95 paid days, 3 whole months.
    await writeHistory(member.id, [
      [null, "vip", now - 105 * DAY],
      ["vip", null, now - 35 * DAY],
      [null, "vip", now - 25 * DAY],
    ]);
    const other = await createUser("user");
    const admin = await createUser("admin");
    const joined = (await D1.prepare("SELECT created_at FROM users WHERE id = ?").bind(member.id).first<{ created_at: number }>())!.created_at;

    expect(await profileAs(member.id, other)).toMatchObject({ createdAt: new Date(joined).toISOString(), monthsSupported: 3 });
    expect((await profileAs(member.id, other)).privacy).toBeUndefined();

    const res = await hide(member, { hideMonthsSupported: true });
    expect(res.status).toBe(200);
    expect((await res.json<ProfileResponse>()).profile.privacy).toEqual({ hideMemberSince: false, hideMonthsSupported: true });
    expect(await flags(member.id)).toEqual({ since: 0, months: 1 });
    for (const viewer of [other, admin]) {
      const seen = await profileAs(member.id, viewer);
      expect(Object.keys(seen)).not.toContain("monthsSupported");
      expect(seen.createdAt).toBe(new Date(joined).toISOString());
    }

    expect((await hide(member, { hideMemberSince: true })).status).toBe(200);
    const text = await (await call(`/api/profiles/${member.id}`, { cookie: other.cookie })).text();
    expect(text).not.toContain("createdAt");
    expect(text).not.toContain("monthsSupported");
    expect(text).not.toContain(new Date(joined).toISOString());

    const own = await profileAs(member.id, member);
    expect(own).toMatchObject({ createdAt: new Date(joined).toISOString(), monthsSupported: 3, privacy: { hideMemberSince: true, hideMonthsSupported: true } });

    expect((await hide(member, { hideMemberSince: false, hideMonthsSupported: false })).status).toBe(200);
    expect(await profileAs(member.id, other)).toMatchObject({ createdAt: new Date(joined).toISOString(), monthsSupported: 3 });
  });

  it("refuses a flag that is not a boolean: 400, nothing stored", async () => {
    const member = await createUser("user");
    const res = await hide(member, { hideMemberSince: "yes" });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: "invalid_input", field: "hideMemberSince" });
    expect(await flags(member.id)).toEqual({ since: 0, months: 0 });
  });

  it("a visitor sees no profile at all", async () => {
    const member = await createUser("user");
    expect((await call(`/api/profiles/${member.id}`)).status).toBe(401);
  });
});
