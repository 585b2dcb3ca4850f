// The door (decision 027): /api/check-in for door staff and administrators only, and the door-staff
// switch of /api/admin/users. Every role gets its exact answer on every route; door staff reach
// nothing under /api/admin. A live pass (QR token or typed code) of a VIP lets them in once per
// event, recorded with the staff member and the method; a rotated-away pass is expired, a forged
// or another purpose's token unknown, a member no longer VIP not_vip. Wrong typed codes are
// limited per staff member. Malformed input is a 400 with its code, never a 500, and writes nothing.
// Expectations are read with raw SQL.
import { SignJWT } from "jose";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import {
  DAY,
  DOOR_ROLES,
  HOUR,
  MIN,
  NEXT_WINDOW,
  NOW,
  SEC,
  SECRET,
  addEvent,
  checkInOk,
  checkInRows,
  count,
  createDoorStaff,
  createRole,
  endVip,
  exec,
  freezeClock,
  getPass,
  giveComp,
  postCheckIn,
  row,
  setClock,
  type DoorRole,
} from "./check-in-fixtures";
import { signPassToken } from "../../worker/lib/vip-pass";
import { signMediaToken } from "../../worker/lib/media-token";
import { RATE_LIMITS } from "../../worker/contracts/limits";
import type { CheckInEventsResponse, CheckInListResponse } from "../../worker/contracts/tickets/vip-pass";
import type { AdminUserResponse, AdminUsersResponse } from "../../worker/contracts/admin/users";

beforeEach(() => freezeClock());
afterEach(() => {
  vi.useRealTimers();
});

/** The answer each role gets from a door route, when it is not the route's own. */
const REFUSED: Partial<Record<DoorRole, [number, string]>> = {
  visitor: [401, "unauthorized"],
  user: [403, "door_staff_required"],
  vip: [403, "door_staff_required"],
  banned: [401, "unauthorized"],
};

async function vipWithPass() {
  const vip = await createUser("vip");
  await giveComp(vip.id, NOW - 5 * DAY);
  return { vip, pass: await getPass(vip.cookie) };
}

describe("who reaches the door's routes", () => {
  type Route = { name: string; method: string; path: (eventId: string) => string; json?: (eventId: string, token: string) => unknown };
  const routes: Route[] = [
    { name: "GET events", method: "GET", path: () => "/api/check-in/events" },
    { name: "GET check-ins", method: "GET", path: (id) => `/api/check-in/events/${id}/check-ins` },
    { name: "POST check-in", method: "POST", path: () => "/api/check-in", json: (eventId, token) => ({ eventId, token }) },
  ];
  it.each(routes.flatMap((r) => DOOR_ROLES.map((role) => [r.name, role, r] as const)))("%s as %s", async (_name, role, route) => {
    const eventId = await addEvent();
    const { vip, pass } = await vipWithPass();
    const caller = role === "visitor" ? null : await createRole(role);
    const res = await call(route.path(eventId), { method: route.method, json: route.json?.(eventId, pass.token), cookie: caller?.cookie });
    const refused = REFUSED[role];
    if (refused) {
      expect(res.status).toBe(refused[0]);
      expect((await errorOf(res)).code).toBe(refused[1]);
      expect(await checkInRows(eventId)).toEqual([]);
      return;
    }
    expect(res.status).toBe(200);
    if (route.method === "POST") {
      expect(await res.json()).toMatchObject({ result: "valid", member: { id: vip.id } });
      expect(await checkInRows(eventId)).toEqual([{ user_id: vip.id, staff_id: caller!.id, method: "qr", checked_in_at: NOW }]);
    }
  });

  it("keeps door staff out of every /api/admin route (403 admin_required), reads and writes alike", async () => {
    const door = await createDoorStaff();
    const target = await createUser("user");
    const audits = await count("SELECT count(*) AS n FROM audit_log");
    for (const [method, path, json] of [
      ["GET", "/api/admin/users", undefined],
      ["GET", "/api/admin/audit", undefined],
      ["GET", "/api/admin/events", undefined],
      ["PUT", `/api/admin/users/${target.id}/door-staff`, { doorStaff: true }],
      ["PUT", `/api/admin/users/${target.id}/admin`, { admin: true }],
    ] as const) {
      const res = await call(path, { method, json, cookie: door.cookie });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await errorOf(res)).code, `${method} ${path}`).toBe("admin_required");
    }
    expect(await row("SELECT is_admin, is_door_staff FROM users WHERE id = ?1", target.id)).toEqual({ is_admin: 0, is_door_staff: 0 });
    expect(await count("SELECT count(*) AS n FROM audit_log")).toBe(audits);
  });

  it("tells the SPA who is door staff (/api/auth/me), read fresh from D1", async () => {
    const member = await createUser("user");
    const me = async () => (await (await call("/api/auth/me", { cookie: member.cookie })).json<{ user: { isDoorStaff: boolean } }>()).user.isDoorStaff;
    expect(await me()).toBe(false);
    await exec("UPDATE users SET is_door_staff = 1 WHERE id = ?1", member.id);
    expect(await me()).toBe(true);
    expect((await call("/api/check-in/events", { cookie: member.cookie })).status).toBe(200);
  });
});

