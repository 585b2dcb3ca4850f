// Bans with a reason and an end (migrations/0033_suspensions.sql). PUT /api/admin/users/:id/ban
// takes { banned: true, reason, until } (until: an instant, or null for permanent) to ban or to
// change a ban in force, and { banned: false } to lift it; only administrators may. A member who
// signs in with the right password while suspended gets 403 account_suspended with the reason
// and the end; a wrong password stays the 401 everyone gets. A timed suspension ends by itself at
// its end (read as active at once, the row cleared at the next sign-in). Bad input is a 400 with
// the rule's code that changes nothing. Expectations read D1 with raw SQL.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, cookieFrom, createUser, errorOf } from "./helpers";
import { auditCount, expectAdminOnly } from "./admin-gate-matrix";
import type { AdminUserResponse, AdminUsersResponse } from "../../worker/contracts/admin/users";
import { AUTH_MESSAGES } from "../../worker/contracts/auth";

const D1 = (env as unknown as { DB: D1Database }).DB;
const API = "/api/admin/users";
const HOUR = 60 * 60 * 1000;

type BanRow = { status: string; ban_reason: string | null; banned_until: number | null; banned_at: number | null };
const banRow = (id: string) => D1.prepare("SELECT status, ban_reason, banned_until, banned_at FROM users WHERE id = ?1").bind(id).first<BanRow>();
const sessions = async (id: string) => (await D1.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?1").bind(id).first<{ n: number }>())!.n;
type AuditRow = { action: string; target_id: string; summary: string };
const lastAudit = () => D1.prepare("SELECT action, target_id, summary FROM audit_log ORDER BY id DESC LIMIT 1").first<AuditRow>();

const ban = (id: string, json: unknown, cookie?: string) => call(`${API}/${id}/ban`, { method: "PUT", json, cookie });
const login = (email: string, password: string) => call("/api/auth/login", { json: { email, password } });

async function okUser(res: Response) {
  expect(res.status).toBe(200);
  return (await res.json<AdminUserResponse>()).user;
}

async function listedBan(cookie: string, email: string) {
  const res = await call(`${API}?${new URLSearchParams({ search: email })}`, { cookie });
  expect(res.status).toBe(200);
  const user = (await res.json<AdminUsersResponse>()).users.find((u) => u.email === email)!;
  return { status: user.status, ban: user.ban };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("who may ban", () => {
  it("refuses visitors and banned members (401), members and VIPs (403), writing nothing; an admin gets 200", async () => {
    const target = await createUser("user");
    const json = { banned: true, reason: "Spam", until: null };
    await expectAdminOnly({ method: "PUT", path: `${API}/${target.id}/ban`, json }, () => banRow(target.id));
    await expectAdminOnly({ method: "PUT", path: `${API}/${target.id}/ban`, json: { banned: false } }, () => banRow(target.id));
    const admin = await createUser("admin");
    expect((await okUser(await ban(target.id, json, admin.cookie))).status).toBe("banned");
  });
});

describe("the ban form's input", () => {
  const future = () => new Date(Date.now() + HOUR).toISOString();
  it.each([
    ["no reason", () => ({ banned: true, until: null }), "invalid_input", "reason"],
    ["an empty reason", () => ({ banned: true, reason: "   ", until: null }), "ban_reason_required", "reason"],
    ["a reason over 500 characters", () => ({ banned: true, reason: "x".repeat(501), until: null }), "ban_reason_too_long", "reason"],
    ["a reason with a bidi override", () => ({ banned: true, reason: "spam\u202Emaps", until: null }), "invalid_characters", "reason"],
    ["a reason with NUL", () => ({ banned: true, reason: "spam\u0000", until: null }), "invalid_characters", "reason"],
    ["a reason with a lone surrogate", () => ({ banned: true, reason: "spam\uD800", until: null }), "invalid_characters", "reason"],
    ["no end (null is permanent, leaving it out is not)", () => ({ banned: true, reason: "Spam" }), "ban_until_invalid", "until"],
    ["an end in the past", () => ({ banned: true, reason: "Spam", until: new Date(Date.now() - 60_000).toISOString() }), "ban_until_past", "until"],
    ["an end that is not a time", () => ({ banned: true, reason: "Spam", until: "next friday" }), "ban_until_invalid", "until"],
    ["an end without its offset", () => ({ banned: true, reason: "Spam", until: future().slice(0, 19) }), "ban_until_invalid", "until"],
    ["an end as a number", () => ({ banned: true, reason: "Spam", until: Date.now() + HOUR }), "ban_until_invalid", "until"],
    ["lifting with a reason", () => ({ banned: false, reason: "Spam" }), "invalid_input", undefined],
  ])("answers %s with 400 and its code, changing nothing", async (_label, json, code, field) => {
    const admin = await createUser("admin");
    const target = await createUser("user");
    const audits = await auditCount();
    const res = await ban(target.id, json(), admin.cookie);
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe(code);
    if (field) expect(error.field).toBe(field);
    expect(await banRow(target.id)).toEqual({ status: "active", ban_reason: null, banned_until: null, banned_at: null });
    expect(await sessions(target.id)).toBe(1);
    expect(await auditCount()).toBe(audits);
  });
});

describe("a timed suspension", () => {
  it("tells the member why and until when, and ends by itself at its end", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t0 = Date.UTC(2026, 10, 23, 12, 0, 0);
    vi.setSystemTime(t0);
    const admin = await createUser("admin");
    const member = await createUser("user");
    const until = new Date(t0 + 48 * HOUR).toISOString();

    const user = await okUser(await ban(member.id, { banned: true, reason: "  Spamming the feed  ", until }, admin.cookie));
    expect(user).toMatchObject({ status: "banned", ban: { reason: "Spamming the feed", until, at: new Date(t0).toISOString() } });
    expect(await banRow(member.id)).toEqual({ status: "banned", ban_reason: "Spamming the feed", banned_until: t0 + 48 * HOUR, banned_at: t0 });
    expect(await sessions(member.id)).toBe(0);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "user.ban", target_id: member.id });
    expect(JSON.parse(audit!.summary)).toEqual({
      before: { status: "active" },
      after: { status: "banned" },
      detail: { kind: "suspension", change: "ban", email: member.email, reason: "Spamming the feed", until },
      note: `${member.email}: suspended (until ${until}; reason: Spamming the feed)`,
    });

    // The right password learns the reason and the end; a wrong one is told nothing.
    const refused = await login(member.email, member.password);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toEqual({
      code: "account_suspended",
      message: `Your account is suspended until ${until}. Reason: Spamming the feed`,
      params: { reason: "Spamming the feed", until },
    });
    expect(cookieFrom(refused)).toBeNull();
    const wrong = await login(member.email, "wrong-password");
    expect(wrong.status).toBe(401);
    expect(await errorOf(wrong)).toEqual({ code: "invalid_credentials", message: AUTH_MESSAGES.invalidCredentials });

    // A minute before the end it holds; at the end it is over, before anyone touches the row.
    vi.setSystemTime(t0 + 48 * HOUR - 60_000);
    expect((await login(member.email, member.password)).status).toBe(403);
    vi.setSystemTime(t0 + 48 * HOUR);
    expect(await listedBan(admin.cookie, member.email)).toEqual({ status: "active", ban: null });
    expect((await banRow(member.id))!.status).toBe("banned");
    const back = await login(member.email, member.password);
    expect(back.status).toBe(200);
    expect(cookieFrom(back)).not.toBeNull();
    // Cleared lazily by that sign-in.
    expect(await banRow(member.id)).toEqual({ status: "active", ban_reason: null, banned_until: null, banned_at: null });
  });

  it("a permanent one says so, and lasts until lifted", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t0 = Date.UTC(2026, 10, 23, 12, 0, 0);
    vi.setSystemTime(t0);
    const admin = await createUser("admin");
    const member = await createUser("user");
    await okUser(await ban(member.id, { banned: true, reason: "Harassment", until: null }, admin.cookie));
    vi.setSystemTime(t0 + 5 * 365 * 24 * HOUR);
    const refused = await login(member.email, member.password);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toEqual({
      code: "account_suspended",
      message: "Your account is suspended. Reason: Harassment",
      params: { reason: "Harassment" },
    });
    const later = await createUser("admin"); // the first admin's session has long expired
    expect(await listedBan(later.cookie, member.email)).toEqual({
      status: "banned",
      ban: { reason: "Harassment", until: null, at: new Date(t0).toISOString() },
    });
  });
});

