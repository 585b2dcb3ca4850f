// "Suspended now" is one rule everywhere (worker/lib/suspension.ts, db/suspensions.ts): a timed
// suspension past its end reads as active, one still running as suspended. Checked here where
// code used to test the stored status alone: the door's check-in and the last-administrator
// guards (the users page's admin and ban switches, account deletion). Sign-in links are in
// login-slowdown.test.ts. Rows are set with raw SQL.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { DAY, HOUR, NOW, SECRET, addEvent, checkInOk, createDoorStaff, exec, freezeClock, giveComp, row } from "./check-in-fixtures";
import { signPassToken } from "../../worker/lib/vip-pass";
import type { AppEnv } from "../../worker/env";
import { createDb } from "../../worker/db/client";
import { setUserAdmin, setUserBan } from "../../worker/services/user-admin";

const appEnv = env as unknown as AppEnv;

/** A suspension ending at `until`, started a day before NOW (the clock is frozen at NOW). */
const suspend = (id: string, until: number) =>
  exec("UPDATE users SET status = 'banned', ban_reason = 'Spam', banned_at = ?2, banned_until = ?3 WHERE id = ?1", id, NOW - DAY, until);

beforeEach(() => freezeClock());
afterEach(() => {
  vi.useRealTimers();
});

describe("the door (POST /api/check-in)", () => {
  let door: TestUser;
  let eventId: string;
  beforeEach(async () => {
    door = await createDoorStaff();
    eventId = await addEvent();
  });

  it("lets in a VIP whose timed suspension has ended; refuses one whose suspension is still running (not_vip)", async () => {
    const ended = await createUser("vip");
    await giveComp(ended.id, NOW - 5 * DAY);
    await suspend(ended.id, NOW - HOUR);
    expect((await checkInOk(door.cookie, { eventId, token: await signPassToken(SECRET, ended.id, NOW) })).result).toBe("valid");

    const running = await createUser("vip");
    await giveComp(running.id, NOW - 5 * DAY);
    await suspend(running.id, NOW + HOUR);
    expect((await checkInOk(door.cookie, { eventId, token: await signPassToken(SECRET, running.id, NOW) })).result).toBe("not_vip");
    const stored = await row<{ n: number }>("SELECT count(*) AS n FROM check_ins WHERE event_id = ?1 AND user_id = ?2", eventId, running.id);
    expect(stored!.n).toBe(0);
  });
});

describe("the last active administrator", () => {
  /** Leaves exactly the given members as administrators. */
  async function onlyAdmins(...keep: TestUser[]) {
    const ids = JSON.stringify(keep.map((u) => u.id));
    await exec("DELETE FROM admins WHERE user_id NOT IN (SELECT value FROM json_each(?1))", ids);
    await exec("UPDATE users SET is_admin = 0 WHERE id NOT IN (SELECT value FROM json_each(?1))", ids);
  }

  it("counts an administrator whose timed suspension ended, so the other may be demoted and banned", async () => {
    const last = await createUser("admin");
    const returned = await createUser("admin");
    const someone = await createUser("user");
    await onlyAdmins(last, returned);
    await suspend(returned.id, NOW - HOUR);
    const d = createDb(appEnv.DB);
    const actor = { id: someone.id, email: someone.email };
    await setUserAdmin(appEnv, d, actor, last.id, false);
    expect((await row<{ n: number }>("SELECT count(*) AS n FROM admins WHERE user_id = ?1", last.id))!.n).toBe(0);
  });

  it("does not count one whose suspension is still running: 409 last_admin, nothing changed", async () => {
    const last = await createUser("admin");
    const suspended = await createUser("admin");
    const someone = await createUser("user");
    await onlyAdmins(last, suspended);
    await suspend(suspended.id, NOW + HOUR);
    const d = createDb(appEnv.DB);
    const actor = { id: someone.id, email: someone.email };
    await expect(setUserAdmin(appEnv, d, actor, last.id, false)).rejects.toMatchObject({ status: 409, code: "last_admin" });
    await expect(setUserBan(appEnv, d, actor, last.id, { reason: "Spam", until: null })).rejects.toMatchObject({ status: 409, code: "last_admin" });
    expect((await row<{ status: string }>("SELECT status FROM users WHERE id = ?1", last.id))!.status).toBe("active");
  });

  it("account deletion: refused (409) while the other admin's suspension runs, allowed once it has ended", async () => {
    const last = await createUser("admin");
    const other = await createUser("admin");
    await onlyAdmins(last, other);
    await suspend(other.id, NOW + HOUR);
    const body = { currentPassword: last.password, confirmation: last.username };
    const refused = await call("/api/account/delete", { json: body, cookie: last.cookie });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe("last_admin");
    await exec("UPDATE users SET banned_until = ?2 WHERE id = ?1", other.id, NOW - HOUR);
    expect((await call("/api/account/delete", { json: body, cookie: last.cookie })).status).toBe(200);
    expect(await row("SELECT id FROM users WHERE id = ?1", last.id)).toBeNull();
  });
});
