// Gift VIP codes (decision 054): their printed shape, how a typed code is read back, where it is
// redeemed, and the answers of /api/store/gifts. Zod-free: the /redeem page and the gift card
// import it.
import type { GiftMonths } from "./model";
import type { GateTier } from "../tiers/gate";

export const GIFT_API = "/api/store/gifts";

/** The page where a code is redeemed; the gift card's QR code and the receipt link to it with ?code=. */
export const REDEEM_PATH = "/redeem";
export const redeemPath = (code: string) => `${REDEEM_PATH}?code=${encodeURIComponent(code)}`;

const PREFIX = "GIFT";
const GROUPS = 3;
const GROUP_LENGTH = 4;

/**
 * The characters of a code's groups: no 0/O, no 1/I/L, so a code read off a printed card and
 * typed back is the same code. 31 characters, 12 of them: about 2^59 codes, never guessed.
 */
export const GIFT_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/**
 * GIFT-XXXX-XXXX-XXXX, as stored and printed.
 * @internal
 */
export const GIFT_CODE_PATTERN = /^GIFT(?:-[A-Z0-9]{4}){3}$/;
/**
 * The printed length, which tests check the issued codes against.
 * @internal
 */
export const GIFT_CODE_LENGTH = PREFIX.length + GROUPS * (GROUP_LENGTH + 1);

/** What a person may type in the field: room for spaces and dashes between the groups. */
export const GIFT_CODE_INPUT_MAX = 64;

/** Spaces, dashes of every kind (hyphen, en and em dash, the minus sign, full-width), dots and underscores. */
const SEPARATORS = /[\s\p{Pd}\u2212._]/gu;

/**
 * A typed code as stored, or null when it cannot be one: upper case, separators dropped and put
 * back between the groups; the GIFT prefix may be left out ("abcd efgh ijkl" reads as
 * GIFT-ABCD-EFGH-IJKL).
 */
export function normaliseGiftCode(input: string): string | null {
  const bare = input.normalize("NFKC").toUpperCase().replace(SEPARATORS, "");
  // The alphabet has no I: a code's own characters never start with GIFT.
  const body = bare.startsWith(PREFIX) ? bare.slice(PREFIX.length) : bare;
  if (body.length !== GROUPS * GROUP_LENGTH || !/^[A-Z0-9]+$/.test(body)) return null;
  const groups = body.match(new RegExp(`.{${GROUP_LENGTH}}`, "g")) ?? [];
  return [PREFIX, ...groups].join("-");
}

/** Adds calendar months in UTC; a day the later month lacks becomes its last (31 January + 1 = 28 or 29 February). */
export function addCalendarMonthsUtc(at: number, months: number): number {
  const d = new Date(at);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(d.getUTCDate(), lastDay), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
}

/** POST /api/store/gifts/redeem: what the redeemer got. Dates are ISO 8601. */
export type GiftRedeemResponse = {
  months: GiftMonths;
  /** The membership tier the gift gave (decision 116), by its names. */
  tier: GateTier;
  /**
   * When the member's complimentary VIP now ends: the gift's months added after any VIP time they
   * already had. null: their VIP was already complimentary until revoked, and stays so.
   */
  vipUntil: string | null;
  /** The end of the VIP time the member already had, after which the months were added; null: none, they count from now. */
  addedAfter: string | null;
  /** A paid membership that renews: it keeps being charged while the gift runs unless cancelled. */
  subscriptionRenews: boolean;
};

/** A code's state: not redeemed yet, redeemed, or void (its order refunded). */
export const GIFT_CODE_STATES = ["unredeemed", "redeemed", "void"] as const;
export type GiftCodeState = (typeof GIFT_CODE_STATES)[number];

/** GET /api/store/gifts/:code: the printable card's data, for its buyer or an administrator. */
export type GiftCardResponse = {
  code: string;
  months: GiftMonths;
  /** The membership tier the gift gives, by its names. */
  tier: GateTier;
  state: GiftCodeState;
  /** Who redeemed it (their username) and when; null until then. */
  redeemedBy: string | null;
  redeemedAt: string | null;
  /** The address the card's QR code opens: the site's /redeem with the code filled in. */
  redeemUrl: string;
  createdAt: string;
};
