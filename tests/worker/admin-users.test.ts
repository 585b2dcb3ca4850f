// /api/admin/users: user management for administrators only. Every route answers visitor and
// banned 401, member and VIP 403 (writing nothing), admin 2xx with an audit row per write. The
// list searches, filters by role and pages on the server. Admin: no self-demotion, never no admin
// left (even when two admins demote each other at once). Complimentary VIP is kept apart from
// paid VIP in every order of events. A ban ends sessions and sockets at once, refuses sign-in and
// hides the member's posts; unban restores. Each privilege change rotates the member's sessions.
// Invitations mail a working sign-up link. Malformed input is a 400 that changes nothing.
//
// Expectations come from raw SQL against D1, never from the query functions under test.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { call, createUser, errorOf, ORIGIN, SESSION_COOKIE, cookieFrom, type TestUser } from "./helpers";
import { cookieFor, expectRefused, ROLES } from "./admin-gate-matrix";
import { acceptSocket } from "./sockets";
import { deliver, invoiceEvent, isVip, newCustomerId, newSubscriptionId, subscribeViaEvents, subscriptionEvent, DAY_MS } from "./payments-fixtures";
import { SOCKET_CLOSE_SESSION_ENDED } from "../../worker/contracts/realtime";
import { USERS_PAGE_SIZE, type AdminUser, type AdminUserResponse, type AdminUsersResponse } from "../../worker/contracts/admin/users";
import type { FeedResponse } from "../../worker/contracts/feed";
import type { AppEnv } from "../../worker/env";
import { createDb } from "../../worker/db/client";
import { endExpiredGraces } from "../../worker/db/payments";
import { setUserAdmin, setUserBan } from "../../worker/services/user-admin";

const D1 = (env as unknown as { DB: D1Database }).DB;
const appEnv = env as unknown as AppEnv;
const API = "/api/admin/users";

const row = <T>(query: string, ...binds: unknown[]) =>
  D1.prepare(query)
    .bind(...binds)
    .first<T>();
const count = async (query: string, ...binds: unknown[]) => (await row<{ n: number }>(query, ...binds))!.n;
const auditCount = () => count("SELECT count(*) AS n FROM audit_log");
type AuditRow = { action: string; target_type: string; target_id: string | null; actor_id: string; actor_email: string; summary: string };
const lastAudit = () => row<AuditRow>("SELECT * FROM audit_log ORDER BY id DESC LIMIT 1");
const sessionCount = (userId: string) => count("SELECT count(*) AS n FROM sessions WHERE user_id = ?1", userId);
const userRow = (id: string) => row<{ is_admin: number; is_vip: number; status: string }>("SELECT is_admin, is_vip, status FROM users WHERE id = ?1", id);
const hasAdminsRow = async (id: string) => (await count("SELECT count(*) AS n FROM admins WHERE user_id = ?1", id)) === 1;
const hasComp = async (id: string) => (await count("SELECT count(*) AS n FROM vip_comps WHERE user_id = ?1", id)) === 1;

/** Who the cookie signs in, per /api/auth/me (null: the session is over). */
async function whoIs(cookie: string) {
  const res = await call("/api/auth/me", { cookie });
  return (await res.json<{ user: { id: string } | null }>()).user?.id ?? null;
}

const put = (path: string, json: unknown, cookie?: string) => call(`${API}${path}`, { method: "PUT", json, cookie });
const setAdmin = (target: string, admin: boolean, cookie: string) => put(`/${target}/admin`, { admin }, cookie);
const setComp = (target: string, comp: boolean, cookie: string) => put(`/${target}/vip`, { comp }, cookie);
/** A ban with a reason, permanent (the ban form's fields: suspensions.test.ts). */
const BAN = { reason: "Spam", until: null };
const setBan = (target: string, banned: boolean, cookie: string) => put(`/${target}/ban`, banned ? { banned, ...BAN } : { banned }, cookie);

async function list(cookie: string, params: Record<string, string> = {}) {
  const res = await call(`${API}?${new URLSearchParams(params)}`, { cookie });
  expect(res.status).toBe(200);
  return res.json<AdminUsersResponse>();
}

async function listed(cookie: string, user: TestUser): Promise<AdminUser> {
  const { users } = await list(cookie, { search: user.email });
  const found = users.find((u) => u.id === user.id);
  if (!found) throw new Error(`${user.email} not listed`);
  return found;
}

