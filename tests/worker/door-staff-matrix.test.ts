// Door staff hold one right, checking passes in at /check-in; everywhere else they are the members
// they are. Each VIP feature's route answers a door-staff member exactly as it answers a member:
// no presale code, no VIP-only perk or party, no pass, and no back office.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createUser, errorOf, ORIGIN } from "./helpers";
import { createDoorStaff } from "./check-in-fixtures";
import { forget } from "../../worker/lib/memo";

const D1 = (env as unknown as { DB: D1Database }).DB;
const HOUR = 3_600_000;

async function openPresaleEvent() {
  const id = crypto.randomUUID();
  const now = Date.now();
  await D1.prepare(
    `INSERT INTO events (id, title, event_date, status, venue_name, venue_city, external_ticket_url, presale_starts_at, presale_ends_at, general_sale_at,
       presale_code_mode, presale_shared_code, created_at, updated_at)
     VALUES (?1, 'Door staff presale', ?2, 'published', 'Ballroom', 'Miami', 'https://tickets.example.com/x', ?3, ?4, ?4, 'shared', 'VIP-ONLY-CODE', ?5, ?5)`,
  )
    .bind(id, now + 30 * 24 * HOUR, now - HOUR, now + 24 * HOUR, now)
    .run();
  forget("events:");
  return id;
}

async function perk(audience: "vip" | "members") {
  const id = crypto.randomUUID();
  const now = Date.now();
  await D1.prepare(
    `INSERT INTO perks (id, title, description, image_key, link, code_mode, shared_code, audience, starts_at, ends_at, created_at, updated_at)
     VALUES (?1, 'A perk', 'For someone', NULL, 'https://shop.example.com/p', 'shared', 'PERK-CODE', ?2, ?3, ?4, ?5, ?5)`,
  )
    .bind(id, audience, now - HOUR, now + HOUR, now)
    .run();
  return id;
}

async function vipParty() {
  const admin = await createUser("admin");
  const res = await call("/api/admin/parties", {
    cookie: admin.cookie,
    json: { title: "VIP night", sourceType: "album", sourceId: "radio-heartline", startsAt: new Date(Date.now() - 10_000).toISOString(), vipOnly: true },
  });
  expect(res.status).toBe(201);
  return (await res.json<{ party: { id: string } }>()).party.id;
}

async function expectRefused(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect((await errorOf(res)).code).toBe(code);
}

describe("door staff are members everywhere but the door", () => {
  it("get no presale code, no VIP pass and no VIP-only perk, as a member would", async () => {
    const door = await createDoorStaff();
    await expectRefused(await call(`/api/events/${await openPresaleEvent()}/presale-code`, { method: "POST", cookie: door.cookie }), 403, "vip_required");
    await expectRefused(await call("/api/vip-pass", { cookie: door.cookie }), 403, "vip_required");
    await expectRefused(await call(`/api/perks/${await perk("vip")}/reveal`, { method: "POST", cookie: door.cookie }), 403, "vip_required");
    const open = await call(`/api/perks/${await perk("members")}/reveal`, { method: "POST", cookie: door.cookie });
    expect(open.status).toBe(200);
    expect(await open.json()).toMatchObject({ code: "PERK-CODE" });
  });

  it("cannot read, play or join a VIP-only listening party", async () => {
    const door = await createDoorStaff();
    const id = await vipParty();
    await expectRefused(await call(`/api/parties/${id}`, { cookie: door.cookie }), 403, "vip_required");
    await expectRefused(await call(`/api/parties/${id}/play`, { method: "POST", cookie: door.cookie }), 403, "vip_required");
    const upgrade = await call(`/api/parties/${id}/live`, { cookie: door.cookie, headers: { upgrade: "websocket", origin: ORIGIN } });
    await expectRefused(upgrade, 403, "vip_required");
  });

  it("reach none of the new back-office areas", async () => {
    const door = await createDoorStaff();
    const event = await openPresaleEvent();
    for (const [path, method] of [
      ["/api/admin/perks", "GET"],
      ["/api/admin/parties", "GET"],
      [`/api/admin/events/${event}/presale-codes/preview`, "POST"],
      ["/api/admin/users", "GET"],
    ] as const) {
      const res = await call(path, { method, cookie: door.cookie, ...(method === "POST" ? { body: "code\nA1\n" } : {}) });
      await expectRefused(res, 403, "admin_required");
    }
  });
});