describe("POST /api/check-in: the QR token", () => {
  let door: TestUser;
  let eventId: string;
  beforeEach(async () => {
    door = await createDoorStaff();
    eventId = await addEvent();
  });

  it("lets a VIP in once: valid with name and picture, then already_checked_in with the first time", async () => {
    const { vip, pass } = await vipWithPass();
    await exec("UPDATE users SET avatar_url = '/uploads/avatars/x.png' WHERE id = ?1", vip.id);
    const first = await checkInOk(door.cookie, { eventId, token: pass.token });
    expect(first).toEqual({
      result: "valid",
      member: { id: vip.id, name: vip.username, username: vip.username, avatarUrl: "/uploads/avatars/x.png", vipSince: new Date(NOW - 5 * DAY).toISOString() },
      checkedInAt: new Date(NOW).toISOString(),
    });
    setClock(NOW + 10 * SEC);
    const second = await checkInOk(door.cookie, { eventId, token: pass.token });
    expect(second).toMatchObject({ result: "already_checked_in", member: { id: vip.id }, checkedInAt: new Date(NOW).toISOString() });
    expect(await checkInRows(eventId)).toEqual([{ user_id: vip.id, staff_id: door.id, method: "qr", checked_in_at: NOW }]);
    // Another event is another door.
    const other = await addEvent({ at: 2 * HOUR });
    expect((await checkInOk(door.cookie, { eventId: other, token: pass.token })).result).toBe("valid");
  });

  it("accepts a token a few seconds into the next minute, and calls it expired after that", async () => {
    const { vip, pass } = await vipWithPass();
    setClock(NEXT_WINDOW + 4 * SEC);
    expect((await checkInOk(door.cookie, { eventId, token: pass.token })).result).toBe("valid");
    const late = await addEvent({ at: 3 * HOUR });
    setClock(NEXT_WINDOW + 6 * SEC);
    expect(await checkInOk(door.cookie, { eventId: late, token: pass.token })).toEqual({
      result: "expired",
      member: expect.objectContaining({ id: vip.id, name: vip.username }),
    });
    expect(await checkInRows(late)).toEqual([]);
  });

  it("calls forged, altered, another purpose's and garbage tokens unknown, naming nobody", async () => {
    const { vip } = await vipWithPass();
    const forged = await signPassToken("not-the-site-secret-0123456789abcdef0123", vip.id, NOW);
    const media = (await signMediaToken(SECRET, vip.id, "track", "track-1", NOW)).token;
    const otherAudience = await new SignJWT({ win: Math.floor(NOW / MIN) })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(vip.id)
      .setAudience("media:video")
      .setExpirationTime(Math.floor(NOW / 1000) + 60)
      .sign(new TextEncoder().encode(SECRET));
    const real = await signPassToken(SECRET, vip.id, NOW);
    const [h, p, s] = real.split(".");
    const swapped = `${h}.${p}.${s!.slice(0, -2)}${s!.endsWith("AA") ? "BB" : "AA"}`;
    for (const token of [forged, media, otherAudience, swapped, "garbage", "a.b.c"]) {
      expect(await checkInOk(door.cookie, { eventId, token }), token).toEqual({ result: "unknown" });
    }
    expect(await checkInRows(eventId)).toEqual([]);
  });

  it("is bound to its member: another member's pass lets that member in (the door sees their name and face), never the bearer", async () => {
    const { vip: owner, pass } = await vipWithPass();
    const bearer = await vipWithPass();
    const answer = await checkInOk(door.cookie, { eventId, token: pass.token });
    expect(answer.member).toMatchObject({ id: owner.id, name: owner.username });
    expect((await checkInRows(eventId)).map((r) => r.user_id)).toEqual([owner.id]);
    // The bearer's own pass still lets them in: the owner's scan used nothing of theirs.
    expect((await checkInOk(door.cookie, { eventId, token: bearer.pass.token })).member?.id).toBe(bearer.vip.id);
  });

  it("answers not_vip for a live pass of a member who is no longer VIP, and unknown for a deleted member", async () => {
    const { vip, pass } = await vipWithPass();
    await endVip(vip.id);
    expect(await checkInOk(door.cookie, { eventId, token: pass.token })).toEqual({ result: "not_vip", member: expect.objectContaining({ id: vip.id }) });
    const fan = await createUser("user");
    // A token the site would never give a member (issued straight from the lib), still not_vip.
    expect((await checkInOk(door.cookie, { eventId, token: await signPassToken(SECRET, fan.id, NOW) })).result).toBe("not_vip");
    const banned = await createUser("banned");
    await giveComp(banned.id, NOW - DAY);
    expect((await checkInOk(door.cookie, { eventId, token: await signPassToken(SECRET, banned.id, NOW) })).result).toBe("not_vip");
    const gone = await createUser("vip");
    const goneToken = await signPassToken(SECRET, gone.id, NOW);
    await exec("DELETE FROM users WHERE id = ?1", gone.id);
    expect(await checkInOk(door.cookie, { eventId, token: goneToken })).toEqual({ result: "unknown" });
    expect(await checkInRows(eventId)).toEqual([]);
  });

  it("lets an administrator's pass in (admins count as VIP)", async () => {
    const admin = await createUser("admin");
    const pass = await getPass(admin.cookie);
    expect((await checkInOk(door.cookie, { eventId, token: pass.token })).result).toBe("valid");
  });
});

