// A new gift VIP code, GIFT-XXXX-XXXX-XXXX, from the alphabet without look-alike characters
// (contracts/store/gift-model.ts, which also reads a typed code back). Fulfilment makes one per
// gift bought; the table's primary key refuses the (vanishingly rare) repeat.
import { GIFT_CODE_ALPHABET } from "#contracts/store/gift-model.ts";

/** The largest multiple of the alphabet's size under 256: bytes at or over it are drawn again, so every character is equally likely. */
const UNBIASED_LIMIT = 256 - (256 % GIFT_CODE_ALPHABET.length);

function randomCharacters(count: number): string {
  let out = "";
  while (out.length < count) {
    for (const byte of crypto.getRandomValues(new Uint8Array(count * 2))) {
      if (byte < UNBIASED_LIMIT && out.length < count) out += GIFT_CODE_ALPHABET[byte % GIFT_CODE_ALPHABET.length];
    }
  }
  return out;
}

export function newGiftCode(): string {
  const body = randomCharacters(12);
  return `GIFT-${body.slice(0, 4)}-${body.slice(4, 8)}-${body.slice(8)}`;
}