async function okUser(res: Response) {
  expect(res.status).toBe(200);
  return (await res.json<AdminUserResponse>()).user;
}

let serial = 0;
/** A token no other test's users contain, for searches that must see only this test's users. */
const token = () => `tk${Date.now().toString(36)}x${++serial}`;

describe("access: every route is for administrators only", () => {
  type Route = { name: string; method: string; path: (target: string) => string; json?: unknown; ok: number };
  const routes: Route[] = [
    { name: "GET list", method: "GET", path: () => API, ok: 200 },
    { name: "PUT admin", method: "PUT", path: (t) => `${API}/${t}/admin`, json: { admin: true }, ok: 200 },
    { name: "PUT vip", method: "PUT", path: (t) => `${API}/${t}/vip`, json: { comp: true }, ok: 200 },
    { name: "PUT ban", method: "PUT", path: (t) => `${API}/${t}/ban`, json: { banned: true, reason: "Spam", until: null }, ok: 200 },
    { name: "POST invite", method: "POST", path: () => `${API}/invite`, json: { email: "" }, ok: 201 },
  ];
  it.each(routes.flatMap((r) => ROLES.map((role) => [r.name, role, r] as const)))("%s as %s", async (_name, role, route) => {
    const target = await createUser("user");
    const json = route.name === "POST invite" ? { email: `invitee-${token()}@example.com` } : route.json;
    const auditsBefore = await auditCount();
    const res = await call(route.path(target.id), { method: route.method, json, cookie: await cookieFor(role) });
    if (role === "admin") {
      expect(res.status).toBe(route.ok);
      if (route.method !== "GET") expect(await auditCount()).toBe(auditsBefore + 1);
      return;
    }
    await expectRefused(res, role);
    // Nothing written: the target is as created, their session alive, no audit row, no mail.
    expect(await userRow(target.id)).toEqual({ is_admin: 0, is_vip: 0, status: "active" });
    expect(await hasAdminsRow(target.id)).toBe(false);
    expect(await hasComp(target.id)).toBe(false);
    expect(await whoIs(target.cookie)).toBe(target.id);
    expect(await auditCount()).toBe(auditsBefore);
    if (json && typeof json === "object" && "email" in json)
      expect(await count("SELECT count(*) AS n FROM mail_outbox WHERE to_address = ?1", json.email)).toBe(0);
  });

  it("refuses a write from another site (CSRF) before anything runs", async () => {
    const admin = await createUser("admin");
    const target = await createUser("user");
    const res = await call(`${API}/${target.id}/ban`, {
      method: "PUT",
      json: { banned: true },
      cookie: admin.cookie,
      headers: { origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect((await userRow(target.id))!.status).toBe("active");
  });
});

describe("GET /api/admin/users: search, role filter, pages", () => {
  it("lists a member with every column the page shows", async () => {
    const admin = await createUser("admin");
    const member = await createUser("user");
    await D1.prepare("UPDATE users SET created_at = ?1, last_sign_in_at = NULL WHERE id = ?2")
      .bind(Date.UTC(2024, 2, 1), member.id)
      .run();
    expect(await listed(admin.cookie, member)).toEqual({
      id: member.id,
      email: member.email,
      username: member.username,
      joinedAt: new Date(Date.UTC(2024, 2, 1)).toISOString(),
      lastSignInAt: null,
      status: "active",
      ban: null,
      isAdmin: false,
      isVIP: false,
      vipSource: "none",
      isDoorStaff: false,
      tier: null,
      monthsSupported: 0,
    });
    const signedIn = Date.UTC(2025, 0, 2, 3, 4, 5);
    await D1.prepare("UPDATE users SET last_sign_in_at = ?1 WHERE id = ?2").bind(signedIn, member.id).run();
    expect((await listed(admin.cookie, member)).lastSignInAt).toBe(new Date(signedIn).toISOString());
  });

  it("searches e-mail and username, case-insensitively, as substrings", async () => {
    const admin = await createUser("admin");
    const t = token();
    const byName = await createUser("user", { username: `Fan_${t}_one` });
    const byMail = await createUser("user", { email: `someone.${t}@mail.example` });
    await createUser("user");
    const found = await list(admin.cookie, { search: t.toUpperCase() });
    expect(found.users.map((u) => u.id).sort()).toEqual([byName.id, byMail.id].sort());
    expect(found.total).toBe(2);
    expect((await list(admin.cookie, { search: `${t}@MAIL` })).users.map((u) => u.id)).toEqual([byMail.id]);
    // What the admin types is text, not a pattern: % and _ match only themselves.
    expect((await list(admin.cookie, { search: `%${t}` })).total).toBe(0);
    expect((await list(admin.cookie, { search: `  ${t}  ` })).total).toBe(2);
  });

  it("filters by role: admins (row or flag), VIP members, regular users", async () => {
    const admin = await createUser("admin");
    const t = token();
    const byRow = await createUser("admin", { username: `a_${t}_row` });
    const byFlag = await createUser("user", { username: `a_${t}_flag` });
    await D1.prepare("UPDATE users SET is_admin = 1 WHERE id = ?1").bind(byFlag.id).run();
    const vip = await createUser("user", { username: `v_${t}_comp` });
    expect(await setComp(vip.id, true, admin.cookie).then((r) => r.status)).toBe(200);
    const paid = await createUser("user", { username: `v_${t}_paid` });
    await subscribeViaEvents(paid.id);
    const regular = await createUser("user", { username: `r_${t}_plain` });
    const banned = await createUser("banned", { username: `r_${t}_banned` });

    const ids = async (role: string) => (await list(admin.cookie, { search: t, role })).users.map((u) => u.id).sort();
    expect(await ids("admins")).toEqual([byRow.id, byFlag.id].sort());
    expect(await ids("vip")).toEqual([vip.id, paid.id].sort());
    expect(await ids("regular")).toEqual([regular.id, banned.id].sort());
    expect(await ids("all")).toHaveLength(6);
    const rows = (await list(admin.cookie, { search: t })).users;
    const byId = new Map(rows.map((u) => [u.id, u]));
    expect(byId.get(byFlag.id)!.isAdmin).toBe(true);
    expect(byId.get(vip.id)).toMatchObject({ isVIP: true, vipSource: "comp" });
    expect(byId.get(paid.id)).toMatchObject({ isVIP: true, vipSource: "paid" });
    expect(byId.get(banned.id)!.status).toBe("banned");
  });

  it("pages on the server, newest first, with the total and the page count", async () => {
    const admin = await createUser("admin");
    const t = token();
    const made: TestUser[] = [];
    for (let i = 0; i < USERS_PAGE_SIZE + 3; i++) {
      const u = await createUser("user", { username: `p_${t}_${i}` });
      await D1.prepare("UPDATE users SET created_at = ?1 WHERE id = ?2")
        .bind(Date.UTC(2024, 0, 1) + i * 60_000, u.id)
        .run();
      made.push(u);
    }
    const newestFirst = made.map((u) => u.id).reverse();
    const first = await list(admin.cookie, { search: t });
    expect(first).toMatchObject({ page: 1, pageSize: USERS_PAGE_SIZE, total: USERS_PAGE_SIZE + 3, totalPages: 2 });
    expect(first.users.map((u) => u.id)).toEqual(newestFirst.slice(0, USERS_PAGE_SIZE));
    const second = await list(admin.cookie, { search: t, page: "2" });
    expect(second.page).toBe(2);
    expect(second.users.map((u) => u.id)).toEqual(newestFirst.slice(USERS_PAGE_SIZE));
    const beyond = await list(admin.cookie, { search: t, page: "9" });
    expect(beyond).toMatchObject({ users: [], total: USERS_PAGE_SIZE + 3, totalPages: 2 });
    expect(await list(admin.cookie, { search: `${t}-none` })).toMatchObject({ users: [], total: 0, totalPages: 1 });
  });

  it.each([
    ["an unknown role", "role=owner"],
    ["page 0", "page=0"],
    ["a page that is not a number", "page=two"],
    ["a fractional page", "page=1.5"],
    ["an unknown parameter", "sort=email"],
    ["a search longer than any address", `search=${"a".repeat(300)}`],
  ])("answers %s with 400", async (_label, query) => {
    const admin = await createUser("admin");
    const res = await call(`${API}?${query}`, { cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("invalid_input");
  });
});

describe("PUT /api/admin/users/:id/admin", () => {
  it("grants admin (an admins row and the flag), keeps the member signed in (decision 040) and audits", async () => {
    const admin = await createUser("admin");
    const member = await createUser("user");
    const user = await okUser(await setAdmin(member.id, true, admin.cookie));
    expect(user).toMatchObject({ id: member.id, isAdmin: true });
    expect(await hasAdminsRow(member.id)).toBe(true);
    expect((await userRow(member.id))!.is_admin).toBe(1);
    expect(await sessionCount(member.id)).toBe(1);
    expect(await whoIs(member.cookie)).toBe(member.id);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "user.grant_admin", target_type: "user", target_id: member.id, actor_id: admin.id, actor_email: admin.email });
    expect(JSON.parse(audit!.summary)).toEqual({
      before: { isAdmin: false },
      after: { isAdmin: true },
      note: member.email,
      detail: { kind: "account", email: member.email },
    });
    // Without signing in again, the new admin reaches the back office.
    expect((await call(API, { cookie: member.cookie })).status).toBe(200);
  });

  it("revokes admin (row removed, flag cleared), keeps the session but refuses the back office at once, and audits", async () => {
    const admin = await createUser("admin");
    const other = await createUser("admin");
    await D1.prepare("UPDATE users SET is_admin = 1 WHERE id = ?1").bind(other.id).run();
    const user = await okUser(await setAdmin(other.id, false, admin.cookie));
    expect(user.isAdmin).toBe(false);
    expect(await hasAdminsRow(other.id)).toBe(false);
    expect((await userRow(other.id))!.is_admin).toBe(0);
    expect(await whoIs(other.cookie)).toBe(other.id);
    expect((await lastAudit())!.action).toBe("user.revoke_admin");
    // Still signed in as a member, whose next admin request is refused.
    const refused = await call(API, { cookie: other.cookie });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe("admin_required");
  });

  it("refuses to revoke the admin's own admin (409, nothing changed)", async () => {
    const admin = await createUser("admin");
    const audits = await auditCount();
    const res = await setAdmin(admin.id, false, admin.cookie);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({ code: "self_demotion", message: "You cannot remove your own admin access." });
    expect(await hasAdminsRow(admin.id)).toBe(true);
    expect(await whoIs(admin.cookie)).toBe(admin.id);
    expect(await auditCount()).toBe(audits);
  });

  it("changes nothing when the member already is as asked (no audit row, sessions kept)", async () => {
    const admin = await createUser("admin");
    const other = await createUser("admin");
    const member = await createUser("user");
    const audits = await auditCount();
    expect((await okUser(await setAdmin(other.id, true, admin.cookie))).isAdmin).toBe(true);
    expect((await okUser(await setAdmin(member.id, false, admin.cookie))).isAdmin).toBe(false);
    expect(await auditCount()).toBe(audits);
    expect(await whoIs(other.cookie)).toBe(other.id);
    expect(await whoIs(member.cookie)).toBe(member.id);
  });

  it("answers an unknown member 404 and a malformed id 400", async () => {
    const admin = await createUser("admin");
    const missing = await setAdmin(crypto.randomUUID(), true, admin.cookie);
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).code).toBe("user_not_found");
    expect((await setAdmin("not-a-user-id", true, admin.cookie)).status).toBe(400);
  });
});

describe("the site always keeps an active administrator", () => {
  /** Leaves exactly the given members as administrators (the file's other admins demoted). */
  async function onlyAdmins(...keep: TestUser[]) {
    const ids = JSON.stringify(keep.map((u) => u.id));
    await D1.batch([
      D1.prepare("DELETE FROM admins WHERE user_id NOT IN (SELECT value FROM json_each(?1))").bind(ids),
      D1.prepare("UPDATE users SET is_admin = 0 WHERE id NOT IN (SELECT value FROM json_each(?1))").bind(ids),
    ]);
  }

  it("refuses to demote or ban the last active administrator", async () => {
    const last = await createUser("admin");
    const someone = await createUser("user");
    await onlyAdmins(last);
    const d = createDb(appEnv.DB);
    const actor = { id: someone.id, email: someone.email };
    const audits = await auditCount();
    await expect(setUserAdmin(appEnv, d, actor, last.id, false)).rejects.toMatchObject({ status: 409, code: "last_admin" });
    await expect(setUserBan(appEnv, d, actor, last.id, BAN)).rejects.toMatchObject({ status: 409, code: "last_admin" });
    expect(await hasAdminsRow(last.id)).toBe(true);
    expect((await userRow(last.id))!.status).toBe("active");
    expect(await whoIs(last.cookie)).toBe(last.id);
    expect(await auditCount()).toBe(audits);
  });

  it("does not count a banned administrator as one", async () => {
    const last = await createUser("admin");
    const bannedAdmin = await createUser("admin");
    const someone = await createUser("user");
    await onlyAdmins(last, bannedAdmin);
    await D1.prepare("UPDATE users SET status = 'banned' WHERE id = ?1").bind(bannedAdmin.id).run();
    await expect(setUserAdmin(appEnv, createDb(appEnv.DB), { id: someone.id, email: someone.email }, last.id, false)).rejects.toMatchObject({
      code: "last_admin",
    });
  });

  it("lets only one of two admins demoting each other at once succeed", async () => {
    const a = await createUser("admin");
    const b = await createUser("admin");
    await onlyAdmins(a, b);
    const [byA, byB] = await Promise.all([setAdmin(b.id, false, a.cookie), setAdmin(a.id, false, b.cookie)]);
    const statuses = [byA.status, byB.status].sort();
    expect(statuses[0]).toBe(200);
    // The loser was demoted first: still signed in but no longer an admin (403, decision 040), or
    // its guarded batch found no other admin (409).
    expect([403, 409]).toContain(statuses[1]);
    const remaining = ((await hasAdminsRow(a.id)) ? 1 : 0) + ((await hasAdminsRow(b.id)) ? 1 : 0);
    expect(remaining).toBe(1);
  });
});

describe("PUT /api/admin/users/:id/vip: complimentary VIP, apart from paid VIP", () => {
  let admin: TestUser;
  beforeEach(async () => {
    admin = await createUser("admin");
  });

  const grant = async (member: TestUser) => expect((await setComp(member.id, true, admin.cookie)).status).toBe(200);
  const remove = async (member: TestUser) => expect((await setComp(member.id, false, admin.cookie)).status).toBe(200);
  const cancel = (sub: { id: string; customerId: string }, userId: string) => deliver(subscriptionEvent("deleted", { ...sub, userId, status: "canceled" }));
  const sourceOf = async (member: TestUser) => (await listed(admin.cookie, member)).vipSource;
  const subscriptionsOf = (userId: string) =>
    D1.prepare("SELECT id, status, current_period_end, last_event_at FROM subscriptions WHERE user_id = ?1 ORDER BY id").bind(userId).all();

  it("grants a comp: VIP at once, session kept (decision 040), audited; removing it ends VIP", async () => {
    const member = await createUser("user");
    const user = await okUser(await setComp(member.id, true, admin.cookie));
    expect(user).toMatchObject({ isVIP: true, vipSource: "comp" });
    expect(await hasComp(member.id)).toBe(true);
    expect(await row("SELECT granted_by FROM vip_comps WHERE user_id = ?1", member.id)).toEqual({ granted_by: admin.id });
    expect(await isVip(member.id)).toBe(true);
    expect(await whoIs(member.cookie)).toBe(member.id);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "user.grant_comp", target_id: member.id });
    expect(JSON.parse(audit!.summary)).toEqual({
      before: { compVip: false, vip: false },
      after: { compVip: true, vip: true },
      note: member.email,
      detail: { kind: "account", email: member.email },
    });
    // Without signing in again, the member gets VIP-only answers.
    const me = await call("/api/auth/me", { cookie: member.cookie });
    expect((await me.json<{ user: { isVIP: boolean } }>()).user.isVIP).toBe(true);

    const removed = await okUser(await setComp(member.id, false, admin.cookie));
    expect(removed).toMatchObject({ isVIP: false, vipSource: "none" });
    expect(await hasComp(member.id)).toBe(false);
    expect((await lastAudit())!.action).toBe("user.remove_comp");
    const after = await call("/api/auth/me", { cookie: member.cookie });
    expect((await after.json<{ user: { isVIP: boolean } }>()).user.isVIP).toBe(false);
  });

  it("comp, then pay, then cancel the payment: still VIP (comp)", async () => {
    const member = await createUser("user");
    await grant(member);
    const sub = await subscribeViaEvents(member.id);
    expect(await sourceOf(member)).toBe("both");
    await cancel(sub, member.id);
    expect(await isVip(member.id)).toBe(true);
    expect(await sourceOf(member)).toBe("comp");
  });

  it("pay, then comp, then remove the comp: still VIP (paid), subscription untouched", async () => {
    const member = await createUser("user");
    await subscribeViaEvents(member.id);
    const subsBefore = await subscriptionsOf(member.id);
    await grant(member);
    expect(await sourceOf(member)).toBe("both");
    await remove(member);
    expect(await isVip(member.id)).toBe(true);
    expect(await sourceOf(member)).toBe("paid");
    expect((await subscriptionsOf(member.id)).results).toEqual(subsBefore.results);
  });

  it("pay, then comp, then cancel the payment: still VIP (comp); then remove the comp: not VIP", async () => {
    const member = await createUser("user");
    const sub = await subscribeViaEvents(member.id);
    await grant(member);
    await cancel(sub, member.id);
    expect(await isVip(member.id)).toBe(true);
    expect(await sourceOf(member)).toBe("comp");
    await remove(member);
    expect(await isVip(member.id)).toBe(false);
    expect(await sourceOf(member)).toBe("none");
  });

  it("comp, then pay, then remove the comp: still VIP (paid); then cancel: not VIP", async () => {
    const member = await createUser("user");
    await grant(member);
    const sub = await subscribeViaEvents(member.id);
    await remove(member);
    expect(await isVip(member.id)).toBe(true);
    expect(await sourceOf(member)).toBe("paid");
    await cancel(sub, member.id);
    expect(await isVip(member.id)).toBe(false);
  });

  it("a payment event for a subscription that never paid, or arriving late, leaves a comp alone", async () => {
    const member = await createUser("user");
    await grant(member);
    const sub = { id: newSubscriptionId(), customerId: newCustomerId(), userId: member.id };
    await deliver(subscriptionEvent("created", { ...sub, status: "incomplete" }), subscriptionEvent("deleted", { ...sub, status: "incomplete_expired" }));
    expect(await isVip(member.id)).toBe(true);
    expect(await sourceOf(member)).toBe("comp");
  });

  it("a payment grace period running out (the cron) leaves a comp alone", async () => {
    const member = await createUser("user");
    const paidOnly = await createUser("user");
    const longAgo = Date.now() - 30 * DAY_MS;
    for (const m of [member, paidOnly]) {
      const sub = await subscribeViaEvents(m.id, { createdMs: longAgo - DAY_MS });
      await deliver(invoiceEvent("invoice.payment_failed", { subscriptionId: sub.id, customerId: sub.customerId, userId: m.id }, longAgo));
    }
    await grant(member);
    await endExpiredGraces(createDb(appEnv.DB));
    expect(await isVip(member.id)).toBe(true);
    expect(await isVip(paidOnly.id)).toBe(false);
  });

  it("an admin's own comp keeps every session of theirs, with no new cookie (decision 040)", async () => {
    const otherBrowser = await call("/api/auth/login", { json: { email: admin.email, password: admin.password } });
    const otherCookie = cookieFrom(otherBrowser)!;
    const res = await setComp(admin.id, true, admin.cookie);
    expect(res.status).toBe(200);
    expect(cookieFrom(res, SESSION_COOKIE)).toBeNull();
    expect(await whoIs(admin.cookie)).toBe(admin.id);
    expect(await whoIs(otherCookie)).toBe(admin.id);
  });
});

