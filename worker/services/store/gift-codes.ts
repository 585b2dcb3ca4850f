// Gift VIP codes (decision 054): GIFT-XXXX-XXXX-XXXX, twelve characters from an alphabet without
// the look-alikes (no I, O, 0 or 1), so a code read off a printed card is typed right. 32 symbols,
// 5 bits each: 60 random bits, far beyond guessing through a rate-limited redeem form.
export const GIFT_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function newGiftCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  // 256 is a multiple of 32: the low five bits of a byte are uniform.
  const chars = [...bytes].map((b) => GIFT_CODE_ALPHABET[b & 31]).join("");
  return `GIFT-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}
