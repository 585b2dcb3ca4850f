// VIP presale codes for "tier at least X" (decision 104): a presale set to Inner Circle hands its
// code to Inner Circle members and admins only (403 tier_required for a VIP), one left at VIP
// (presale_min_tier_id null) keeps "VIP and above" (403 vip_required below); nothing is claimed
// for a refused member. The event form stores `presaleMinTierId`; an unknown tier 400
// tier_gate_unknown, an archived one not already the event's 400 tier_gate_archived, the free tier
// a 400; nothing stored.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { events } from "../../worker/db/schema/events";
import { forget } from "../../worker/lib/memo";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import { insertOfferCodes } from "../../worker/db/offer-codes";
import { ADMIN_EVENTS_API, type AdminEventResponse, type EventInput } from "../../worker/contracts/admin/events";
import { call, createUser, db, errorOf } from "./helpers";
import { addInnerCircle } from "./tier-fixtures";

const D1 = (env as unknown as { DB: D1Database }).DB;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A published event whose unique-code presale is open now, for `minTierId` and above (null: VIP). */
async function presale(minTierId: string | null) {
  const id = crypto.randomUUID();
  const now = Date.now();
  await db()
    .insert(events)
    .values({
      id,
      title: "Presale show",
      eventDate: new Date(now + 10 * DAY),
      status: "published",
      venueName: "Starlight Ballroom",
      venueCity: "New York",
      externalTicketUrl: "https://tickets.example.com/show",
      presaleStartsAt: new Date(now - HOUR),
      presaleEndsAt: new Date(now + DAY),
      generalSaleAt: new Date(now + 2 * DAY),
      presaleCodeMode: "unique",
      presaleMinTierId: minTierId,
    });
  await insertOfferCodes(db(), { kind: "presale", id }, ["CODE-1", "CODE-2", "CODE-3", "CODE-4", "CODE-5"], new Date(now));
  forget("events:");
  return id;
}

const claimed = async (eventId: string) =>
  (await D1.prepare("SELECT count(*) AS n FROM offer_codes WHERE pool_kind = 'presale' AND pool_id = ?1 AND claimed_at IS NOT NULL")
    .bind(eventId)
    .first<{ n: number }>())!.n;

const ROLES = ["visitor", "member", "vip", "inner circle", "admin", "banned"] as const;
type Who = (typeof ROLES)[number];

async function cookieOf(role: Who): Promise<string | undefined> {
  if (role === "visitor") return undefined;
  if (role === "member") return (await createUser("user")).cookie;
  if (role === "inner circle") return (await createUser("vip", { tierId: "inner-circle" })).cookie;
  return (await createUser(role)).cookie;
}

const EXPECTED: Record<Who, { circle: [number, string | null]; vip: [number, string | null] }> = {
  visitor: { circle: [401, "unauthorized"], vip: [401, "unauthorized"] },
  member: { circle: [403, "vip_required"], vip: [403, "vip_required"] },
  vip: { circle: [403, "tier_required"], vip: [200, null] },
  "inner circle": { circle: [200, null], vip: [200, null] },
  admin: { circle: [200, null], vip: [200, null] },
  banned: { circle: [401, "unauthorized"], vip: [401, "unauthorized"] },
};

beforeAll(addInnerCircle);

describe("a presale code for Inner Circle and above", () => {
  it.each(ROLES)("%s: the presale at Inner Circle and the one at VIP", async (role) => {
    const cookie = await cookieOf(role);
    for (const which of ["circle", "vip"] as const) {
      const id = await presale(which === "circle" ? "inner-circle" : null);
      const [status, code] = EXPECTED[role][which];
      const res = await call(`/api/events/${id}/presale-code`, { method: "POST", cookie });
      expect(res.status, which).toBe(status);
      if (code) expect((await errorOf(res)).code, which).toBe(code);
      else expect((await res.json<{ code: string }>()).code, which).toMatch(/^CODE-\d$/);
      expect(await claimed(id), which).toBe(status === 200 ? 1 : 0);
    }
  });

  it("a tier the ladder no longer has admits only admins (fails closed)", async () => {
    const id = await presale("gone-tier");
    const refused = await call(`/api/events/${id}/presale-code`, { method: "POST", cookie: await cookieOf("inner circle") });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe("tier_required");
    expect((await call(`/api/events/${id}/presale-code`, { method: "POST", cookie: await cookieOf("admin") })).status).toBe(200);
  });
});

