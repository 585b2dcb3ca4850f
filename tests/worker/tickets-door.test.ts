// Tickets at the door (decision 055): POST /api/check-in reads a ticket's QR token or its typed code
// beside the VIP pass. Door staff and administrators only; a ticket admits once (then
// already_checked_in with the time and the staff member's name), even when two doors race; a
// ticket of another event, a refunded or a cancelled one is refused with its reason and nothing
// stored; a transferred ticket's old QR is `replaced`; forged, altered and other-purpose tokens
// are `unknown`; typed codes read in any spelling, and wrong ones count toward the pass's typed-code
// limit. The door never sees orders, prices or e-mails. The door's lists count tickets too.
// Rows are seeded and read with raw SQL (ticket-fixtures.ts, check-in-fixtures.ts).
import { SignJWT } from "jose";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import {
  DAY,
  DOOR_ROLES,
  HOUR,
  MIN,
  NOW,
  SEC,
  SECRET,
  addEvent,
  checkInOk,
  count,
  createDoorStaff,
  createRole,
  exec,
  freezeClock,
  getPass,
  giveComp,
  postCheckIn,
  row,
  setClock,
  type DoorRole,
} from "./check-in-fixtures";
import { insertIssuedTickets, seedTicketEvent, seedTicketType, type IssuedTicketsSeed } from "./ticket-fixtures";
import { signTicketToken } from "../../worker/lib/ticket-token";
import { signPassToken } from "../../worker/lib/vip-pass";
import { signMediaToken } from "../../worker/lib/media-token";
import { RATE_LIMITS } from "../../worker/contracts/limits";
import type { CheckInEventsResponse, CheckInListResponse } from "../../worker/contracts/tickets/vip-pass";

beforeEach(() => freezeClock());
afterEach(() => {
  vi.useRealTimers();
});

const EVENT_DATE = NOW + HOUR;

/** A ticketed show an hour from NOW, with a General type ("Pista" in Portuguese). */
async function ticketedShow(title?: string) {
  const eventId = await seedTicketEvent({ title, eventDate: EVENT_DATE });
  const typeId = await seedTicketType(eventId);
  return { eventId, typeId };
}

type Issue = Partial<Omit<IssuedTicketsSeed, "eventId" | "ticketTypeId">>;

/** One ticket of the show bought by a member (or a guest when `userId: null`), and its QR token. */
async function oneTicket(show: { eventId: string; typeId: string }, seed: Issue = {}) {
  const buyer = seed.userId === null ? null : await createUser("user");
  const issued = await insertIssuedTickets({ eventId: show.eventId, ticketTypeId: show.typeId, userId: buyer?.id ?? null, holderName: "Ana Souza", ...seed });
  const ticket = issued.tickets[0]!;
  const token = await signTicketToken(SECRET, { ticketId: ticket.id, eventId: show.eventId, version: ticket.tokenVersion });
  return { buyer, ticket, token, email: issued.email, orderId: issued.orderId };
}

type TicketRow = { status: string; checked_in_at: number | null; checked_in_by: string | null };
const ticketRow = (id: string) => row<TicketRow>("SELECT status, checked_in_at, checked_in_by FROM event_tickets WHERE id = ?1", id);
const NOT_IN = { checked_in_at: null, checked_in_by: null };

describe("who may check a ticket in", () => {
  const REFUSED: Partial<Record<DoorRole, [number, string]>> = {
    visitor: [401, "unauthorized"],
    user: [403, "door_staff_required"],
    vip: [403, "door_staff_required"],
    banned: [401, "unauthorized"],
  };
  it.each(DOOR_ROLES.flatMap((role) => (["token", "code"] as const).map((by) => [role, by] as const)))("%s by %s", async (role, by) => {
    const show = await ticketedShow();
    const { ticket, token } = await oneTicket(show);
    const caller = role === "visitor" ? null : await createRole(role);
    const res = await postCheckIn(caller?.cookie, { eventId: show.eventId, ...(by === "token" ? { token } : { code: ticket.code }) });
    const refused = REFUSED[role];
    if (refused) {
      expect(res.status).toBe(refused[0]);
      expect((await errorOf(res)).code).toBe(refused[1]);
      expect(await ticketRow(ticket.id)).toMatchObject({ status: "valid", ...NOT_IN });
      return;
    }
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ result: "valid", ticket: { id: ticket.id } });
    expect(await ticketRow(ticket.id)).toEqual({ status: "valid", checked_in_at: NOW, checked_in_by: caller!.id });
  });
});