describe("PUT /api/admin/users/:id/ban", () => {
  async function openFeedSocket(user: TestUser) {
    const res = await call("/api/feed/live", { cookie: user.cookie, headers: { upgrade: "websocket", origin: ORIGIN } });
    expect(res.status).toBe(101);
    return acceptSocket(res.webSocket!);
  }

  async function postAs(user: TestUser, content: string) {
    const res = await call("/api/posts", { json: { content }, cookie: user.cookie });
    expect(res.status).toBe(201);
    return (await res.json<{ post: { id: string } }>()).post.id;
  }

  const feedIds = async (cookie: string) => (await (await call("/api/posts", { cookie })).json<FeedResponse>()).posts.map((p) => p.id);

  it("ends the member's sessions and sockets at once, refuses sign-in, hides their posts; unban restores", async () => {
    const admin = await createUser("admin");
    const member = await createUser("user");
    const bystander = await createUser("user");
    const postId = await postAs(member, `Buy followers now ${token()}`);
    expect(await feedIds(bystander.cookie)).toContain(postId);
    const memberSocket = await openFeedSocket(member);
    const bystanderSocket = await openFeedSocket(bystander);

    const user = await okUser(await setBan(member.id, true, admin.cookie));
    expect(user.status).toBe("banned");
    expect((await userRow(member.id))!.status).toBe("banned");
    expect(await sessionCount(member.id)).toBe(0);
    // At once: the next request is refused, the open socket is closed.
    expect((await call("/api/posts", { cookie: member.cookie })).status).toBe(401);
    expect(await memberSocket.closed).toEqual({ code: SOCKET_CLOSE_SESSION_ENDED });
    const login = await call("/api/auth/login", { json: { email: member.email, password: member.password } });
    // The right password learns why (suspensions.test.ts has the wrong one's 401).
    expect(login.status).toBe(403);
    expect((await errorOf(login)).code).toBe("account_suspended");
    expect(cookieFrom(login)).toBeNull();
    // Hidden from the feed, the post page and open feeds; still there for administrators.
    expect(await feedIds(bystander.cookie)).not.toContain(postId);
    expect((await call(`/api/posts/${postId}`, { cookie: bystander.cookie })).status).toBe(404);
    await expect.poll(() => bystanderSocket.messages.some((m) => m.includes(postId) && m.includes("post.deleted"))).toBe(true);
    expect(await feedIds(admin.cookie)).toContain(postId);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "user.ban", target_id: member.id, actor_id: admin.id });
    expect(JSON.parse(audit!.summary)).toEqual({
      before: { status: "active" },
      after: { status: "banned" },
      note: `${member.email}: suspended (permanent; reason: Spam)`,
      detail: { kind: "suspension", change: "ban", email: member.email, reason: "Spam", until: null },
    });

    const unbanned = await okUser(await setBan(member.id, false, admin.cookie));
    expect(unbanned.status).toBe("active");
    expect((await lastAudit())!.action).toBe("user.unban");
    const again = await call("/api/auth/login", { json: { email: member.email, password: member.password } });
    expect(again.status).toBe(200);
    expect(await feedIds(bystander.cookie)).toContain(postId);
    bystanderSocket.ws.close(1000, "done");
  });

  it("refuses to ban the admin themself (409, nothing changed)", async () => {
    const admin = await createUser("admin");
    const audits = await auditCount();
    const res = await setBan(admin.id, true, admin.cookie);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({ code: "self_ban", message: "You cannot ban yourself." });
    expect((await userRow(admin.id))!.status).toBe("active");
    expect(await whoIs(admin.cookie)).toBe(admin.id);
    expect(await auditCount()).toBe(audits);
  });

  it("can ban another administrator, who is then signed out of the back office", async () => {
    const admin = await createUser("admin");
    const other = await createUser("admin");
    expect((await okUser(await setBan(other.id, true, admin.cookie))).status).toBe("banned");
    expect((await call(API, { cookie: other.cookie })).status).toBe(401);
  });

  it("is what moderation calls: setUserBan bans a post's author and says whether it changed", async () => {
    const admin = await createUser("admin");
    const author = await createUser("user");
    const actor = { id: admin.id, email: admin.email };
    const first = await setUserBan(appEnv, createDb(appEnv.DB), actor, author.id, BAN);
    expect(first).toMatchObject({ changed: true, user: { id: author.id, status: "banned" } });
    const audits = await auditCount();
    const second = await setUserBan(appEnv, createDb(appEnv.DB), actor, author.id, BAN);
    expect(second.changed).toBe(false);
    expect(await auditCount()).toBe(audits);
    await expect(setUserBan(appEnv, createDb(appEnv.DB), actor, crypto.randomUUID(), BAN)).rejects.toMatchObject({ status: 404 });
  });
});

