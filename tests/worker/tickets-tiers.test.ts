// Ticket types for "tier at least X" (decision 099): the checkout refuses a buyer below the type's
// tier with 403 tier_required, read from the session (admins pass), and holds nothing; the public
// event answer names the tier in both languages; the back office's form stores `minTierId` and
// refuses a tier the ladder lacks (400 tier_gate_unknown) or the free tier, storing nothing.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { postCheckout, postQuote } from "./checkout-fixtures";
import { guestEmail, remainingOf, ticketCart } from "./tickets-checkout-fixtures";
import { seedTicketEvent, seedTicketType } from "./ticket-fixtures";
import { addInnerCircle } from "./tier-fixtures";
import { ticketTypesApi, type AdminTicketTypeResponse, type TicketTypeInput } from "../../worker/contracts/tickets/admin-ticket-types";
import type { EventResponse } from "../../worker/contracts/events";

const D1 = (env as unknown as { DB: D1Database }).DB;

/** A type for Inner Circle and above: $120, 50 of them. */
async function circleType() {
  const eventId = await seedTicketEvent();
  const typeId = await seedTicketType(eventId, { name: "Backstage", namePtBr: "Camarim", priceCents: 12000, quantity: 50 });
  await D1.prepare("UPDATE ticket_types SET min_tier_id = 'inner-circle' WHERE id = ?1").bind(typeId).run();
  return { eventId, typeId };
}

type Buyer = "visitor" | "member" | "vip" | "innerCircle" | "admin";
const BUYERS: Buyer[] = ["visitor", "member", "vip", "innerCircle", "admin"];

async function buyer(role: Buyer): Promise<TestUser | null> {
  if (role === "visitor") return null;
  if (role === "member") return createUser("user");
  if (role === "innerCircle") return createUser("vip", { tierId: "inner-circle" });
  return createUser(role);
}

const admitted = (role: Buyer) => role === "innerCircle" || role === "admin";

beforeAll(addInnerCircle);

describe("buying a type for Inner Circle and above", () => {
  it("quotes it for Inner Circle and admins; a visitor, a free member and a VIP get 403 tier_required", async () => {
    const { typeId } = await circleType();
    for (const role of BUYERS) {
      const user = await buyer(role);
      const res = await postQuote(ticketCart([{ ticketTypeId: typeId, quantity: 2 }]), user?.cookie);
      if (admitted(role)) {
        expect(res.status, role).toBe(200);
        expect((await res.json<{ totalCents: number }>()).totalCents, role).toBe(24000);
      } else {
        expect(res.status, role).toBe(403);
        expect(await errorOf(res), role).toMatchObject({ code: "tier_required", field: "tickets.0.ticketTypeId" });
      }
    }
  });

  it("the checkout holds seats only for Inner Circle and admins; a refusal stores no checkout and holds nothing", async () => {
    const { typeId } = await circleType();
    const checkouts = async () => (await D1.prepare("SELECT count(*) AS n FROM store_checkouts").first<{ n: number }>())!.n;
    let held = 0;
    for (const role of BUYERS) {
      const user = await buyer(role);
      const before = await checkouts();
      const body = ticketCart([{ ticketTypeId: typeId, quantity: 2 }]);
      const res = await postCheckout(user ? body : { ...body, email: guestEmail() }, user?.cookie);
      if (admitted(role)) {
        expect(res.status, role).toBe(200);
        held += 2;
      } else {
        expect(res.status, role).toBe(403);
        expect((await errorOf(res)).code, role).toBe("tier_required");
        expect(await checkouts(), role).toBe(before);
      }
      expect(await remainingOf(typeId), role).toBe(50 - held);
    }
  });

  it("a tier the ladder no longer has admits nobody but admins (fails closed)", async () => {
    const { typeId } = await circleType();
    await D1.prepare("UPDATE ticket_types SET min_tier_id = 'gone-tier' WHERE id = ?1").bind(typeId).run();
    const circle = await buyer("innerCircle");
    const refused = await postQuote(ticketCart([{ ticketTypeId: typeId }]), circle!.cookie);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe("tier_required");
    expect((await postQuote(ticketCart([{ ticketTypeId: typeId }]), (await buyer("admin"))!.cookie)).status).toBe(200);
  });

  it("the public event answer names the type's tier in both languages; a type without one says null", async () => {
    const { eventId, typeId } = await circleType();
    const general = await seedTicketType(eventId, { position: 1 });
    const res = await call(`/api/events/${eventId}`);
    expect(res.status).toBe(200);
    const types = (await res.json<EventResponse>()).event.tickets!.types;
    expect(types.find((t) => t.id === typeId)!.minTier).toEqual({ id: "inner-circle", name: { en: "Inner Circle", ptBR: "Círculo Íntimo" } });
    expect(types.find((t) => t.id === general)!.minTier).toBeNull();
  });
});

