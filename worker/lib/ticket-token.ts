// A ticket's QR token: an HS256 JWT signed with SESSION_SECRET, audience "event-ticket" (so a VIP
// pass or a media token, signed with the same secret, never passes for one), subject the ticket,
// claims `evt` (its event) and `v` (its token version). It does not expire: the ticket admits once
// (event_tickets.checked_in_at), and a transfer bumps the stored version so an older QR is refused.
import { jwtVerify, SignJWT } from "jose";

export const TICKET_AUDIENCE = "event-ticket";
const encoder = new TextEncoder();

export type TicketClaims = { ticketId: string; eventId: string; version: number };

export async function signTicketToken(secret: string, claims: TicketClaims, now = Date.now()): Promise<string> {
  return new SignJWT({ evt: claims.eventId, v: claims.version })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claims.ticketId)
    .setAudience(TICKET_AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .sign(encoder.encode(secret));
}

/** The claims of a genuine ticket token; null when forged, altered, another purpose's token or not a token. */
export async function verifyTicketToken(secret: string, token: string): Promise<TicketClaims | null> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), { audience: TICKET_AUDIENCE, algorithms: ["HS256"] });
    const { sub, evt, v } = payload as { sub?: unknown; evt?: unknown; v?: unknown };
    if (typeof sub !== "string" || !sub || typeof evt !== "string" || !evt || !Number.isSafeInteger(v) || (v as number) < 1) return null;
    return { ticketId: sub, eventId: evt, version: v as number };
  } catch {
    return null;
  }
}
