// /api/waitlist/places (decision 185): joining, reading and leaving a sold-out type's list. Members
// only (a visitor and a banned member 401); a VIP-only type takes VIPs and admins, a tier type its
// tier and up; one place per member and type, 50 racing joins leaving one each; bad input a 400
// with nothing stored; another member's place a 404; the list closes before the show by the clock.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createUser, errorOf, type TestUser } from "./helpers";
import { createRole, freezeClock, setClock } from "./check-in-fixtures";
import { addInnerCircle } from "./tier-fixtures";
import { seedTicketType } from "./ticket-fixtures";
import { D1, DAY, expectRefused, join, leave, place, places, soldOutShow, waiting, waitlistState, type Show } from "./waitlist-fixtures";
import { WAITLIST_CLOSES_BEFORE_START_MS, type WaitlistPlaceResponse, type WaitlistPlacesResponse } from "../../worker/contracts/waitlist/model";

afterEach(() => {
  vi.useRealTimers();
});

describe("who may join", () => {
  let show: Show;
  beforeAll(async () => {
    show = await soldOutShow();
  });

  it("a visitor and a banned member: 401 on every route, nothing stored", async () => {
    const banned = await createUser("banned");
    const { placeId } = await waiting(show);
    const before = await waitlistState();
    for (const cookie of [undefined, banned.cookie]) {
      await expectRefused(await places(cookie), 401, "unauthorized");
      await expectRefused(await join({ ticketTypeId: show.typeId }, cookie), 401, "unauthorized");
      await expectRefused(await place(placeId, cookie), 401, "unauthorized");
      await expectRefused(await leave(placeId, cookie), 401, "unauthorized");
    }
    expect(await waitlistState()).toEqual(before);
  });

  it.each(["user", "vip", "admin", "door"] as const)("%s joins once; a second join is 409 waitlist_already_joined", async (role) => {
    const me = await createRole(role);
    const res = await join({ ticketTypeId: show.typeId, quantity: 2 }, me.cookie);
    expect(res.status).toBe(201);
    const body = await res.json<WaitlistPlaceResponse>();
    expect(body.place).toMatchObject({ ticketTypeId: show.typeId, eventId: show.eventId, quantity: 2, offer: null });
    expect(["few", "some", "many"]).toContain(body.place.busy);
    expect(Object.keys(body.place).sort()).toEqual(["busy", "eventId", "id", "joinedAt", "offer", "quantity", "ticketTypeId"]);
    const before = await waitlistState();
    await expectRefused(await join({ ticketTypeId: show.typeId, quantity: 1 }, me.cookie), 409, "waitlist_already_joined");
    expect(await waitlistState()).toEqual(before);
  });

  it("a VIP-only type: a free member 403 tickets_vip_only; VIP and admin join", async () => {
    const vipShow = await soldOutShow({}, { vipOnly: true });
    const before = await waitlistState();
    await expectRefused(await join({ ticketTypeId: vipShow.typeId }, (await createUser("user")).cookie), 403, "tickets_vip_only");
    expect(await waitlistState()).toEqual(before);
    for (const role of ["vip", "admin"] as const) expect((await join({ ticketTypeId: vipShow.typeId }, (await createUser(role)).cookie)).status).toBe(201);
  });

  it("a type for Inner Circle and up: a member and a VIP 403 tier_required; Inner Circle and admin join", async () => {
    await addInnerCircle();
    const circle = await soldOutShow();
    await D1.prepare("UPDATE ticket_types SET min_tier_id = 'inner-circle' WHERE id = ?1").bind(circle.typeId).run();
    const before = await waitlistState();
    for (const role of ["user", "vip"] as const) {
      await expectRefused(await join({ ticketTypeId: circle.typeId }, (await createUser(role)).cookie), 403, "tier_required");
    }
    expect(await waitlistState()).toEqual(before);
    expect((await join({ ticketTypeId: circle.typeId }, (await createUser("vip", { tierId: "inner-circle" })).cookie)).status).toBe(201);
    expect((await join({ ticketTypeId: circle.typeId }, (await createUser("admin")).cookie)).status).toBe(201);
  });
});

