// GET /api/vip-pass (decision 027): a VIP's (or an administrator's) pass for the current minute.
// Every role gets its exact answer; the pass carries a token and a typed code for this minute
// only, a pass number that stays the member's, and "VIP since" from the member's current sources
// of VIP (the earliest start of a subscription that gives VIP now, or of a comp). The lib's
// token and time code are checked here too: valid in their minute and a few seconds after, then
// expired; forged, altered and other purposes' tokens are unknown.
import { SignJWT } from "jose";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { call, createUser, errorOf } from "./helpers";
import {
  DAY,
  DOOR_ROLES,
  MIN,
  NEXT_WINDOW,
  NOW,
  SEC,
  SECRET,
  createRole,
  endVip,
  freezeClock,
  getPass,
  giveComp,
  giveSubscription,
  row,
  setClock,
  type DoorRole,
} from "./check-in-fixtures";
import { checkPassTimeCode, parsePassCode, passTimeCode, signPassToken, verifyPassToken } from "../../worker/lib/vip-pass";
import { signMediaToken } from "../../worker/lib/media-token";
import { PASS_CODE_GRACE_SECONDS, PASS_TOKEN_GRACE_SECONDS } from "../../worker/contracts/tickets/vip-pass";

beforeEach(() => freezeClock());
afterEach(() => {
  vi.useRealTimers();
});

