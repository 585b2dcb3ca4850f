// A new ticket code, TKT-XXXX-XXXX (contracts/tickets/event-tickets-model.ts reads a typed one back).
// Fulfilment draws one per ticket and a transfer a fresh one; the unique index refuses the
// (vanishingly rare) repeat, and the door's typed-code check is staff-only and rate limited.
import { TICKET_CODE_ALPHABET, TICKET_CODE_PREFIX } from "#contracts/tickets/event-tickets-model.ts";

/** The largest multiple of the alphabet's size under 256: bytes at or over it are drawn again, so every character is equally likely. */
const UNBIASED_LIMIT = 256 - (256 % TICKET_CODE_ALPHABET.length);

export function newTicketCode(): string {
  let body = "";
  while (body.length < 8) {
    for (const byte of crypto.getRandomValues(new Uint8Array(16))) {
      if (byte < UNBIASED_LIMIT && body.length < 8) body += TICKET_CODE_ALPHABET[byte % TICKET_CODE_ALPHABET.length];
    }
  }
  return `${TICKET_CODE_PREFIX}-${body.slice(0, 4)}-${body.slice(4)}`;
}