describe("POST /api/check-in: the typed code", () => {
  let door: TestUser;
  let eventId: string;
  beforeEach(async () => {
    door = await createDoorStaff();
    eventId = await addEvent();
  });

  it("lets a VIP in with the code under the QR code, spaces and all", async () => {
    const { vip, pass } = await vipWithPass();
    const typed = ` ${pass.code.replace("-", " ")} `;
    expect(await checkInOk(door.cookie, { eventId, code: typed })).toMatchObject({ result: "valid", member: { id: vip.id, name: vip.username } });
    expect(await checkInRows(eventId)).toEqual([{ user_id: vip.id, staff_id: door.id, method: "code", checked_in_at: NOW }]);
  });

  it("accepts a code up to 15 s into the next minute; later it is expired (with the member), much later unknown", async () => {
    const { vip, pass } = await vipWithPass();
    setClock(NEXT_WINDOW + 14 * SEC);
    expect((await checkInOk(door.cookie, { eventId, code: pass.code })).result).toBe("valid");
    const second = await addEvent({ at: 2 * HOUR });
    setClock(NEXT_WINDOW + 16 * SEC);
    expect(await checkInOk(door.cookie, { eventId: second, code: pass.code })).toEqual({ result: "expired", member: expect.objectContaining({ id: vip.id }) });
    setClock(NOW + 30 * MIN);
    expect(await checkInOk(door.cookie, { eventId: second, code: pass.code })).toEqual({ result: "unknown" });
    expect(await checkInRows(second)).toEqual([]);
  });

  it("calls a wrong time code, an unknown pass number and a non-code unknown, naming nobody", async () => {
    const { pass } = await vipWithPass();
    const [number, digits] = pass.code.split("-");
    const wrongDigits = String((Number(digits) + 1) % 1e6).padStart(6, "0");
    for (const code of [`${number}-${wrongDigits}`, `999999-${digits}`, "hello", "12345"]) {
      expect(await checkInOk(door.cookie, { eventId, code }), code).toEqual({ result: "unknown" });
    }
    expect(await checkInRows(eventId)).toEqual([]);
  });

  it("answers not_vip for the right code of a member who is no longer VIP", async () => {
    const { vip, pass } = await vipWithPass();
    await endVip(vip.id);
    expect(await checkInOk(door.cookie, { eventId, code: pass.code })).toMatchObject({ result: "not_vip", member: { id: vip.id } });
  });

  it("refuses a staff member's typed codes, the right one too, after too many wrong ones (429), and only theirs", async () => {
    const { pass } = await vipWithPass();
    const [max] = RATE_LIMITS.checkInCodeFailuresPerStaff;
    for (let i = 0; i < max; i++) expect((await checkInOk(door.cookie, { eventId, code: `999999-${String(i).padStart(6, "0")}` })).result).toBe("unknown");
    const locked = await postCheckIn(door.cookie, { eventId, code: pass.code });
    expect(locked.status).toBe(429);
    expect((await errorOf(locked)).code).toBe("rate_limited");
    expect(await checkInRows(eventId)).toEqual([]);
    // The QR code still works for them, and another staff member's typed codes are not limited.
    const colleague = await createDoorStaff();
    expect((await checkInOk(colleague.cookie, { eventId, code: pass.code })).result).toBe("valid");
  });
});