describe("POST /api/admin/users/invite", () => {
  type Mail = { to_address: string; subject: string; text_body: string; html_body: string | null };
  const mailTo = (email: string) => row<Mail>("SELECT * FROM mail_outbox WHERE to_address = ?1 ORDER BY created_at DESC LIMIT 1", email);

  it("mails a sign-up link with the address filled in, that works", async () => {
    const admin = await createUser("admin");
    const email = `new.fan.${token()}@example.com`;
    const res = await call(`${API}/invite`, { json: { email: `  ${email.toUpperCase()} ` }, cookie: admin.cookie });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ invited: email });
    const mail = await mailTo(email);
    expect(mail!.subject).toMatch(/invited/i);
    const link = new URL(/https?:\/\/\S+/.exec(mail!.text_body)![0]);
    expect(link.origin).toBe(ORIGIN);
    expect(link.pathname).toBe("/social/signup");
    expect(link.searchParams.get("email")).toBe(email);
    expect(mail!.html_body).toContain(`href="${link.toString().replace(/&/g, "&amp;")}"`);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "user.invite", target_type: "invitation", actor_id: admin.id });
    expect(JSON.parse(audit!.summary)).toEqual({ after: { email } });
    // The invited person signs up with the address from the link.
    const signup = await call("/api/auth/signup", {
      json: { username: `fan_${serial}_${Date.now() % 100000}`, email: link.searchParams.get("email"), password: "secret123", confirmPassword: "secret123" },
    });
    expect(signup.status).toBe(201);
  });

  it("refuses an address that already has an account (409, no mail)", async () => {
    const admin = await createUser("admin");
    const member = await createUser("user");
    const res = await call(`${API}/invite`, { json: { email: member.email.toUpperCase() }, cookie: admin.cookie });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({ code: "email_taken", message: "An account with this email already exists" });
    expect(await mailTo(member.email)).toBeNull();
  });

  it("rate-limits invitations to one address", async () => {
    const admin = await createUser("admin");
    const email = `popular.${token()}@example.com`;
    for (let i = 0; i < 3; i++) expect((await call(`${API}/invite`, { json: { email }, cookie: admin.cookie })).status).toBe(201);
    const res = await call(`${API}/invite`, { json: { email }, cookie: admin.cookie });
    expect(res.status).toBe(429);
    expect((await errorOf(res)).code).toBe("rate_limited");
    expect(await count("SELECT count(*) AS n FROM mail_outbox WHERE to_address = ?1", email)).toBe(3);
  });

  it.each([
    ["no e-mail", {}],
    ["an invalid e-mail", { email: "not-an-address" }],
    ["a number", { email: 42 }],
    ["an extra field", { email: "x@example.com", admin: true }],
  ])("answers %s with 400 and sends nothing", async (_label, json) => {
    const admin = await createUser("admin");
    // Counted for the address this request names: an earlier test's mail may still be landing.
    const mailsTo = () => count("SELECT count(*) AS n FROM mail_outbox WHERE to_address = ?1", String((json as { email?: unknown }).email ?? ""));
    const mails = await mailsTo();
    const res = await call(`${API}/invite`, { json, cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect(await mailsTo()).toBe(mails);
  });
});