describe("GET /api/vip-pass: who gets a pass", () => {
  const EXPECTED: Record<DoorRole, [number, string | null]> = {
    visitor: [401, "unauthorized"],
    user: [403, "vip_required"],
    vip: [200, null],
    admin: [200, null],
    // The door role is no VIP: it opens the check-in page and nothing else.
    door: [403, "vip_required"],
    banned: [401, "unauthorized"],
  };
  it.each(DOOR_ROLES)("as %s", async (role) => {
    const user = role === "visitor" ? null : await createRole(role);
    const res = await call("/api/vip-pass", { cookie: user?.cookie });
    const [status, code] = EXPECTED[role];
    expect(res.status).toBe(status);
    if (code) {
      expect((await errorOf(res)).code).toBe(code);
      // Nobody refused is given a pass number.
      if (user) expect(await row("SELECT number FROM vip_passes WHERE user_id = ?1", user.id)).toBeNull();
    } else {
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("refuses a member whose VIP ended since they signed in (read fresh, 403 vip_required)", async () => {
    const vip = await createUser("vip");
    await getPass(vip.cookie);
    await endVip(vip.id);
    const res = await call("/api/vip-pass", { cookie: vip.cookie });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("vip_required");
  });
});

describe("the pass", () => {
  it("holds this minute's token and code, the member, and when to ask again", async () => {
    const vip = await createUser("vip");
    await giveComp(vip.id, NOW - 30 * DAY);
    const pass = await getPass(vip.cookie);
    expect(pass.serverTime).toBe(new Date(NOW).toISOString());
    expect(pass.expiresAt).toBe(new Date(NEXT_WINDOW).toISOString());
    expect(pass.passNumber).toBeGreaterThanOrEqual(1001);
    expect(pass.code).toMatch(/^\d{4,}-\d{6}$/);
    expect(pass.code).toBe(`${pass.passNumber}-${await passTimeCode(SECRET, vip.id, NOW)}`);
    expect(pass.member).toEqual({ id: vip.id, name: vip.username, username: vip.username, avatarUrl: null, vipSince: new Date(NOW - 30 * DAY).toISOString() });
    expect(await verifyPassToken(SECRET, pass.token, NOW)).toEqual({ status: "valid", userId: vip.id });
    // The stored pass number is the member's.
    expect(await row<{ number: number }>("SELECT number FROM vip_passes WHERE user_id = ?1", vip.id)).toEqual({ number: pass.passNumber });
  });

  it("keeps the member's pass number, gives each member their own, and rotates token and code each minute", async () => {
    const a = await createUser("vip");
    const b = await createUser("vip");
    const first = await getPass(a.cookie);
    const again = await getPass(a.cookie);
    expect(again.passNumber).toBe(first.passNumber);
    expect(again.code).toBe(first.code);
    const other = await getPass(b.cookie);
    expect(other.passNumber).not.toBe(first.passNumber);

    setClock(NEXT_WINDOW + SEC);
    const next = await getPass(a.cookie);
    expect(next.passNumber).toBe(first.passNumber);
    expect(next.token).not.toBe(first.token);
    expect(next.expiresAt).toBe(new Date(NEXT_WINDOW + MIN).toISOString());
    // The time code is a new one (a 1-in-a-million chance of repeating: fixed clock, fixed secret and ids vary).
    expect(await checkPassTimeCode(SECRET, a.id, parsePassCode(next.code)!.timeCode, NEXT_WINDOW + SEC)).toBe("valid");
  });

  it("gives an administrator who is not VIP a pass with no 'VIP since'", async () => {
    const admin = await createUser("admin");
    const pass = await getPass(admin.cookie);
    expect(pass.member.vipSince).toBeNull();
    expect(pass.member.id).toBe(admin.id);
  });
});

describe("VIP since: the earliest start among the sources that give VIP now", () => {
  it("takes an active subscription older than the comp", async () => {
    const vip = await createUser("vip");
    await giveSubscription(vip.id, "active", NOW - 90 * DAY);
    await giveComp(vip.id, NOW - 10 * DAY);
    expect((await getPass(vip.cookie)).member.vipSince).toBe(new Date(NOW - 90 * DAY).toISOString());
  });

  it("leaves out a subscription that ended: a member who came back is VIP since they came back", async () => {
    const vip = await createUser("vip");
    await giveSubscription(vip.id, "canceled", NOW - 400 * DAY);
    await giveSubscription(vip.id, "active", NOW - 20 * DAY);
    expect((await getPass(vip.cookie)).member.vipSince).toBe(new Date(NOW - 20 * DAY).toISOString());
  });

  it("takes the comp when it is the only source", async () => {
    const vip = await createUser("vip");
    await giveComp(vip.id, NOW - 3 * DAY);
    expect((await getPass(vip.cookie)).member.vipSince).toBe(new Date(NOW - 3 * DAY).toISOString());
  });
});

describe("the token (worker/lib/vip-pass.ts)", () => {
  const userId = "00000000-0000-4000-8000-0000000000aa";
  const windowEnd = NEXT_WINDOW;

  it("verifies in its minute and for a few seconds after it, then is expired", async () => {
    const token = await signPassToken(SECRET, userId, NOW);
    expect(await verifyPassToken(SECRET, token, windowEnd - 1)).toEqual({ status: "valid", userId });
    expect(await verifyPassToken(SECRET, token, windowEnd + PASS_TOKEN_GRACE_SECONDS * SEC - 1)).toEqual({ status: "valid", userId });
    expect(await verifyPassToken(SECRET, token, windowEnd + PASS_TOKEN_GRACE_SECONDS * SEC)).toEqual({ status: "expired", userId });
    expect(await verifyPassToken(SECRET, token, windowEnd + 10 * MIN)).toEqual({ status: "expired", userId });
  });

  it("is unknown when forged, altered, another purpose's or not a token", async () => {
    const token = await signPassToken(SECRET, userId, NOW);
    const forged = await signPassToken("another-secret-0123456789abcdef0123456789", userId, NOW);
    const [header, , signature] = token.split(".");
    const altered = `${header}.${btoa(JSON.stringify({ win: 1, sub: "00000000-0000-4000-8000-0000000000bb", aud: "vip-pass", exp: 4e9 })).replace(/=+$/, "")}.${signature}`;
    const media = (await signMediaToken(SECRET, userId, "track", "some-track", NOW)).token;
    const noWindow = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(userId)
      .setAudience("vip-pass")
      .setExpirationTime(Math.floor(NOW / 1000) + 60)
      .sign(new TextEncoder().encode(SECRET));
    for (const bad of [forged, altered, media, noWindow, "not-a-token", ""]) expect(await verifyPassToken(SECRET, bad, NOW)).toEqual({ status: "unknown" });
  });
});

describe("the typed code (worker/lib/vip-pass.ts)", () => {
  const userId = "00000000-0000-4000-8000-0000000000aa";

  it("reads separators and refuses what is not a pass code", () => {
    expect(parsePassCode("1042-583921")).toEqual({ passNumber: 1042, timeCode: "583921" });
    expect(parsePassCode(" 1042 583 921 ")).toEqual({ passNumber: 1042, timeCode: "583921" });
    for (const bad of ["583921", "abc-123456", "1042-58392x", "", "1".repeat(20)]) expect(parsePassCode(bad)).toBeNull();
  });

  it("is valid in its minute and PASS_CODE_GRACE_SECONDS after, then expired, then unknown", async () => {
    const code = await passTimeCode(SECRET, userId, NOW);
    expect(await checkPassTimeCode(SECRET, userId, code, NOW)).toBe("valid");
    expect(await checkPassTimeCode(SECRET, userId, code, NEXT_WINDOW + PASS_CODE_GRACE_SECONDS * SEC - 1)).toBe("valid");
    expect(await checkPassTimeCode(SECRET, userId, code, NEXT_WINDOW + PASS_CODE_GRACE_SECONDS * SEC)).toBe("expired");
    expect(await checkPassTimeCode(SECRET, userId, code, NOW + 9 * MIN)).toBe("expired");
    expect(await checkPassTimeCode(SECRET, userId, code, NOW + 12 * MIN)).toBe("unknown");
    // Bound to the member: another member's check of the same digits fails.
    expect(await checkPassTimeCode(SECRET, "00000000-0000-4000-8000-0000000000bb", code, NOW)).toBe("unknown");
  });
});