describe("the back office's ticket type form", () => {
  const input: TicketTypeInput = { name: "Backstage", priceCents: 12000, quantity: 50 };
  const typeCount = async (eventId: string) =>
    (await D1.prepare("SELECT count(*) AS n FROM ticket_types WHERE event_id = ?1").bind(eventId).first<{ n: number }>())!.n;

  it("stores minTierId on create and edit, and clears it with null", async () => {
    const eventId = await seedTicketEvent();
    const admin = (await createUser("admin")).cookie;
    const created = await call(ticketTypesApi(eventId), { method: "POST", cookie: admin, json: { ...input, minTierId: "inner-circle" } });
    expect(created.status).toBe(201);
    const { ticketType } = await created.json<AdminTicketTypeResponse>();
    expect(ticketType.minTierId).toBe("inner-circle");
    const stored = () => D1.prepare("SELECT min_tier_id FROM ticket_types WHERE id = ?1").bind(ticketType.id).first<{ min_tier_id: string | null }>();
    expect(await stored()).toEqual({ min_tier_id: "inner-circle" });
    const edited = await call(ticketTypesApi(eventId, ticketType.id), { method: "PUT", cookie: admin, json: { ...input, minTierId: "vip" } });
    expect(edited.status).toBe(200);
    expect(await stored()).toEqual({ min_tier_id: "vip" });
    const cleared = await call(ticketTypesApi(eventId, ticketType.id), { method: "PUT", cookie: admin, json: { ...input, minTierId: null } });
    expect((await cleared.json<AdminTicketTypeResponse>()).ticketType.minTierId).toBeNull();
    expect(await stored()).toEqual({ min_tier_id: null });
  });

  it("an unknown tier is 400 tier_gate_unknown, the free tier or a malformed id a 400; nothing is stored", async () => {
    const eventId = await seedTicketEvent();
    const typeId = await seedTicketType(eventId);
    const admin = (await createUser("admin")).cookie;
    const unknown = await call(ticketTypesApi(eventId), { method: "POST", cookie: admin, json: { ...input, minTierId: "ghost" } });
    expect(unknown.status).toBe(400);
    expect(await errorOf(unknown)).toMatchObject({ code: "tier_gate_unknown", field: "minTierId" });
    const edit = await call(ticketTypesApi(eventId, typeId), { method: "PUT", cookie: admin, json: { ...input, minTierId: "ghost" } });
    expect(edit.status).toBe(400);
    expect((await errorOf(edit)).code).toBe("tier_gate_unknown");
    for (const minTierId of ["member", "Not An Id", 7]) {
      const res = await call(ticketTypesApi(eventId), { method: "POST", cookie: admin, json: { ...input, minTierId } });
      expect(res.status, String(minTierId)).toBe(400);
    }
    expect(await typeCount(eventId)).toBe(1);
    expect(await D1.prepare("SELECT name, min_tier_id FROM ticket_types WHERE id = ?1").bind(typeId).first()).toEqual({ name: "General", min_tier_id: null });
  });

  it("a member or a VIP of any tier may not set it (403); a visitor 401", async () => {
    const eventId = await seedTicketEvent();
    for (const [role, status] of [
      ["visitor", 401],
      ["member", 403],
      ["innerCircle", 403],
    ] as const) {
      const user = await buyer(role);
      const res = await call(ticketTypesApi(eventId), { method: "POST", cookie: user?.cookie, json: { ...input, minTierId: "inner-circle" } });
      expect(res.status, role).toBe(status);
    }
    expect(await typeCount(eventId)).toBe(0);
  });
});

describe("buying during a presale for Inner Circle and above (decision 108)", () => {
  const HOUR = 3_600_000;
  /** An ordinary $40 type of an event whose presale is open now, for `minTierId` and above (null: VIP). */
  async function presaleType(minTierId: string | null) {
    const now = Date.now();
    const eventId = await seedTicketEvent({ presale: { startsAt: now - HOUR, endsAt: now + 24 * HOUR, generalSaleAt: now + 48 * HOUR } });
    await D1.prepare("UPDATE events SET presale_min_tier_id = ?2 WHERE id = ?1").bind(eventId, minTierId).run();
    return seedTicketType(eventId, { name: "General", priceCents: 4000, quantity: 50 });
  }
  const EXPECTED: Record<Buyer, { circle: [number, string | null]; vip: [number, string | null] }> = {
    visitor: { circle: [403, "tickets_vip_only"], vip: [403, "tickets_vip_only"] },
    member: { circle: [403, "tickets_vip_only"], vip: [403, "tickets_vip_only"] },
    vip: { circle: [403, "tier_required"], vip: [200, null] },
    innerCircle: { circle: [200, null], vip: [200, null] },
    admin: { circle: [200, null], vip: [200, null] },
  };

  it.each(BUYERS)("%s: the presale at Inner Circle and the one at VIP; a refusal holds nothing", async (role) => {
    const user = await buyer(role);
    for (const which of ["circle", "vip"] as const) {
      const typeId = await presaleType(which === "circle" ? "inner-circle" : null);
      const body = ticketCart([{ ticketTypeId: typeId, quantity: 2 }]);
      const res = await postCheckout(user ? body : { ...body, email: guestEmail() }, user?.cookie);
      const [status, code] = EXPECTED[role][which];
      expect(res.status, which).toBe(status);
      if (code) expect(await errorOf(res), which).toMatchObject({ code, field: "tickets.0.ticketTypeId" });
      expect(await remainingOf(typeId), which).toBe(status === 200 ? 48 : 50);
    }
  });

  it("once the general sale opens, the presale's tier asks nothing more", async () => {
    const now = Date.now();
    const eventId = await seedTicketEvent({ presale: { startsAt: now - 48 * HOUR, endsAt: now - 24 * HOUR, generalSaleAt: now - HOUR } });
    await D1.prepare("UPDATE events SET presale_min_tier_id = 'inner-circle' WHERE id = ?1").bind(eventId).run();
    const typeId = await seedTicketType(eventId, { name: "General", priceCents: 4000, quantity: 50 });
    const res = await postQuote(ticketCart([{ ticketTypeId: typeId }]), (await buyer("member"))!.cookie);
    expect(res.status).toBe(200);
  });
});
