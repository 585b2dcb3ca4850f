// An event's VIP access for "tier at least X" (decision 108, events.vip_min_tier_id): a virtual
// meet's join link goes to X and above and admins (a VIP below gets none, nor does a free member or a
// visitor); null keeps "VIP and above". At an in-person event's door a VIP pass below X answers
// below_tier and lets nobody in. The event form stores `vipMinTierId` (unknown 400 tier_gate_unknown,
// archived and new 400 tier_gate_archived, the free tier a 400), nothing stored on a refusal.
import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { VirtualMeetsResponse } from "../../worker/contracts/events";
import type { CheckInResponse } from "../../worker/contracts/tickets/vip-pass";
import { ADMIN_EVENTS_API, type AdminEventResponse, type EventInput } from "../../worker/contracts/admin/events";
import { forget } from "../../worker/lib/memo";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { addInnerCircle } from "./tier-fixtures";
import { addEvent, checkInRows, createDoorStaff, getPass, NOW as NOW_FIXTURE, postCheckIn } from "./check-in-fixtures";

const D1 = (env as unknown as { DB: D1Database }).DB;
const MIN = 60_000;

type Who = "visitor" | "member" | "vip" | "innerCircle" | "admin";
const WHO: Who[] = ["visitor", "member", "vip", "innerCircle", "admin"];

async function userOf(who: Who): Promise<TestUser | null> {
  if (who === "visitor") return null;
  if (who === "member") return createUser("user");
  if (who === "innerCircle") return createUser("vip", { tierId: "inner-circle" });
  return createUser(who);
}

beforeAll(addInnerCircle);

describe("a virtual meet's join link", () => {
  beforeEach(async () => {
    await D1.prepare("DELETE FROM events WHERE is_online = 1").run();
  });

  /** A published meet whose join window is open now, for `minTierId` and above (null: VIP). */
  async function meet(minTierId: string | null) {
    const id = crypto.randomUUID();
    await D1.prepare(
      `INSERT INTO events (id, title, event_date, time_zone, status, is_online, join_url, vip_min_tier_id, created_at, updated_at)
       VALUES (?1, 'Meet', ?2, 'America/New_York', 'published', 1, ?3, ?4, ?5, ?5)`,
    )
      .bind(id, Date.now() + 5 * MIN, `https://meet.example.com/${id}`, minTierId, Date.now())
      .run();
    forget("events:");
    return id;
  }

  const ADMITTED: Record<Who, { circle: boolean; vip: boolean }> = {
    visitor: { circle: false, vip: false },
    member: { circle: false, vip: false },
    vip: { circle: false, vip: true },
    innerCircle: { circle: true, vip: true },
    admin: { circle: true, vip: true },
  };

  it.each(WHO)("%s: the link of the meet at Inner Circle and of the one at VIP", async (who) => {
    const [circle, vip] = [await meet("inner-circle"), await meet(null)];
    const user = await userOf(who);
    const res = await call("/api/events/virtual", { cookie: user?.cookie });
    expect(res.status).toBe(200);
    const links = Object.fromEntries((await res.json<VirtualMeetsResponse>()).meets.map((m) => [m.id, m.joinUrl]));
    expect(links[circle]).toBe(ADMITTED[who].circle ? `https://meet.example.com/${circle}` : null);
    expect(links[vip]).toBe(ADMITTED[who].vip ? `https://meet.example.com/${vip}` : null);
  });

  it.each(WHO)("%s: each meet names the tier its link is for, and says when the reader is below it", async (who) => {
    const [circle, vip] = [await meet("inner-circle"), await meet(null)];
    const user = await userOf(who);
    const { meets } = await (await call("/api/events/virtual", { cookie: user?.cookie })).json<VirtualMeetsResponse>();
    const view = (id: string) => meets.find((m) => m.id === id)!;
    expect(view(circle).joinMinTier).toEqual({ id: "inner-circle", name: { en: "Inner Circle", ptBR: "Círculo Íntimo" } });
    expect(view(vip).joinMinTier).toBeNull();
    // A visitor is asked to sign in, not told about tiers.
    expect(view(circle).belowJoinTier).toBe(who !== "visitor" && !ADMITTED[who].circle);
    expect(view(vip).belowJoinTier).toBe(who !== "visitor" && !ADMITTED[who].vip);
  });

  it("a tier the ladder no longer has gives the link to admins only", async () => {
    const gone = await meet("gone-tier");
    for (const who of ["innerCircle", "admin"] as const) {
      const res = await call("/api/events/virtual", { cookie: (await userOf(who))!.cookie });
      const link = (await res.json<VirtualMeetsResponse>()).meets.find((m) => m.id === gone)!.joinUrl;
      expect(link, who).toBe(who === "admin" ? `https://meet.example.com/${gone}` : null);
    }
  });
});

