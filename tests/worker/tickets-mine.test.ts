// /api/tickets (decision 055, part "mytickets"): the tickets a member holds. Who may read and
// change them (visitor and banned 401; another member's ticket 404 like an unknown one; door staff
// and admins are members here), guest tickets claimed by a verified address only, the name at the
// door until the doors open (fake clock at each boundary), transfers (the owner moves, a new code
// and token version, so the old QR no longer matches; every refusal changes nothing; two racing
// transfers of one ticket: one wins), the recipient's mail, the rate limit, and what an account
// deletion leaves of a member's tickets.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { count, createRole, D1, DOOR_ROLES, exec, freezeClock, row, rows, SECRET, setClock, type DoorRole } from "./check-in-fixtures";
import { insertIssuedTickets, seedTicketEvent, seedTicketType } from "./ticket-fixtures";
import { verifyTicketToken } from "../../worker/lib/ticket-token";
import { createDb } from "../../worker/db/client";
import { deleteMemberAccount, DELETED_MEMBER } from "../../worker/db/member-data";
import { TICKET_CODE_PATTERN } from "../../worker/contracts/tickets/event-tickets-model";
import { TICKET_TRANSFER_RATE_LIMIT, type MyTicketResponse, type MyTicketsResponse } from "../../worker/contracts/tickets/mine-model";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const list = (cookie?: string, lang = "en") => call(`/api/tickets?lang=${lang}`, { cookie });
const one = (id: string, cookie?: string, lang = "en") => call(`/api/tickets/${id}?lang=${lang}`, { cookie });
const putHolder = (id: string, json: unknown, cookie?: string) => call(`/api/tickets/${id}/holder`, { method: "PUT", json, cookie });
const transfer = (id: string, json: unknown, cookie?: string) => call(`/api/tickets/${id}/transfer`, { method: "POST", json, cookie });

async function listOf(user: TestUser, lang = "en"): Promise<MyTicketsResponse> {
  const res = await list(user.cookie, lang);
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  return res.json<MyTicketsResponse>();
}
const idsOf = (body: MyTicketsResponse) => [...body.upcoming, ...body.past].flatMap((g) => g.tickets.map((t) => t.id));

async function expectRefused(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect((await errorOf(res)).code).toBe(code);
}

type StoredTicket = {
  owner_user_id: string | null;
  owner_email: string;
  buyer_user_id: string | null;
  buyer_email: string;
  code: string;
  token_version: number;
  holder_name: string | null;
  transferred_at: number | null;
  status: string;
};
const stored = (id: string) => row<StoredTicket>("SELECT * FROM event_tickets WHERE id = ?1", id).then((r) => r!);

/** An event `inMs` from now (real time unless the clock is frozen) with one General type. */
async function showIn(inMs: number, seed: Parameters<typeof seedTicketEvent>[0] = {}) {
  const eventDate = Date.now() + inMs;
  const eventId = await seedTicketEvent({ eventDate, ...seed });
  const typeId = await seedTicketType(eventId);
  return { eventId, typeId, eventDate };
}

