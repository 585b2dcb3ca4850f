// /api/admin/waitlist (decision 189): an event's waitlist settings, its figures per ticket type and
// its places as CSV, administrators only. Every route refuses a visitor and a banned member 401,
// a member, a VIP and door staff 403, writing nothing; bad settings are a 400 with their code and
// nothing stored; an unknown event is 404. The settings rule the lists: a join refused once the
// event's closing minutes say the list is closed (by a fake clock), an offer held its hold minutes.
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, createUser, errorOf, ruleError, type TestUser } from "./helpers";
import { createDoorStaff, freezeClock, setClock } from "./check-in-fixtures";
import { D1, DAY, expectRefused, join, soldOutShow, waitlistState } from "./waitlist-fixtures";
import { seedTicketType } from "./ticket-fixtures";
import { WAITLIST_ADMIN_MESSAGES, type WaitlistRulesResponse } from "../../worker/contracts/waitlist/admin-model";

afterEach(() => {
  vi.useRealTimers();
});

const MIN = 60_000;
const API = "/api/admin/waitlist/events";
const rules = (eventId: string, cookie?: string) => call(`${API}/${eventId}/rules`, { cookie });
const putRules = (eventId: string, json: unknown, cookie?: string) => call(`${API}/${eventId}/rules`, { method: "PUT", json, cookie });
const SETTINGS = { returnsOpen: true, holdMinutes: 10, closesBeforeMinutes: 600 };

const stored = async () => ({
  rules: (await D1.prepare("SELECT * FROM waitlist_event_rules ORDER BY event_id").all()).results,
  audit: (await D1.prepare("SELECT count(*) AS n FROM audit_log WHERE action LIKE 'waitlist.%'").first<{ n: number }>())!.n,
});
const lastAudit = () =>
  D1.prepare("SELECT action, actor_id, target_type, target_id, summary FROM audit_log WHERE action LIKE 'waitlist.%' ORDER BY id DESC LIMIT 1").first<{
    action: string;
    actor_id: string;
    target_type: string;
    target_id: string;
    summary: string;
  }>();

describe("the admin gate", () => {
  it("refuses every route to every role but the admin, storing nothing", async () => {
    const show = await soldOutShow();
    const roles: [string, string | undefined, number, string][] = [
      ["visitor", undefined, 401, "unauthorized"],
      ["banned", (await createUser("banned")).cookie, 401, "unauthorized"],
      ["member", (await createUser("user")).cookie, 403, "admin_required"],
      ["vip", (await createUser("vip")).cookie, 403, "admin_required"],
      ["door staff", (await createDoorStaff()).cookie, 403, "admin_required"],
    ];
    const before = await stored();
    for (const [role, cookie, status, code] of roles) {
      for (const res of [
        await call(`${API}/${show.eventId}`, { cookie }),
        await rules(show.eventId, cookie),
        await putRules(show.eventId, SETTINGS, cookie),
        await call(`${API}/${show.eventId}/places.csv`, { cookie }),
      ]) {
        expect(res.status, role).toBe(status);
        expect((await errorOf(res)).code, role).toBe(code);
      }
    }
    expect(await stored()).toEqual(before);
  });

  it("an unknown or malformed event is 404 event_not_found on every route, nothing stored", async () => {
    const admin = await createUser("admin");
    const before = await stored();
    for (const id of [crypto.randomUUID(), "not-an-id"]) {
      await expectRefused(await call(`${API}/${id}`, { cookie: admin.cookie }), 404, "event_not_found");
      await expectRefused(await rules(id, admin.cookie), 404, "event_not_found");
      await expectRefused(await putRules(id, SETTINGS, admin.cookie), 404, "event_not_found");
      await expectRefused(await call(`${API}/${id}/places.csv`, { cookie: admin.cookie }), 404, "event_not_found");
    }
    expect(await stored()).toEqual(before);
  });
});

