// Helpers of the waitlist tests (decision 185): sold-out shows written with raw SQL, the routes
// called as a member, and what the waitlist's tables hold, to prove a refusal stored nothing.
import { expect } from "vitest";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { D1 } from "./check-in-fixtures";
import { insertIssuedTickets, seedTicketEvent, seedTicketType, type TicketEventSeed, type TicketTypeSeed } from "./ticket-fixtures";

export { D1 };
export const DAY = 24 * 60 * 60 * 1000;

export type Show = { eventId: string; typeId: string };

/** A published show 30 days ahead whose General type ($25, up to 4 an order) is sold out. */
export async function soldOutShow(event: TicketEventSeed = {}, type: TicketTypeSeed = {}): Promise<Show> {
  const eventId = await seedTicketEvent(event);
  const typeId = await seedTicketType(eventId, { quantity: 10, remaining: 0, perOrderLimit: 4, ...type });
  return { eventId, typeId };
}

export const places = (cookie?: string) => call("/api/waitlist/places", { cookie });
export const place = (id: string, cookie?: string) => call(`/api/waitlist/places/${id}`, { cookie });
export const join = (json: unknown, cookie?: string) => call("/api/waitlist/places", { method: "POST", json, cookie });
export const leave = (id: string, cookie?: string) => call(`/api/waitlist/places/${id}`, { method: "DELETE", cookie });
export const handBack = (ticketId: string, cookie?: string) => call("/api/waitlist/returns", { method: "POST", json: { ticketId }, cookie });
export const myReturns = (cookie?: string) => call("/api/waitlist/returns", { cookie });
export const withdraw = (id: string, cookie?: string) => call(`/api/waitlist/returns/${id}`, { method: "DELETE", cookie });
export const decline = (id: string, cookie?: string) => call(`/api/waitlist/offers/${id}/decline`, { method: "POST", cookie });

export async function expectRefused(res: Response, status: number, code: string) {
  expect(res.status, `${code}: ${await res.clone().text()}`).toBe(status);
  expect((await errorOf(res)).code).toBe(code);
}

/** A member on the type's list, asking for `quantity`. */
export async function waiting(show: Show, quantity = 1, user?: TestUser): Promise<{ user: TestUser; placeId: string }> {
  const member = user ?? (await createUser("user"));
  const res = await join({ ticketTypeId: show.typeId, quantity }, member.cookie);
  expect(res.status, await res.clone().text()).toBe(201);
  return { user: member, placeId: (await res.json<{ place: { id: string } }>()).place.id };
}

/** A member holding `count` valid tickets of the type, bought in one order at $25 each. */
export async function holder(show: Show, count = 1, user?: TestUser) {
  const member = user ?? (await createUser("user"));
  // The seats were sold before the type sold out: the fixture takes them again, leaving it sold out.
  await D1.prepare("UPDATE ticket_types SET remaining = remaining + ?2 WHERE id = ?1").bind(show.typeId, count).run();
  const seed = { eventId: show.eventId, ticketTypeId: show.typeId, userId: member.id, email: member.email, count };
  // A claim numbers its order after the highest, which the fixture's serial may take next: draw again.
  const order = await insertIssuedTickets(seed).catch(() => insertIssuedTickets(seed));
  return { user: member, ...order };
}

const countOf = async (table: string) => (await D1.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

/** Everything the waitlist writes, counted. */
export async function waitlistState() {
  return {
    places: await countOf("waitlist_places"),
    openPlaces: (await D1.prepare("SELECT count(*) AS n FROM waitlist_places WHERE left_at IS NULL").first<{ n: number }>())!.n,
    returns: await countOf("ticket_returns"),
    offers: await countOf("waitlist_offers"),
    items: await countOf("waitlist_offer_items"),
  };
}

export const offersOf = async (typeId: string) =>
  (
    await D1.prepare(
      "SELECT id, place_id, user_id, quantity, total_cents, status, hold_until FROM waitlist_offers WHERE ticket_type_id = ?1 ORDER BY created_at, rowid",
    )
      .bind(typeId)
      .all<{ id: string; place_id: string; user_id: string; quantity: number; total_cents: number; status: string; hold_until: number }>()
  ).results;