describe("the event form's presale tier", () => {
  const year = new Date().getUTCFullYear() + 1;
  const input = (extra: Partial<EventInput> = {}): EventInput => ({
    title: "Presale Night",
    eventDate: `${year}-12-20T20:00`,
    timeZone: "America/New_York",
    status: "published",
    source: "custom",
    externalTicketUrl: "https://tickets.example.com/show",
    venueName: "Neon Hall",
    venueAddress: "100 Ocean Drive",
    venueCity: "Miami",
    venueState: "FL",
    venueCountry: "USA",
    venueCapacity: 1800,
    ticketPriceMin: 45,
    ticketPriceMax: 120,
    ticketSaleStart: `${year}-11-01T10:00`,
    ticketSaleEnd: `${year}-12-20T18:00`,
    presaleCodeMode: "shared",
    presaleStartsAt: `${year}-12-01T10:00`,
    presaleEndsAt: `${year}-12-03T10:00`,
    generalSaleAt: `${year}-12-04T10:00`,
    presaleSharedCode: "VIPSHARED-2026",
    ...extra,
  });
  const stored = (id: string) => D1.prepare("SELECT presale_code_mode, presale_min_tier_id FROM events WHERE id = ?1").bind(id).first();
  const eventCount = async () => (await D1.prepare("SELECT count(*) AS n FROM events").first<{ n: number }>())!.n;

  it("stores presaleMinTierId on create and edit, and drops it with the presale", async () => {
    const admin = (await createUser("admin")).cookie;
    const created = await call(ADMIN_EVENTS_API, { method: "POST", cookie: admin, json: input({ presaleMinTierId: "inner-circle" }) });
    expect(created.status).toBe(201);
    const { event } = await created.json<AdminEventResponse>();
    expect(event.presaleMinTierId).toBe("inner-circle");
    expect(await stored(event.id)).toEqual({ presale_code_mode: "shared", presale_min_tier_id: "inner-circle" });
    const off = await call(`${ADMIN_EVENTS_API}/${event.id}`, {
      method: "PUT",
      cookie: admin,
      json: input({ presaleCodeMode: "none", presaleMinTierId: "inner-circle" }),
    });
    expect(off.status).toBe(200);
    expect(await stored(event.id)).toEqual({ presale_code_mode: "none", presale_min_tier_id: null });
  });

  it("refuses an unknown, archived, free or malformed tier with a 400 and its code; nothing is stored", async () => {
    const admin = (await createUser("admin")).cookie;
    await D1.prepare(
      "INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, archived_at) VALUES ('old-gold', 3, 'Old Gold', 'Ouro Antigo', '#aa8800', 1)",
    ).run();
    forgetTiers();
    const id = await presale(null);
    const before = await eventCount();
    for (const [presaleMinTierId, code] of [
      ["ghost", "tier_gate_unknown"],
      ["old-gold", "tier_gate_archived"],
      ["member", "invalid_input"],
    ] as const) {
      const created = await call(ADMIN_EVENTS_API, { method: "POST", cookie: admin, json: input({ presaleMinTierId }) });
      expect(created.status, presaleMinTierId).toBe(400);
      expect(await errorOf(created), presaleMinTierId).toMatchObject({ code, field: "presaleMinTierId" });
    }
    expect(await eventCount()).toBe(before);
    expect(await stored(id)).toEqual({ presale_code_mode: "unique", presale_min_tier_id: null });
  });
});