describe("a ticket's QR token", () => {
  let door: TestUser;
  beforeEach(async () => {
    door = await createDoorStaff();
  });

  it("admits once: valid with type, holder, owner and event, then already_checked_in with the time and the staff member", async () => {
    const show = await ticketedShow("Ticketed night");
    const { buyer, ticket, token, email, orderId } = await oneTicket(show);
    const res = await postCheckIn(door.cookie, { eventId: show.eventId, token });
    expect(res.status).toBe(200);
    const text = await res.text();
    const ticketSeen = {
      id: ticket.id,
      typeName: "General",
      typeNamePtBr: "Pista",
      holderName: "Ana Souza",
      ownerName: buyer!.username,
      event: { id: show.eventId, title: "Ticketed night", eventDate: new Date(EVENT_DATE).toISOString(), timeZone: "America/New_York" },
      checkedInBy: door.username,
    };
    expect(JSON.parse(text)).toEqual({ result: "valid", ticket: ticketSeen, checkedInAt: new Date(NOW).toISOString() });
    // The door never sees the order, the price or an e-mail address.
    for (const secret of [email, buyer!.email, orderId]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/price|cents|order|mail|@/i);
    expect(await ticketRow(ticket.id)).toEqual({ status: "valid", checked_in_at: NOW, checked_in_by: door.id });

    setClock(NOW + 4 * MIN);
    const colleague = await createDoorStaff();
    expect(await checkInOk(colleague.cookie, { eventId: show.eventId, token })).toEqual({
      result: "already_checked_in",
      ticket: ticketSeen,
      checkedInAt: new Date(NOW).toISOString(),
    });
    // Its typed code too; the first admission stays as it was.
    expect((await checkInOk(colleague.cookie, { eventId: show.eventId, code: ticket.code })).result).toBe("already_checked_in");
    // The order's access log (decision 094) has the one admission, for a dispute's evidence.
    expect(
      await row("SELECT count(*) AS n, max(kind) AS kind, max(at) AS at, max(detail) AS detail FROM order_access_log WHERE order_id = ?1", orderId),
    ).toEqual({
      n: 1,
      kind: "check_in",
      at: NOW,
      detail: JSON.stringify({ ticket: ticket.code, event: show.eventId }),
    });
    expect(await ticketRow(ticket.id)).toEqual({ status: "valid", checked_in_at: NOW, checked_in_by: door.id });
  });

  it("names no one for a guest's ticket without a holder name, and no staff member once their account is gone", async () => {
    const show = await ticketedShow();
    const { ticket, token } = await oneTicket(show, { userId: null, holderName: null });
    const first = await checkInOk(door.cookie, { eventId: show.eventId, token });
    expect(first.ticket).toMatchObject({ holderName: null, ownerName: null, checkedInBy: door.username });
    await exec("DELETE FROM users WHERE id = ?1", door.id);
    const other = await createDoorStaff();
    expect(await checkInOk(other.cookie, { eventId: show.eventId, token })).toMatchObject({
      result: "already_checked_in",
      ticket: { id: ticket.id, checkedInBy: null },
      checkedInAt: new Date(NOW).toISOString(),
    });
  });

  it("lets exactly one of two doors racing the same ticket in (token and code alike)", async () => {
    const show = await ticketedShow();
    const doors = await Promise.all([createDoorStaff(), createDoorStaff(), createDoorStaff(), createDoorStaff()]);
    for (const reads of ["token", "mixed"] as const) {
      const { ticket, token } = await oneTicket(show);
      const answers = await Promise.all(
        doors.map((d, i) => checkInOk(d.cookie, { eventId: show.eventId, ...(reads === "mixed" && i % 2 ? { code: ticket.code } : { token }) })),
      );
      const results = answers.map((a) => a.result);
      expect(
        results.filter((r) => r === "valid"),
        reads,
      ).toHaveLength(1);
      expect(
        results.filter((r) => r === "already_checked_in"),
        reads,
      ).toHaveLength(doors.length - 1);
      const winner = doors[results.indexOf("valid")]!;
      expect(await ticketRow(ticket.id)).toEqual({ status: "valid", checked_in_at: NOW, checked_in_by: winner.id });
      for (const a of answers) expect(a.ticket?.checkedInBy).toBe(winner.username);
    }
  });

  it("refuses another event's ticket as wrong_event, naming that event, and stores nothing", async () => {
    const here = await ticketedShow("Here tonight");
    const elsewhere = { eventId: await seedTicketEvent({ title: "Another night", eventDate: NOW + 7 * DAY, timeZone: "America/Sao_Paulo" }), typeId: "" };
    elsewhere.typeId = await seedTicketType(elsewhere.eventId, { name: "VIP area", namePtBr: null });
    const { ticket, token } = await oneTicket(elsewhere);
    for (const read of [{ token }, { code: ticket.code }]) {
      expect(await checkInOk(door.cookie, { eventId: here.eventId, ...read })).toEqual({
        result: "wrong_event",
        ticket: expect.objectContaining({
          id: ticket.id,
          typeName: "VIP area",
          typeNamePtBr: null,
          event: { id: elsewhere.eventId, title: "Another night", eventDate: new Date(NOW + 7 * DAY).toISOString(), timeZone: "America/Sao_Paulo" },
        }),
      });
    }
    // A pass-only event (no tickets at all) refuses it the same way.
    const passOnly = await addEvent();
    expect((await checkInOk(door.cookie, { eventId: passOnly, token })).result).toBe("wrong_event");
    expect(await ticketRow(ticket.id)).toMatchObject({ status: "valid", ...NOT_IN });
    // At its own event it still admits.
    expect((await checkInOk(door.cookie, { eventId: elsewhere.eventId, token })).result).toBe("valid");
  });

  it("refuses refunded and cancelled tickets with their reason, by token and by code, and stores nothing", async () => {
    const show = await ticketedShow();
    for (const status of ["refunded", "cancelled"] as const) {
      const { ticket, token } = await oneTicket(show, { status });
      for (const read of [{ token }, { code: ticket.code }]) {
        expect(await checkInOk(door.cookie, { eventId: show.eventId, ...read })).toEqual({
          result: status,
          ticket: expect.objectContaining({ id: ticket.id, holderName: "Ana Souza" }),
        });
      }
      expect(await ticketRow(ticket.id)).toEqual({ status, ...NOT_IN });
    }
    // A ticket refunded after it was used says refunded, not already used.
    const used = await oneTicket(show, { status: "refunded", checkedInAt: NOW - MIN, checkedInBy: door.id });
    expect((await checkInOk(door.cookie, { eventId: show.eventId, token: used.token })).result).toBe("refunded");
  });

  it("answers replaced for a transferred ticket's old QR, unknown for its old code, and admits the new ones", async () => {
    const show = await ticketedShow();
    const { ticket, token: oldToken } = await oneTicket(show);
    const newCode = "TKT-NEW2-" + ticket.code.slice(-4);
    // What a transfer leaves: a new code, the next token version, another owner.
    const receiver = await createUser("user");
    await exec("UPDATE event_tickets SET code = ?2, token_version = 2, owner_user_id = ?3, holder_name = 'Bia' WHERE id = ?1", ticket.id, newCode, receiver.id);
    expect(await checkInOk(door.cookie, { eventId: show.eventId, token: oldToken })).toEqual({ result: "replaced" });
    expect(await checkInOk(door.cookie, { eventId: show.eventId, code: ticket.code })).toEqual({ result: "unknown" });
    // A version newer than stored was never signed by a transfer: unknown.
    const ahead = await signTicketToken(SECRET, { ticketId: ticket.id, eventId: show.eventId, version: 3 });
    expect(await checkInOk(door.cookie, { eventId: show.eventId, token: ahead })).toEqual({ result: "unknown" });
    expect(await ticketRow(ticket.id)).toMatchObject(NOT_IN);
    const newToken = await signTicketToken(SECRET, { ticketId: ticket.id, eventId: show.eventId, version: 2 });
    expect(await checkInOk(door.cookie, { eventId: show.eventId, token: newToken })).toMatchObject({
      result: "valid",
      ticket: { id: ticket.id, holderName: "Bia", ownerName: receiver.username },
    });
    // After it is in, the old QR is still `replaced` (never a hint that it was used).
    expect((await checkInOk(door.cookie, { eventId: show.eventId, token: oldToken })).result).toBe("replaced");
    expect((await checkInOk(door.cookie, { eventId: show.eventId, code: newCode })).result).toBe("already_checked_in");
  });

  it("calls forged, altered and other-purpose tokens unknown, and a pass token stays a pass's answer", async () => {
    const show = await ticketedShow();
    const { ticket, token } = await oneTicket(show);
    const claims = { ticketId: ticket.id, eventId: show.eventId, version: 1 };
    const forged = await signTicketToken("not-the-site-secret-0123456789abcdef0123", claims);
    const [h, p, s] = token.split(".");
    const payload = JSON.parse(atob(p!.replace(/-/g, "+").replace(/_/g, "/"))) as Record<string, unknown>;
    const altered = `${h}.${btoa(JSON.stringify({ ...payload, v: 2 }))
      .replace(/=+$/, "")
      .replace(/\+/g, "-")
      .replace(/\//g, "_")}.${s}`;
    const badSignature = `${h}.${p}.${s!.slice(0, -2)}${s!.endsWith("AA") ? "BB" : "AA"}`;
    const key = new TextEncoder().encode(SECRET);
    const asPass = await new SignJWT({ evt: show.eventId, v: 1, win: Math.floor(NOW / MIN) })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(ticket.id)
      .setAudience("vip-pass")
      .setExpirationTime(Math.floor(NOW / 1000) + 60)
      .sign(key);
    const versionZero = await new SignJWT({ evt: show.eventId, v: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(ticket.id)
      .setAudience("event-ticket")
      .sign(key);
    const noSuchTicket = await signTicketToken(SECRET, { ...claims, ticketId: crypto.randomUUID() });
    const member = await createUser("vip");
    const media = (await signMediaToken(SECRET, member.id, "track", "track-1", NOW)).token;
    for (const bad of [forged, altered, badSignature, asPass, versionZero, noSuchTicket, media, "garbage"]) {
      expect(await checkInOk(door.cookie, { eventId: show.eventId, token: bad }), bad).toEqual({ result: "unknown" });
    }
    expect(await ticketRow(ticket.id)).toMatchObject(NOT_IN);
    // A VIP's pass keeps its own answers at a ticketed show: an expired one, then a live one.
    await giveComp(member.id, NOW - DAY);
    const stale = await signPassToken(SECRET, member.id, NOW - 5 * MIN);
    expect(await checkInOk(door.cookie, { eventId: show.eventId, token: stale })).toEqual({
      result: "expired",
      member: expect.objectContaining({ id: member.id }),
    });
    const pass = await getPass(member.cookie);
    expect(await checkInOk(door.cookie, { eventId: show.eventId, token: pass.token })).toMatchObject({ result: "valid", member: { id: member.id } });
    expect(await checkInOk(door.cookie, { eventId: show.eventId, code: pass.code })).toMatchObject({ result: "already_checked_in", member: { id: member.id } });
    expect((await checkInOk(door.cookie, { eventId: show.eventId, token })).result).toBe("valid");
  });
});

describe("a ticket's typed code", () => {
  let door: TestUser;
  beforeEach(async () => {
    door = await createDoorStaff();
  });

  it("reads the code in every spelling: dashes or none, spaces, lower case, with or without TKT", async () => {
    const show = await ticketedShow();
    const spell: ((code: string) => string)[] = [
      (c) => c,
      (c) => c.toLowerCase(),
      (c) => ` ${c.replaceAll("-", " ")} `,
      (c) => c.slice(4),
      (c) => c.slice(4).replace("-", ""),
      (c) => c.slice(4).replace("-", "\u2013").toLowerCase(),
      (c) => c.replaceAll("-", "."),
      (c) => c.replaceAll("-", ""),
    ];
    for (const typed of spell) {
      const { ticket } = await oneTicket(show);
      const code = typed(ticket.code);
      expect(await checkInOk(door.cookie, { eventId: show.eventId, code }), code).toMatchObject({ result: "valid", ticket: { id: ticket.id } });
      expect(await ticketRow(ticket.id), code).toEqual({ status: "valid", checked_in_at: NOW, checked_in_by: door.id });
    }
  });

  it("calls a code no ticket has unknown, and counts it toward the staff member's typed-code limit", async () => {
    const show = await ticketedShow();
    const { ticket } = await oneTicket(show);
    const refunded = await oneTicket(show, { status: "refunded" });
    const [max] = RATE_LIMITS.checkInCodeFailuresPerStaff;
    // Real codes are not guesses: a refunded ticket's code, typed over and over, is never limited.
    for (let i = 0; i <= max; i++) expect((await checkInOk(door.cookie, { eventId: show.eventId, code: refunded.ticket.code })).result).toBe("refunded");
    for (let i = 0; i < max; i++) {
      const guess = `TKT-ZZZZ-ZZZ${"23456789ABCDEFGH"[i % 16]}`;
      expect(await checkInOk(door.cookie, { eventId: show.eventId, code: guess }), guess).toEqual({ result: "unknown" });
    }
    const locked = await postCheckIn(door.cookie, { eventId: show.eventId, code: ticket.code });
    expect(locked.status).toBe(429);
    expect((await errorOf(locked)).code).toBe("rate_limited");
    expect(await ticketRow(ticket.id)).toMatchObject(NOT_IN);
    // The QR still works for them; the window's end lifts the limit.
    setClock(NOW + RATE_LIMITS.checkInCodeFailuresPerStaff[1] * SEC + SEC);
    expect((await checkInOk(door.cookie, { eventId: show.eventId, code: ticket.code })).result).toBe("valid");
  });

  it("counts wrong codes sent at once in the statement that checks the limit: the limit's worth answered unknown, the rest 429", async () => {
    const show = await ticketedShow();
    const [max] = RATE_LIMITS.checkInCodeFailuresPerStaff;
    const guesses = Array.from({ length: 40 }, (_, i) => `TKT-ZZZZ-Z${"23456789ABCDEFGH"[Math.floor(i / 16)]}${"23456789ABCDEFGH"[i % 16]}`);
    const answers = await Promise.all(guesses.map((code) => postCheckIn(door.cookie, { eventId: show.eventId, code })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(max);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(40 - max);
    for (const res of answers) {
      if (res.status === 200) expect(await res.json()).toEqual({ result: "unknown" });
      else expect((await errorOf(res)).code).toBe("rate_limited");
    }
    expect(await row("SELECT sum(count) AS n FROM rate_limits WHERE key = ?1", `check-in:code-fail:${door.id}`)).toEqual({ n: max });
  });
});

describe("bad input", () => {
  it.each([
    ["both token and code", { token: "x", code: "TKT-AAAA-BBBB" }],
    ["no token nor code", {}],
    ["an empty code", { code: "" }],
    ["a blank code", { code: "   " }],
    ["a code too long", { code: "TKT-AAAA-BBBB".repeat(3) }],
    ["a number for the code", { code: 12345678 }],
    ["an unknown field", { code: "TKT-AAAA-BBBB", ticketId: "x" }],
  ])("POST with %s: 400 invalid_input, nothing stored", async (_name, body) => {
    const door = await createDoorStaff();
    const show = await ticketedShow();
    const { ticket } = await oneTicket(show);
    const res = await postCheckIn(door.cookie, { eventId: show.eventId, ...body });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("invalid_input");
    expect(await ticketRow(ticket.id)).toMatchObject(NOT_IN);
  });

  it("answers 404 event_not_found for a draft or cancelled event's door, and stores nothing", async () => {
    const door = await createDoorStaff();
    for (const status of ["draft", "cancelled"] as const) {
      const eventId = await seedTicketEvent({ status, eventDate: EVENT_DATE });
      const { ticket, token } = await oneTicket({ eventId, typeId: await seedTicketType(eventId) });
      const res = await postCheckIn(door.cookie, { eventId, token });
      expect(res.status).toBe(404);
      expect((await errorOf(res)).code).toBe("event_not_found");
      expect(await ticketRow(ticket.id)).toMatchObject(NOT_IN);
    }
  });

  it("takes a code that is neither a ticket's nor a pass's as unknown", async () => {
    const door = await createDoorStaff();
    const show = await ticketedShow();
    for (const code of ["TKT-AAAA", "TKT-AAAA-BBBB-C", "hello world", "@@@@####"]) {
      expect(await checkInOk(door.cookie, { eventId: show.eventId, code }), code).toEqual({ result: "unknown" });
    }
  });
});

describe("the door's lists count tickets", () => {
  it("adds tickets let in to the event's count and to its check-in list, newest first, passes and tickets together", async () => {
    const door = await createDoorStaff();
    const show = await ticketedShow("Counted show");
    const a = await oneTicket(show);
    const b = await oneTicket(show, { userId: null, holderName: null });
    await oneTicket(show);
    const vip = await createUser("vip");
    await giveComp(vip.id, NOW - DAY);
    await checkInOk(door.cookie, { eventId: show.eventId, token: a.token });
    setClock(NOW + 10 * SEC);
    await checkInOk(door.cookie, { eventId: show.eventId, code: (await getPass(vip.cookie)).code });
    setClock(NOW + 20 * SEC);
    await checkInOk(door.cookie, { eventId: show.eventId, code: b.ticket.code });

    const events = await (await call("/api/check-in/events", { cookie: door.cookie })).json<CheckInEventsResponse>();
    expect(events.events.find((e) => e.id === show.eventId)?.checkIns).toBe(3);
    const list = await (await call(`/api/check-in/events/${show.eventId}/check-ins`, { cookie: door.cookie })).json<CheckInListResponse>();
    expect(list.total).toBe(3);
    expect(list.checkIns).toEqual([
      {
        ticket: { id: b.ticket.id, typeName: "General", typeNamePtBr: "Pista", holderName: null, ownerName: null },
        checkedInAt: new Date(NOW + 20 * SEC).toISOString(),
        staffName: door.username,
      },
      expect.objectContaining({ member: expect.objectContaining({ id: vip.id }), method: "code" }),
      {
        ticket: { id: a.ticket.id, typeName: "General", typeNamePtBr: "Pista", holderName: "Ana Souza", ownerName: a.buyer!.username },
        checkedInAt: new Date(NOW).toISOString(),
        staffName: door.username,
      },
    ]);
    expect(JSON.stringify(list)).not.toContain("@");
    expect(await count("SELECT count(*) AS n FROM event_tickets WHERE event_id = ?1 AND checked_in_at IS NOT NULL", show.eventId)).toBe(2);
  });
});