describe("the settings", () => {
  it("read the defaults until set; a write is stored with its audit row, before and after", async () => {
    const admin = await createUser("admin");
    const show = await soldOutShow();
    const read = await rules(show.eventId, admin.cookie);
    expect(read.status).toBe(200);
    expect(await read.json<WaitlistRulesResponse>()).toEqual({ rules: { returnsOpen: false, holdMinutes: 30, closesBeforeMinutes: 120 } });

    const saved = await putRules(show.eventId, SETTINGS, admin.cookie);
    expect(saved.status).toBe(200);
    expect(await saved.json<WaitlistRulesResponse>()).toEqual({ rules: SETTINGS });
    expect(
      await D1.prepare("SELECT returns_open, hold_minutes, closes_before_minutes FROM waitlist_event_rules WHERE event_id = ?1").bind(show.eventId).first(),
    ).toEqual({ returns_open: 1, hold_minutes: 10, closes_before_minutes: 600 });
    const audit = (await lastAudit())!;
    expect(audit).toMatchObject({ action: "waitlist.rules_updated", actor_id: admin.id, target_type: "event", target_id: show.eventId });
    expect(JSON.parse(audit.summary)).toEqual({ before: { returnsOpen: false, holdMinutes: 30, closesBeforeMinutes: 120 }, after: SETTINGS });
    expect(await (await rules(show.eventId, admin.cookie)).json<WaitlistRulesResponse>()).toEqual({ rules: SETTINGS });

    const again = { returnsOpen: false, holdMinutes: 1440, closesBeforeMinutes: 0 };
    expect((await putRules(show.eventId, again, admin.cookie)).status).toBe(200);
    expect(JSON.parse((await lastAudit())!.summary)).toEqual({ before: SETTINGS, after: again });
  });

  it("bad settings are a 400 with their code and field, nothing stored", async () => {
    const admin = await createUser("admin");
    const show = await soldOutShow();
    const before = await stored();
    const cases: [unknown, ReturnType<typeof ruleError>][] = [
      [{ ...SETTINGS, holdMinutes: 4 }, ruleError(WAITLIST_ADMIN_MESSAGES.holdMinutesInvalid, "holdMinutes")],
      [{ ...SETTINGS, holdMinutes: 1441 }, ruleError(WAITLIST_ADMIN_MESSAGES.holdMinutesInvalid, "holdMinutes")],
      [{ ...SETTINGS, holdMinutes: 12.5 }, ruleError(WAITLIST_ADMIN_MESSAGES.holdMinutesInvalid, "holdMinutes")],
      [{ ...SETTINGS, closesBeforeMinutes: -1 }, ruleError(WAITLIST_ADMIN_MESSAGES.closesBeforeMinutesInvalid, "closesBeforeMinutes")],
      [{ ...SETTINGS, closesBeforeMinutes: 10081 }, ruleError(WAITLIST_ADMIN_MESSAGES.closesBeforeMinutesInvalid, "closesBeforeMinutes")],
      [{ ...SETTINGS, closesBeforeMinutes: "120" }, ruleError(WAITLIST_ADMIN_MESSAGES.closesBeforeMinutesInvalid, "closesBeforeMinutes")],
    ];
    for (const [json, error] of cases) {
      const res = await putRules(show.eventId, json, admin.cookie);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(await errorOf(res)).toEqual(error);
    }
    for (const json of [{ ...SETTINGS, returnsOpen: "yes" }, { ...SETTINGS, fee: 1 }, { holdMinutes: 10 }]) {
      const res = await putRules(show.eventId, json, admin.cookie);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe("invalid_input");
    }
    expect(await stored()).toEqual(before);
  });

  it("a join is refused once the event's closing minutes say its list is closed, by the clock", async () => {
    const admin = await createUser("admin");
    const me = await createUser("user");
    const start = Date.now() + 3 * DAY;
    const show = await soldOutShow({ eventDate: start });
    expect((await putRules(show.eventId, { ...SETTINGS, closesBeforeMinutes: 600 }, admin.cookie)).status).toBe(200);
    const closes = start - 600 * MIN;
    // Two hours before the show (the default) is still hours away: the event's own setting closed it.
    freezeClock(closes);
    const before = await waitlistState();
    await expectRefused(await join({ ticketTypeId: show.typeId }, me.cookie), 409, "waitlist_closed");
    expect(await waitlistState()).toEqual(before);
    setClock(closes - 1);
    expect((await join({ ticketTypeId: show.typeId }, me.cookie)).status).toBe(201);
  });
});

describe("the places' export", () => {
  it("the open places in line order per type, formula cells escaped, audited as an export", async () => {
    const admin = await createUser("admin");
    const now = Date.UTC(2026, 10, 29, 12, 0, 0);
    freezeClock(now);
    const show = await soldOutShow();
    const balcony = await seedTicketType(show.eventId, { name: "Balcony", quantity: 5, remaining: 0, perOrderLimit: 4, position: 1 });
    const ana = await createUser("user", { username: "=Ana" });
    const bia = await createUser("user", { username: "bia" });
    const caio = await createUser("user", { username: "caio" });
    const gone = await createUser("user", { username: "gone" });
    const joinAt = async (user: TestUser, typeId: string, quantity: number, at: number) => {
      setClock(at);
      const res = await join({ ticketTypeId: typeId, quantity }, user.cookie);
      expect(res.status).toBe(201);
      return (await res.json<{ place: { id: string } }>()).place.id;
    };
    await joinAt(bia, show.typeId, 2, now + 1000);
    await joinAt(ana, show.typeId, 1, now + 2000);
    const left = await joinAt(gone, show.typeId, 1, now + 3000);
    await joinAt(caio, balcony, 3, now + 4000);
    expect((await call(`/api/waitlist/places/${left}`, { method: "DELETE", cookie: gone.cookie })).status).toBe(204);
    await D1.prepare("UPDATE waitlist_places SET lapses = 1, declines = 2 WHERE user_id = ?1").bind(ana.id).run();

    const res = await call(`${API}/${show.eventId}/places.csv`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="waitlist-${show.eventId}.csv"`);
    const iso = (ms: number) => new Date(ms).toISOString();
    const lines = (await res.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines).toEqual([
      `"Position","Name","Email","Ticket type","Quantity","Joined at","Lapses","Declines"`,
      `"1","bia","${bia.email}","General","2","${iso(now + 1000)}","0","0"`,
      // The name and the address made from it both start with "=": each read as text.
      `"2","'=Ana","'${ana.email}","General","1","${iso(now + 2000)}","1","2"`,
      `"1","caio","${caio.email}","Balcony","3","${iso(now + 4000)}","0","0"`,
    ]);
    const audit = (await lastAudit())!;
    expect(audit).toMatchObject({ action: "waitlist.places_export", actor_id: admin.id, target_type: "event", target_id: show.eventId });
    expect(JSON.parse(audit.summary)).toEqual({ after: { rows: 3 } });
  });
});