describe("the VIP pass at the door of an event for Inner Circle", () => {
  async function doorEvent(minTierId: string | null) {
    const id = await addEvent({ at: Date.now() - NOW_FIXTURE + 60 * MIN });
    await D1.prepare("UPDATE events SET vip_min_tier_id = ?2 WHERE id = ?1").bind(id, minTierId).run();
    return id;
  }

  it.each([
    ["vip", "below_tier", "valid"],
    ["innerCircle", "valid", "valid"],
    ["admin", "valid", "valid"],
  ] as const)("%s: at the Inner Circle door %s, at the VIP door %s", async (who, atCircle, atVip) => {
    const door = await createDoorStaff();
    const member = (await userOf(who))!;
    const { token } = await getPass(member.cookie);
    for (const [minTier, expected] of [
      ["inner-circle", atCircle],
      [null, atVip],
    ] as const) {
      const eventId = await doorEvent(minTier);
      const res = await postCheckIn(door.cookie, { eventId, token });
      expect(res.status).toBe(200);
      const answer = await res.json<CheckInResponse>();
      expect(answer.result, String(minTier)).toBe(expected);
      expect(answer.member?.username).toBe(member.username);
      expect((await checkInRows(eventId)).map((r) => r.user_id)).toEqual(expected === "valid" ? [member.id] : []);
    }
  });

  it("a free member's pass stays not_vip whatever the tier", async () => {
    const door = await createDoorStaff();
    const vip = await createUser("vip");
    const { token } = await getPass(vip.cookie);
    await D1.prepare("UPDATE users SET is_vip = 0, tier_id = NULL WHERE id = ?1").bind(vip.id).run();
    const eventId = await doorEvent("inner-circle");
    const answer = await (await postCheckIn(door.cookie, { eventId, token })).json<CheckInResponse>();
    expect(answer.result).toBe("not_vip");
    expect(await checkInRows(eventId)).toEqual([]);
  });
});

describe("the event form's VIP access tier", () => {
  const year = new Date().getUTCFullYear() + 1;
  const input = (extra: Partial<EventInput> = {}): EventInput => ({
    title: "Meet the band",
    eventDate: `${year}-12-20T20:00`,
    timeZone: "America/New_York",
    status: "published",
    source: "custom",
    online: true,
    joinUrl: "https://meet.example.com/band",
    ...extra,
  });
  const stored = (id: string) => D1.prepare("SELECT vip_min_tier_id FROM events WHERE id = ?1").bind(id).first("vip_min_tier_id");
  const eventCount = async () => (await D1.prepare("SELECT count(*) AS n FROM events").first<{ n: number }>())!.n;

  it("stores vipMinTierId on create and edit, and answers it", async () => {
    const admin = (await createUser("admin")).cookie;
    const created = await call(ADMIN_EVENTS_API, { method: "POST", cookie: admin, json: input({ vipMinTierId: "inner-circle" }) });
    expect(created.status, await created.clone().text()).toBe(201);
    const { event } = await created.json<AdminEventResponse>();
    expect(event.vipMinTierId).toBe("inner-circle");
    expect(await stored(event.id)).toBe("inner-circle");
    const edited = await call(`${ADMIN_EVENTS_API}/${event.id}`, { method: "PUT", cookie: admin, json: input({ vipMinTierId: null }) });
    expect(edited.status).toBe(200);
    expect(await stored(event.id)).toBeNull();
  });

  it("refuses an unknown, a newly archived, the free or a malformed tier with a 400; nothing is stored", async () => {
    const admin = (await createUser("admin")).cookie;
    await D1.prepare(
      "INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, archived_at) VALUES ('old-gold', 3, 'Old Gold', 'Ouro Antigo', '#aa8800', 1)",
    ).run();
    forgetTiers();
    const before = await eventCount();
    for (const [vipMinTierId, code] of [
      ["ghost", "tier_gate_unknown"],
      ["old-gold", "tier_gate_archived"],
      ["member", "invalid_input"],
      ["Not An Id!", "invalid_input"],
    ] as const) {
      const res = await call(ADMIN_EVENTS_API, { method: "POST", cookie: admin, json: input({ vipMinTierId }) });
      expect(res.status, vipMinTierId).toBe(400);
      expect(await errorOf(res), vipMinTierId).toMatchObject({ code, field: "vipMinTierId" });
    }
    expect(await eventCount()).toBe(before);
    // An event that already names the archived tier may keep it.
    const created = await call(ADMIN_EVENTS_API, { method: "POST", cookie: admin, json: input() });
    const { event } = await created.json<AdminEventResponse>();
    await D1.prepare("UPDATE events SET vip_min_tier_id = 'old-gold' WHERE id = ?1").bind(event.id).run();
    const kept = await call(`${ADMIN_EVENTS_API}/${event.id}`, { method: "PUT", cookie: admin, json: input({ vipMinTierId: "old-gold" }) });
    expect(kept.status).toBe(200);
    expect(await stored(event.id)).toBe("old-gold");
  });

  it("refuses a member and a VIP (403), a visitor (401); nothing is stored", async () => {
    const before = await eventCount();
    expect((await call(ADMIN_EVENTS_API, { method: "POST", json: input({ vipMinTierId: "inner-circle" }) })).status).toBe(401);
    for (const role of ["user", "vip"] as const) {
      const res = await call(ADMIN_EVENTS_API, { method: "POST", cookie: (await createUser(role)).cookie, json: input({ vipMinTierId: "inner-circle" }) });
      expect(res.status, role).toBe(403);
    }
    expect(await eventCount()).toBe(before);
  });
});