describe("bad input: 400 with its code, 404 for events the door does not serve, nothing written", () => {
  it.each([
    ["no body fields", {}],
    ["no token nor code", { eventId: "EVENT" }],
    ["both token and code", { eventId: "EVENT", token: "x", code: "1001-000000" }],
    ["a malformed event id", { eventId: "not-an-id", code: "1001-000000" }],
    ["a number for the code", { eventId: "EVENT", code: 1001000000 }],
    ["an empty token", { eventId: "EVENT", token: "" }],
    ["a token too long", { eventId: "EVENT", token: "x".repeat(3000) }],
    ["a code too long", { eventId: "EVENT", code: "1".repeat(40) }],
    ["an unknown field", { eventId: "EVENT", code: "1001-000000", staffId: "me" }],
  ])("POST with %s: 400 invalid_input", async (_name, body) => {
    const door = await createDoorStaff();
    const eventId = await addEvent();
    const json = JSON.parse(JSON.stringify(body).replace("EVENT", eventId)) as unknown;
    const before = await count("SELECT count(*) AS n FROM check_ins");
    const res = await postCheckIn(door.cookie, json);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("invalid_input");
    expect(await count("SELECT count(*) AS n FROM check_ins")).toBe(before);
  });

  it("POST with a body that is not JSON: 400", async () => {
    const door = await createDoorStaff();
    const res = await call("/api/check-in", { method: "POST", body: "{nope", headers: { "content-type": "application/json" }, cookie: door.cookie });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toMatch(/^(invalid_input|bad_request)$/);
  });

  it("answers 404 event_not_found for an unknown, draft, cancelled or online event", async () => {
    const door = await createDoorStaff();
    const { pass } = await vipWithPass();
    const events = [crypto.randomUUID(), await addEvent({ status: "draft" }), await addEvent({ status: "cancelled" }), await addEvent({ online: true })];
    const before = await count("SELECT count(*) AS n FROM check_ins");
    for (const eventId of events) {
      const res = await postCheckIn(door.cookie, { eventId, token: pass.token });
      expect(res.status, eventId).toBe(404);
      expect((await errorOf(res)).code).toBe("event_not_found");
      const list = await call(`/api/check-in/events/${eventId}/check-ins`, { cookie: door.cookie });
      expect(list.status).toBe(404);
      expect((await errorOf(list)).code).toBe("event_not_found");
    }
    expect(await count("SELECT count(*) AS n FROM check_ins")).toBe(before);
  });

  it("answers 400 invalid_input for a malformed event id in the list's path", async () => {
    const door = await createDoorStaff();
    const res = await call("/api/check-in/events/nope/check-ins", { cookie: door.cookie });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("invalid_input");
  });
});