describe("malformed bodies: 400, never a 500, nothing changed", () => {
  const bodies: [string, { body?: string; json?: unknown }][] = [
    ["no body", {}],
    ["invalid JSON", { body: "{admin:" }],
    ["a JSON array", { json: [true] }],
    ["JSON null", { json: null }],
    ["a string flag", { json: { admin: "yes", comp: "yes", banned: "yes" } }],
    ["a number flag", { json: { admin: 1, comp: 1, banned: 1 } }],
    ["an empty object", { json: {} }],
  ];
  const switches = [
    ["admin", "admin"],
    ["vip", "comp"],
    ["ban", "banned"],
  ] as const;

  it.each(switches.flatMap(([path]) => bodies.map(([label, body]) => [path, label, body] as const)))("PUT %s with %s", async (path, _label, body) => {
    const admin = await createUser("admin");
    const target = await createUser("user");
    const audits = await auditCount();
    const res = await call(`${API}/${target.id}/${path}`, {
      method: "PUT",
      cookie: admin.cookie,
      ...("json" in body ? { json: body.json } : {}),
      ...(body.body !== undefined ? { body: body.body, headers: { "content-type": "application/json" } } : {}),
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toMatch(/^(invalid_input|bad_request)$/);
    expect(await userRow(target.id)).toEqual({ is_admin: 0, is_vip: 0, status: "active" });
    expect(await whoIs(target.cookie)).toBe(target.id);
    expect(await auditCount()).toBe(audits);
  });

  it.each(switches)("PUT %s with another switch's field is refused", async (path, field) => {
    const admin = await createUser("admin");
    const target = await createUser("user");
    const other = switches.find(([, f]) => f !== field)![1];
    const res = await put(`/${target.id}/${path}`, { [field]: true, [other]: true }, admin.cookie);
    expect(res.status).toBe(400);
    expect(await userRow(target.id)).toEqual({ is_admin: 0, is_vip: 0, status: "active" });
  });
});