/** `count` tickets bought (and held) by a member. */
async function ticketsOf(user: TestUser, show: { eventId: string; typeId: string }, extra: Partial<Parameters<typeof insertIssuedTickets>[0]> = {}) {
  const { tickets } = await insertIssuedTickets({ eventId: show.eventId, ticketTypeId: show.typeId, userId: user.id, email: user.email, ...extra });
  return tickets;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("who may use /api/tickets", () => {
  let show: { eventId: string; typeId: string };
  let someone: TestUser;
  let theirTicket: string;

  beforeAll(async () => {
    show = await showIn(10 * DAY);
    someone = await createUser("user");
    theirTicket = (await ticketsOf(someone, show))[0]!.id;
  });

  it("a visitor and a banned member: 401 on every route, nothing changed", async () => {
    const banned = await createUser("banned");
    const before = await stored(theirTicket);
    for (const cookie of [undefined, banned.cookie]) {
      await expectRefused(await list(cookie), 401, "unauthorized");
      await expectRefused(await one(theirTicket, cookie), 401, "unauthorized");
      await expectRefused(await putHolder(theirTicket, { holderName: "X" }, cookie), 401, "unauthorized");
      await expectRefused(await transfer(theirTicket, { username: someone.username }, cookie), 401, "unauthorized");
    }
    expect(await stored(theirTicket)).toEqual(before);
  });

  const members = DOOR_ROLES.filter((r): r is Exclude<DoorRole, "visitor" | "banned"> => r !== "visitor" && r !== "banned");
  it.each(members)("%s: sees and changes only their own tickets; another's is 404 ticket_not_found", async (role) => {
    const me = await createRole(role);
    expect(await listOf(me)).toEqual({ upcoming: [], past: [] });
    const [mine] = await ticketsOf(me, show);
    const body = await listOf(me);
    expect(idsOf(body)).toEqual([mine!.id]);

    const before = await stored(theirTicket);
    await expectRefused(await one(theirTicket, me.cookie), 404, "ticket_not_found");
    await expectRefused(await putHolder(theirTicket, { holderName: "Stolen" }, me.cookie), 404, "ticket_not_found");
    const other = await createUser("user");
    await expectRefused(await transfer(theirTicket, { username: other.username }, me.cookie), 404, "ticket_not_found");
    await expectRefused(await one("no-such-ticket", me.cookie), 404, "ticket_not_found");
    await expectRefused(await one("x".repeat(65), me.cookie), 404, "ticket_not_found");
    expect(await stored(theirTicket)).toEqual(before);

    expect((await one(mine!.id, me.cookie)).status).toBe(200);
    expect((await putHolder(mine!.id, { holderName: "Me" }, me.cookie)).status).toBe(200);
  });
});

describe("what a member's tickets answer", () => {
  it("groups by event, upcoming soonest first then past latest first, with status, code and a QR only while it admits", async () => {
    const me = await createUser("user");
    const later = await showIn(20 * DAY, { title: "Later show" });
    const sooner = await showIn(5 * DAY, { title: "Sooner show" });
    const past = await showIn(-10 * DAY, { title: "Old show" });
    const older = await showIn(-40 * DAY, { title: "Older show" });
    const [valid] = await ticketsOf(me, sooner, { holderName: "Ana Souza" });
    const [used] = await ticketsOf(me, sooner, { checkedInAt: Date.now() - HOUR });
    const [refunded] = await ticketsOf(me, later, { status: "refunded" });
    const [cancelled] = await ticketsOf(me, past, { status: "cancelled" });
    await ticketsOf(me, older);

    const body = await listOf(me);
    expect(body.upcoming.map((g) => g.event.title)).toEqual(["Sooner show", "Later show"]);
    expect(body.past.map((g) => g.event.title)).toEqual(["Old show", "Older show"]);
    const [first, second] = body.upcoming[0]!.tickets;
    expect(first).toMatchObject({
      id: valid!.id,
      code: valid!.code,
      status: "valid",
      checkedInAt: null,
      typeName: "General",
      priceCents: 2500,
      currency: "usd",
      holderName: "Ana Souza",
      bought: true,
      transferredAt: null,
      editable: true,
      transferable: true,
    });
    expect(await verifyTicketToken(SECRET, first!.token!)).toEqual({ ticketId: valid!.id, eventId: sooner.eventId, version: 1 });
    expect(second).toMatchObject({ id: used!.id, status: "checked_in", token: null, editable: false, transferable: false });
    expect(second!.checkedInAt).not.toBeNull();
    expect(body.upcoming[1]!.tickets[0]).toMatchObject({ id: refunded!.id, status: "refunded", token: null, editable: false });
    expect(body.past[0]!.tickets[0]).toMatchObject({ id: cancelled!.id, status: "cancelled", token: null });
    expect(body.upcoming[0]!.event).toMatchObject({
      id: sooner.eventId,
      startsAt: new Date(sooner.eventDate).toISOString(),
      timeZone: "America/New_York",
      status: "published",
      isOnline: false,
      venueName: "Club Fixture",
      venueCity: "Miami",
    });

    const single = await (await one(valid!.id, me.cookie)).json<MyTicketResponse>();
    // The same answer; the token is signed afresh (its issue time may be a second later) for the same claims.
    expect({ ...single.ticket, token: null }).toEqual({ ...first, token: null });
    expect(await verifyTicketToken(SECRET, single.ticket.token!)).toEqual({ ticketId: valid!.id, eventId: sooner.eventId, version: 1 });
    expect(single.event).toEqual(body.upcoming[0]!.event);
  });

  it("in Portuguese: the type's and the event's Portuguese names", async () => {
    const me = await createUser("user");
    const show = await showIn(3 * DAY, { title: "Summer show" });
    await exec("UPDATE events SET title_pt_br = 'Show de verão' WHERE id = ?1", show.eventId);
    await ticketsOf(me, show);
    const body = await listOf(me, "pt-BR");
    expect(body.upcoming[0]!.event.title).toBe("Show de verão");
    expect(body.upcoming[0]!.tickets[0]!.typeName).toBe("Pista");
  });
});

describe("guest tickets", () => {
  it("are claimed by a verified address on reading, with their order", async () => {
    const show = await showIn(7 * DAY);
    const member = await createUser("user");
    const { orderId, tickets } = await insertIssuedTickets({
      eventId: show.eventId,
      ticketTypeId: show.typeId,
      userId: null,
      email: member.email.toUpperCase(),
      count: 2,
    });
    const body = await listOf(member);
    expect(idsOf(body).sort()).toEqual(tickets.map((t) => t.id).sort());
    expect(body.upcoming[0]!.tickets.every((t) => t.bought && t.token !== null)).toBe(true);
    for (const t of tickets) expect(await stored(t.id)).toMatchObject({ owner_user_id: member.id, buyer_user_id: member.id });
    expect((await row<{ user_id: string }>("SELECT user_id FROM orders WHERE id = ?1", orderId))!.user_id).toBe(member.id);
  });

  it("are not shown to, nor claimed by, a member whose address is not verified", async () => {
    const show = await showIn(7 * DAY);
    const member = await createUser("user", { unverified: true });
    const { tickets } = await insertIssuedTickets({ eventId: show.eventId, ticketTypeId: show.typeId, userId: null, email: member.email });
    expect(await listOf(member)).toEqual({ upcoming: [], past: [] });
    await expectRefused(await one(tickets[0]!.id, member.cookie), 404, "ticket_not_found");
    expect(await stored(tickets[0]!.id)).toMatchObject({ owner_user_id: null, buyer_user_id: null });
  });

  it("a ticket handed on stays with its holder: claiming the buyer's address takes only what it still holds", async () => {
    const show = await showIn(7 * DAY);
    const buyer = await createUser("user", { unverified: true });
    const holder = await createUser("user");
    const { tickets } = await insertIssuedTickets({ eventId: show.eventId, ticketTypeId: show.typeId, userId: null, email: buyer.email, count: 2 });
    await exec("UPDATE event_tickets SET owner_user_id = ?2, owner_email = ?3 WHERE id = ?1", tickets[1]!.id, holder.id, holder.email);
    await exec("UPDATE users SET email_verified_at = ?2 WHERE id = ?1", buyer.id, Date.now());
    expect(idsOf(await listOf(buyer))).toEqual([tickets[0]!.id]);
    expect(await stored(tickets[1]!.id)).toMatchObject({ owner_user_id: holder.id, buyer_user_id: buyer.id });
  });
});

describe("the name at the door", () => {
  it("is the owner's to set, change and clear until the doors open (the event's start), then 409 ticket_holder_locked", async () => {
    const me = await createUser("user");
    const show = await showIn(2 * DAY);
    const [t] = await ticketsOf(me, show);
    const id = t!.id;
    freezeClock(show.eventDate - 1);
    const res = await putHolder(id, { holderName: "  Maria  Silva " }, me.cookie);
    expect(res.status).toBe(200);
    expect((await res.json<MyTicketResponse>()).ticket).toMatchObject({ holderName: "Maria  Silva", editable: true });
    expect((await stored(id)).holder_name).toBe("Maria  Silva");
    expect((await putHolder(id, { holderName: "" }, me.cookie)).status).toBe(200);
    expect((await stored(id)).holder_name).toBeNull();
    expect((await putHolder(id, { holderName: "João" }, me.cookie)).status).toBe(200);

    setClock(show.eventDate);
    await expectRefused(await putHolder(id, { holderName: "Too late" }, me.cookie), 409, "ticket_holder_locked");
    expect((await (await one(id, me.cookie)).json<MyTicketResponse>()).ticket).toMatchObject({ editable: false, transferable: false, status: "valid" });
    setClock(show.eventDate + HOUR);
    await expectRefused(await putHolder(id, { holderName: null }, me.cookie), 409, "ticket_holder_locked");
    expect((await stored(id)).holder_name).toBe("João");
  });

  it.each([
    ["refunded", { status: "refunded" as const }],
    ["cancelled", { status: "cancelled" as const }],
    ["checked in", { checkedInAt: Date.now() - HOUR }],
  ])("not on a %s ticket: 409 ticket_inactive", async (_, seed) => {
    const me = await createUser("user");
    const [t] = await ticketsOf(me, await showIn(2 * DAY), { ...seed, holderName: "Kept" });
    await expectRefused(await putHolder(t!.id, { holderName: "New" }, me.cookie), 409, "ticket_inactive");
    expect((await stored(t!.id)).holder_name).toBe("Kept");
  });

  it("bad input: a clear 400 and nothing stored", async () => {
    const me = await createUser("user");
    const [t] = await ticketsOf(me, await showIn(2 * DAY), { holderName: "Kept" });
    const tooLong = await putHolder(t!.id, { holderName: "x".repeat(81) }, me.cookie);
    expect(tooLong.status).toBe(400);
    expect(await errorOf(tooLong)).toMatchObject({ code: "ticket_holder_name_too_long", field: "holderName", params: { max: 80 } });
    await expectRefused(await putHolder(t!.id, { holderName: "a\u0000b" }, me.cookie), 400, "invalid_characters");
    await expectRefused(await putHolder(t!.id, { holderName: 5 }, me.cookie), 400, "invalid_input");
    await expectRefused(await putHolder(t!.id, { holderName: "A", extra: 1 }, me.cookie), 400, "invalid_input");
    await expectRefused(await putHolder(t!.id, {}, me.cookie), 400, "invalid_input");
    expect((await putHolder(t!.id, { holderName: "x".repeat(80) }, me.cookie)).status).toBe(200);
    expect((await stored(t!.id)).holder_name).toBe("x".repeat(80));
  });
});

describe("transferring a ticket", () => {
  it("moves the owner in one write: a new code and token version, the old QR stops, the recipient is mailed in their language", async () => {
    const sender = await createUser("user");
    const recipient = await createUser("user");
    await exec("UPDATE users SET locale = 'pt-BR' WHERE id = ?1", recipient.id);
    const show = await showIn(4 * DAY, { title: "Transfer show" });
    await exec("UPDATE events SET title_pt_br = 'Show da transferência' WHERE id = ?1", show.eventId);
    const [t] = await ticketsOf(sender, show, { holderName: "Sender Name" });
    const oldToken = (await listOf(sender)).upcoming[0]!.tickets[0]!.token!;

    const res = await transfer(t!.id, { username: recipient.username.toUpperCase() }, sender.cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ transferred: true, to: recipient.username });

    const after = await stored(t!.id);
    expect(after).toMatchObject({
      owner_user_id: recipient.id,
      owner_email: recipient.email,
      buyer_user_id: sender.id,
      buyer_email: sender.email,
      token_version: 2,
      holder_name: null,
      status: "valid",
    });
    expect(after.code).not.toBe(t!.code);
    expect(after.code).toMatch(TICKET_CODE_PATTERN);
    expect(after.transferred_at).not.toBeNull();
    // The old QR still verifies as a token, but its version is no longer the ticket's: the door refuses it.
    expect((await verifyTicketToken(SECRET, oldToken))!.version).toBe(1);
    expect(after.token_version).not.toBe(1);

    expect(await listOf(sender)).toEqual({ upcoming: [], past: [] });
    await expectRefused(await one(t!.id, sender.cookie), 404, "ticket_not_found");
    const theirs = (await listOf(recipient)).upcoming[0]!.tickets[0]!;
    expect(theirs).toMatchObject({ id: t!.id, code: after.code, bought: false, holderName: null });
    expect(await verifyTicketToken(SECRET, theirs.token!)).toEqual({ ticketId: t!.id, eventId: show.eventId, version: 2 });

    await vi.waitFor(
      async () => {
        const mail = await row<{ subject: string; text_body: string }>("SELECT subject, text_body FROM mail_outbox WHERE to_address = ?1", recipient.email);
        expect(mail).not.toBeNull();
        expect(mail!.subject).toBe("Um ingresso para Show da transferência é seu");
        expect(mail!.text_body).toContain(`${sender.username} transferiu para você um ingresso para Show da transferência.`);
        expect(mail!.text_body).toContain(after.code);
        expect(mail!.text_body).toContain(`/tickets/${t!.id}`);
        expect(mail!.text_body).not.toContain(t!.code);
      },
      { timeout: 5000, interval: 50 },
    );
  });

  it("refusals: itself, unknown or banned recipient, refunded, used, after the start, someone else's; nothing changes", async () => {
    const sender = await createUser("user");
    const friend = await createUser("user");
    const banned = await createUser("banned");
    const show = await showIn(4 * DAY);
    const [t, refunded, used] = [
      ...(await ticketsOf(sender, show)),
      ...(await ticketsOf(sender, show, { status: "refunded" })),
      ...(await ticketsOf(sender, show, { checkedInAt: Date.now() - HOUR })),
    ];
    const [friends] = await ticketsOf(friend, show);
    const before = await Promise.all([t, refunded, used, friends].map((x) => stored(x!.id)));

    await expectRefused(await transfer(t!.id, { username: sender.username }, sender.cookie), 400, "ticket_transfer_to_self");
    await expectRefused(await transfer(t!.id, { username: "nobody_by_that_name" }, sender.cookie), 404, "ticket_recipient_not_found");
    await expectRefused(await transfer(t!.id, { username: banned.username }, sender.cookie), 404, "ticket_recipient_not_found");
    await expectRefused(await transfer(refunded!.id, { username: friend.username }, sender.cookie), 409, "ticket_inactive");
    await expectRefused(await transfer(used!.id, { username: friend.username }, sender.cookie), 409, "ticket_inactive");
    await expectRefused(await transfer(friends!.id, { username: friend.username }, sender.cookie), 404, "ticket_not_found");
    await expectRefused(await transfer(t!.id, { username: "" }, sender.cookie), 400, "username_required");
    await expectRefused(await transfer(t!.id, { username: "no spaces" }, sender.cookie), 400, "username_pattern");
    await expectRefused(await transfer(t!.id, { email: friend.email }, sender.cookie), 400, "invalid_input");

    freezeClock(show.eventDate);
    await expectRefused(await transfer(t!.id, { username: friend.username }, sender.cookie), 409, "ticket_transfer_closed");
    setClock(show.eventDate + DAY);
    await expectRefused(await transfer(t!.id, { username: friend.username }, sender.cookie), 409, "ticket_transfer_closed");

    expect(await Promise.all([t, refunded, used, friends].map((x) => stored(x!.id)))).toEqual(before);
    expect(await count("SELECT count(*) AS n FROM mail_outbox WHERE to_address IN (?1, ?2)", friend.email, banned.email)).toBe(0);
  });

  it("just before the start it still goes", async () => {
    const sender = await createUser("user");
    const friend = await createUser("user");
    const show = await showIn(4 * DAY);
    const [t] = await ticketsOf(sender, show);
    freezeClock(show.eventDate - 1);
    expect((await transfer(t!.id, { username: friend.username }, sender.cookie)).status).toBe(200);
    expect((await stored(t!.id)).owner_user_id).toBe(friend.id);
  });

  it("two racing transfers of one ticket: one wins, the other is 404 and nothing of it is stored", async () => {
    const sender = await createUser("user");
    const [a, b] = await Promise.all([createUser("user"), createUser("user")]);
    const [t] = await ticketsOf(sender, await showIn(4 * DAY));
    const answers = await Promise.all([transfer(t!.id, { username: a.username }, sender.cookie), transfer(t!.id, { username: b.username }, sender.cookie)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 404]);
    const loser = answers.find((r) => r.status === 404)!;
    expect((await errorOf(loser)).code).toBe("ticket_not_found");
    const winner = (await answers.find((r) => r.status === 200)!.json<{ to: string }>()).to;
    const after = await stored(t!.id);
    expect(after.owner_user_id).toBe(winner === a.username ? a.id : b.id);
    expect(after.token_version).toBe(2);
  });

  it(`past ${TICKET_TRANSFER_RATE_LIMIT[0]} transfers an hour: 429 rate_limited, the ticket stays`, async () => {
    const sender = await createUser("user");
    const friend = await createUser("user");
    const show = await showIn(4 * DAY);
    const { tickets } = await insertIssuedTickets({
      eventId: show.eventId,
      ticketTypeId: show.typeId,
      userId: sender.id,
      email: sender.email,
      count: TICKET_TRANSFER_RATE_LIMIT[0] + 1,
    });
    for (const t of tickets.slice(0, -1)) expect((await transfer(t.id, { username: friend.username }, sender.cookie)).status).toBe(200);
    const last = tickets.at(-1)!;
    await expectRefused(await transfer(last.id, { username: friend.username }, sender.cookie), 429, "rate_limited");
    expect((await stored(last.id)).owner_user_id).toBe(sender.id);
  });
});