describe("GET /api/check-in/events and the check-in list", () => {
  it("lists published in-person events: live and upcoming first (soonest first), then past ones (latest first), with counts", async () => {
    await exec("DELETE FROM events");
    const door = await createDoorStaff();
    const past = await addEvent({ at: -3 * DAY, title: "Past" });
    const older = await addEvent({ at: -10 * DAY, title: "Older" });
    const live = await addEvent({ at: -HOUR, hours: 3, title: "Live" });
    const later = await addEvent({ at: 5 * DAY, title: "Later" });
    const soon = await addEvent({ at: 2 * HOUR, title: "Soon" });
    await addEvent({ status: "draft", title: "Draft" });
    await addEvent({ online: true, title: "Online" });
    await addEvent({ at: -60 * DAY, title: "Long ago" });
    const { pass } = await vipWithPass();
    await checkInOk(door.cookie, { eventId: live, token: pass.token });
    const res = await call("/api/check-in/events", { cookie: door.cookie });
    const { events } = await res.json<CheckInEventsResponse>();
    expect(events.map((e) => [e.id, e.phase, e.checkIns])).toEqual([
      [live, "live", 1],
      [soon, "upcoming", 0],
      [later, "upcoming", 0],
      [past, "past", 0],
      [older, "past", 0],
    ]);
    expect(events[0]).toMatchObject({ title: "Live", venueName: "Starlight Ballroom", venueCity: "New York", timeZone: "America/New_York" });
  });

  it("lists an event's check-ins newest first, with the total, the method and who scanned", async () => {
    const door = await createDoorStaff();
    const eventId = await addEvent();
    const a = await vipWithPass();
    const b = await vipWithPass();
    await checkInOk(door.cookie, { eventId, token: a.pass.token });
    setClock(NOW + 5 * SEC);
    await checkInOk(door.cookie, { eventId, code: b.pass.code });
    const res = await call(`/api/check-in/events/${eventId}/check-ins`, { cookie: door.cookie });
    expect(res.status).toBe(200);
    const list = await res.json<CheckInListResponse>();
    expect(list.total).toBe(2);
    expect(list.eventId).toBe(eventId);
    expect(list.checkIns).toEqual([
      {
        member: { id: b.vip.id, name: b.vip.username, username: b.vip.username, avatarUrl: null },
        checkedInAt: new Date(NOW + 5 * SEC).toISOString(),
        method: "code",
        staffName: door.username,
      },
      {
        member: { id: a.vip.id, name: a.vip.username, username: a.vip.username, avatarUrl: null },
        checkedInAt: new Date(NOW).toISOString(),
        method: "qr",
        staffName: door.username,
      },
    ]);
  });
});