describe("editing and lifting a ban", () => {
  it("changes the reason and the end of a ban in force (keeping its start), audited; the same terms change nothing", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t0 = Date.UTC(2026, 10, 23, 12, 0, 0);
    vi.setSystemTime(t0);
    const admin = await createUser("admin");
    const member = await createUser("user");
    await okUser(await ban(member.id, { banned: true, reason: "Spam", until: null }, admin.cookie));
    vi.setSystemTime(t0 + HOUR);
    const until = new Date(t0 + 24 * HOUR).toISOString();
    const edited = await okUser(await ban(member.id, { banned: true, reason: "Spam, first warning", until }, admin.cookie));
    expect(edited.ban).toEqual({ reason: "Spam, first warning", until, at: new Date(t0).toISOString() });
    expect(await banRow(member.id)).toEqual({ status: "banned", ban_reason: "Spam, first warning", banned_until: t0 + 24 * HOUR, banned_at: t0 });
    const audit = await lastAudit();
    expect(audit!.action).toBe("user.ban_edit");
    expect(JSON.parse(audit!.summary).detail).toEqual({ kind: "suspension", change: "edit", email: member.email, reason: "Spam, first warning", until });

    const audits = await auditCount();
    await okUser(await ban(member.id, { banned: true, reason: "Spam, first warning", until }, admin.cookie));
    expect(await auditCount()).toBe(audits);
  });

  it("lifts a ban: the member signs in again, and the audit row keeps the lifted reason and end", async () => {
    const admin = await createUser("admin");
    const member = await createUser("user");
    const until = new Date(Date.now() + 24 * HOUR).toISOString();
    await okUser(await ban(member.id, { banned: true, reason: "Spam", until }, admin.cookie));
    const lifted = await okUser(await ban(member.id, { banned: false }, admin.cookie));
    expect(lifted).toMatchObject({ status: "active", ban: null });
    expect(await banRow(member.id)).toEqual({ status: "active", ban_reason: null, banned_until: null, banned_at: null });
    const audit = await lastAudit();
    expect(audit!.action).toBe("user.unban");
    expect(JSON.parse(audit!.summary).detail).toEqual({ kind: "suspension", change: "lift", email: member.email, reason: "Spam", until });
    expect((await login(member.email, member.password)).status).toBe(200);
  });
});