describe("deleting an account", () => {
  it("keeps the tickets for the accounts without the member's address or name; a later account with that address cannot claim them", async () => {
    const member = await createUser("user");
    const friend = await createUser("user");
    const show = await showIn(6 * DAY);
    const [held] = await ticketsOf(member, show, { holderName: "Member Name" });
    // Bought by the member, held by a friend now.
    const [given] = await ticketsOf(member, show, { ownerUserId: friend.id, ownerEmail: friend.email, holderName: "Friend Name" });
    // Bought by someone else for the member's address, never claimed.
    const { tickets: guest } = await insertIssuedTickets({ eventId: show.eventId, ticketTypeId: show.typeId, userId: null, email: member.email });

    expect(await deleteMemberAccount(createDb(D1), { id: member.id, email: member.email, username: member.username })).toBe("deleted");

    expect(await stored(held!.id)).toMatchObject({
      owner_user_id: null,
      owner_email: DELETED_MEMBER,
      buyer_user_id: null,
      buyer_email: DELETED_MEMBER,
      holder_name: null,
      status: "valid",
    });
    expect(await stored(given!.id)).toMatchObject({
      owner_user_id: friend.id,
      owner_email: friend.email,
      holder_name: "Friend Name",
      buyer_email: DELETED_MEMBER,
    });
    expect(await stored(guest[0]!.id)).toMatchObject({ owner_user_id: null, owner_email: DELETED_MEMBER, buyer_email: DELETED_MEMBER });
    const left = await rows<{ n: number }>(
      "SELECT count(*) AS n FROM event_tickets WHERE owner_email = ?1 OR buyer_email = ?1 OR owner_user_id = ?2 OR buyer_user_id = ?2",
      member.email,
      member.id,
    );
    expect(left[0]!.n).toBe(0);

    const again = await createUser("user", { email: member.email });
    expect(await listOf(again)).toEqual({ upcoming: [], past: [] });
  });
});