describe("what a join refuses, storing nothing", () => {
  let me: TestUser;
  let show: Show;
  beforeAll(async () => {
    me = await createUser("user");
    show = await soldOutShow();
  });

  it.each([
    [{}, 400, "invalid_input"],
    [{ ticketTypeId: "nope" }, 400, "invalid_input"],
    [{ ticketTypeId: crypto.randomUUID(), quantity: 0 }, 400, "waitlist_quantity_invalid"],
    [{ ticketTypeId: crypto.randomUUID(), quantity: 21 }, 400, "waitlist_quantity_invalid"],
    [{ ticketTypeId: crypto.randomUUID(), quantity: 1.5 }, 400, "waitlist_quantity_invalid"],
    [{ ticketTypeId: crypto.randomUUID(), extra: 1 }, 400, "invalid_input"],
    [{ ticketTypeId: crypto.randomUUID() }, 404, "waitlist_type_not_found"],
  ])("%j → %i %s", async (json, status, code) => {
    const before = await waitlistState();
    await expectRefused(await join(json, me.cookie), status, code);
    expect(await waitlistState()).toEqual(before);
  });

  it("more than the type's per-order limit: 400 quantity_over_limit with the limit", async () => {
    const before = await waitlistState();
    const res = await join({ ticketTypeId: show.typeId, quantity: 5 }, me.cookie);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: "quantity_over_limit", field: "quantity", params: { limit: 4 } });
    expect(await waitlistState()).toEqual(before);
  });

  it("a type not sold out: 409 waitlist_not_sold_out; a full venue counts as sold out", async () => {
    const open = await soldOutShow({}, { remaining: 3 });
    const before = await waitlistState();
    await expectRefused(await join({ ticketTypeId: open.typeId }, me.cookie), 409, "waitlist_not_sold_out");
    expect(await waitlistState()).toEqual(before);
    const full = await soldOutShow({ venueCapacity: 5, ticketsTaken: 5 }, { remaining: 3 });
    expect((await join({ ticketTypeId: full.typeId }, me.cookie)).status).toBe(201);
  });

  it("a draft's type is 404; a cancelled show's list and one past its closing time are 409 waitlist_closed", async () => {
    const draft = await soldOutShow({ status: "draft" });
    const cancelled = await soldOutShow({ status: "cancelled" });
    const before = await waitlistState();
    await expectRefused(await join({ ticketTypeId: draft.typeId }, me.cookie), 404, "waitlist_type_not_found");
    await expectRefused(await join({ ticketTypeId: cancelled.typeId }, me.cookie), 409, "waitlist_closed");
    expect(await waitlistState()).toEqual(before);
  });

  it("the list closes WAITLIST_CLOSES_BEFORE_START_MS before the show, by the clock", async () => {
    const start = Date.now() + 3 * DAY;
    const soon = await soldOutShow({ eventDate: start });
    const closes = start - WAITLIST_CLOSES_BEFORE_START_MS;
    freezeClock(closes);
    const before = await waitlistState();
    await expectRefused(await join({ ticketTypeId: soon.typeId }, me.cookie), 409, "waitlist_closed");
    expect(await waitlistState()).toEqual(before);
    setClock(closes - 1);
    expect((await join({ ticketTypeId: soon.typeId }, me.cookie)).status).toBe(201);
  });
});

describe("my places", () => {
  it("lists my open places with a busy bucket and nobody else's; another member's place is 404", async () => {
    const show = await soldOutShow();
    const other = await soldOutShow();
    const me = await createUser("user");
    const mine = await waiting(show, 2, me);
    const theirs = await waiting(show);
    const body = await (await places(me.cookie)).json<WaitlistPlacesResponse>();
    expect(body.places.map((p) => p.id)).toEqual([mine.placeId]);
    expect(body.places[0]!.busy).toBe("few");
    expect(JSON.stringify(body)).not.toContain(theirs.user.username);
    expect(JSON.stringify(body)).not.toContain(theirs.user.id);

    await expectRefused(await place(theirs.placeId, me.cookie), 404, "waitlist_place_not_found");
    await expectRefused(await place("nope", me.cookie), 404, "waitlist_place_not_found");
    const before = await waitlistState();
    await expectRefused(await leave(theirs.placeId, me.cookie), 404, "waitlist_place_not_found");
    expect(await waitlistState()).toEqual(before);

    // Busy, never a position: many once more than 20 wait.
    for (let i = 0; i < 21; i++) await waiting(other);
    const mineThere = await waiting(other, 1, me);
    expect((await (await place(mineThere.placeId, me.cookie)).json<WaitlistPlaceResponse>()).place.busy).toBe("many");
  }, 60_000);

  it("leaving closes the place (204), a second leave is 404, and the member may join again", async () => {
    const show = await soldOutShow();
    const { user, placeId } = await waiting(show);
    expect((await leave(placeId, user.cookie)).status).toBe(204);
    await expectRefused(await leave(placeId, user.cookie), 404, "waitlist_place_not_found");
    await expectRefused(await place(placeId, user.cookie), 404, "waitlist_place_not_found");
    expect((await (await places(user.cookie)).json<WaitlistPlacesResponse>()).places).toEqual([]);
    const again = await waiting(show, 1, user);
    expect(again.placeId).not.toBe(placeId);
  });
});

describe("racing joins", () => {
  it("50 members joining one type at once, each twice: one place each", async () => {
    const show = await soldOutShow();
    const members = await Promise.all(Array.from({ length: 50 }, () => createUser("user")));
    const answers = await Promise.all(members.flatMap((m) => [join({ ticketTypeId: show.typeId }, m.cookie), join({ ticketTypeId: show.typeId }, m.cookie)]));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(50);
    expect(statuses.filter((s) => s === 409)).toHaveLength(50);
    const rows = await D1.prepare("SELECT user_id, count(*) AS n FROM waitlist_places WHERE ticket_type_id = ?1 GROUP BY user_id")
      .bind(show.typeId)
      .all<{ n: number }>();
    expect(rows.results).toHaveLength(50);
    expect(rows.results.every((r) => r.n === 1)).toBe(true);
  }, 60_000);

  it("a second type of the same show is a list of its own", async () => {
    const show = await soldOutShow();
    const second = await seedTicketType(show.eventId, { name: "Balcony", quantity: 5, remaining: 0 });
    const { user } = await waiting(show);
    expect((await join({ ticketTypeId: second }, user.cookie)).status).toBe(201);
  });
});
