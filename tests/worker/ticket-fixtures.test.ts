import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { insertIssuedTickets, seedTicketEvent, seedTicketType } from "./ticket-fixtures";
import { signTicketToken, verifyTicketToken } from "../../worker/lib/ticket-token";
import { newTicketCode } from "../../worker/lib/ticket-code";
import { normaliseTicketCode, TICKET_CODE_PATTERN } from "../../worker/contracts/tickets/event-tickets-model";
import { signPassToken } from "../../worker/lib/vip-pass";

const D1 = (env as unknown as { DB: D1Database }).DB;
const SECRET = (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;

describe("the tickets foundation", () => {
  it("seeds an event, a type and issued tickets that count against the type and the venue", async () => {
    const eventId = await seedTicketEvent({ venueCapacity: 10 });
    const typeId = await seedTicketType(eventId, { quantity: 5 });
    const { tickets } = await insertIssuedTickets({ eventId, ticketTypeId: typeId, count: 2 });
    expect(tickets).toHaveLength(2);
    const type = await D1.prepare("SELECT remaining FROM ticket_types WHERE id = ?1").bind(typeId).first<{ remaining: number }>();
    const event = await D1.prepare("SELECT tickets_taken FROM events WHERE id = ?1").bind(eventId).first<{ tickets_taken: number }>();
    expect(type!.remaining).toBe(3);
    expect(event!.tickets_taken).toBe(2);
    // The table refuses what the conditional statements must never do.
    await expect(D1.prepare("UPDATE ticket_types SET remaining = -1 WHERE id = ?1").bind(typeId).run()).rejects.toThrow(/CHECK/);
    await expect(D1.prepare("UPDATE ticket_types SET remaining = 6 WHERE id = ?1").bind(typeId).run()).rejects.toThrow(/CHECK/);
  });

  it("a ticket token verifies with its claims; altered, forged or another purpose's tokens do not", async () => {
    const token = await signTicketToken(SECRET, { ticketId: "t1", eventId: "e1", version: 2 });
    expect(await verifyTicketToken(SECRET, token)).toEqual({ ticketId: "t1", eventId: "e1", version: 2 });
    const [h, p, s] = token.split(".");
    const altered = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, "base64url").toString()), v: 3 })).toString("base64url")}.${s}`;
    expect(await verifyTicketToken(SECRET, altered)).toBeNull();
    expect(await verifyTicketToken("another secret", token)).toBeNull();
    expect(await verifyTicketToken(SECRET, await signPassToken(SECRET, crypto.randomUUID()))).toBeNull();
    expect(await verifyTicketToken(SECRET, "not a token")).toBeNull();
  });

  it("codes have the printed shape and read back from what a person types", () => {
    const code = newTicketCode();
    expect(code).toMatch(TICKET_CODE_PATTERN);
    expect(normaliseTicketCode(code.toLowerCase().replaceAll("-", " "))).toBe(code);
    expect(normaliseTicketCode(code.slice(4).replace("-", ""))).toBe(code);
    expect(normaliseTicketCode("TKT-123")).toBeNull();
  });
});