describe("PUT /api/admin/users/:id/door-staff: the admin switch", () => {
  const put = (target: string, json: unknown, cookie?: string) => call(`/api/admin/users/${target}/door-staff`, { method: "PUT", json, cookie });
  const lastAudit = () =>
    row<{ action: string; actor_id: string; target_id: string; summary: string }>(
      "SELECT action, actor_id, target_id, summary FROM audit_log ORDER BY id DESC LIMIT 1",
    );
  const audits = () => count("SELECT count(*) AS n FROM audit_log");

  it("grants and revokes the role, audits each change once, and leaves the member signed in", async () => {
    const admin = await createUser("admin");
    const member = await createUser("user");
    const before = await audits();
    const res = await put(member.id, { doorStaff: true }, admin.cookie);
    expect(res.status).toBe(200);
    expect((await res.json<AdminUserResponse>()).user).toMatchObject({ id: member.id, isDoorStaff: true, isAdmin: false, isVIP: false });
    expect(await row("SELECT is_door_staff FROM users WHERE id = ?1", member.id)).toEqual({ is_door_staff: 1 });
    expect(await audits()).toBe(before + 1);
    expect(await lastAudit()).toEqual({
      action: "user.grant_door_staff",
      actor_id: admin.id,
      target_id: member.id,
      summary: JSON.stringify({
        before: { isDoorStaff: false },
        after: { isDoorStaff: true },
        detail: { kind: "account", email: member.email },
        note: member.email,
      }),
    });
    // The member's own session now reaches the door, without signing in again.
    expect((await call("/api/check-in/events", { cookie: member.cookie })).status).toBe(200);

    // Granting again changes nothing and audits nothing.
    expect((await put(member.id, { doorStaff: true }, admin.cookie)).status).toBe(200);
    expect(await audits()).toBe(before + 1);

    // Listed with the role, and found by the role filter.
    const list = await (await call(`/api/admin/users?role=door_staff&search=${member.email}`, { cookie: admin.cookie })).json<AdminUsersResponse>();
    expect(list.users.map((u) => [u.id, u.isDoorStaff])).toEqual([[member.id, true]]);

    const revoke = await put(member.id, { doorStaff: false }, admin.cookie);
    expect((await revoke.json<AdminUserResponse>()).user.isDoorStaff).toBe(false);
    expect(await lastAudit()).toMatchObject({ action: "user.revoke_door_staff", target_id: member.id });
    expect(await audits()).toBe(before + 2);
    const refused = await call("/api/check-in/events", { cookie: member.cookie });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe("door_staff_required");
  });

  it.each([
    ["member", "user", 403, "admin_required"],
    ["VIP", "vip", 403, "admin_required"],
    ["door staff", "door", 403, "admin_required"],
    ["visitor", "visitor", 401, "unauthorized"],
    ["banned member", "banned", 401, "unauthorized"],
  ] as const)("refuses a %s (%s %s) and writes nothing", async (_name, role, status, code) => {
    const target = await createUser("user");
    const caller = role === "visitor" ? null : await createRole(role);
    const before = await audits();
    const res = await put(target.id, { doorStaff: true }, caller?.cookie);
    expect(res.status).toBe(status);
    expect((await errorOf(res)).code).toBe(code);
    expect(await row("SELECT is_door_staff FROM users WHERE id = ?1", target.id)).toEqual({ is_door_staff: 0 });
    expect(await audits()).toBe(before);
  });

  it("answers bad bodies 400 invalid_input and an unknown member 404 user_not_found", async () => {
    const admin = await createUser("admin");
    const target = await createUser("user");
    for (const body of [{}, { doorStaff: "yes" }, { doorStaff: true, extra: 1 }, { door: true }]) {
      const res = await put(target.id, body, admin.cookie);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).code).toBe("invalid_input");
    }
    const missing = await put(crypto.randomUUID(), { doorStaff: true }, admin.cookie);
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).code).toBe("user_not_found");
    expect(await row("SELECT is_door_staff FROM users WHERE id = ?1", target.id)).toEqual({ is_door_staff: 0 });
  });
});
