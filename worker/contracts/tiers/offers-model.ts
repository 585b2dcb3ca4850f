// One-time upgrade offers and win-back offers (decision 101): the settings' shape and defaults, the
// member's view of an offer, and the discount's arithmetic, shared by the Worker and the SPA.
// Zod-free: the route codes' table and the pages read it (the input schemas are in tier-offers.ts).

export const OFFERS_API = "/api/offers";
export const ADMIN_OFFERS_API = "/api/admin/offers";

export const OFFER_KINDS = ["upgrade", "win_back"] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/** An offer can be claimed this long after it is issued. */
export const OFFER_CLAIM_DAYS = 7;
/** A member gets at most one offer (of either kind) in this many days; a win-back offer once ever. */
export const OFFER_GAP_DAYS = 90;
export const DAY_MS = 24 * 60 * 60 * 1000;

export const OFFER_PERCENT_MIN = 1;
export const OFFER_PERCENT_MAX = 90;
/** The largest engagement threshold the form takes (0: that engagement is not required). */
export const OFFER_THRESHOLD_MAX = 100_000;

/** What makes a free member eligible: each non-zero count must be met (all of them, not any). */
export type OfferThresholds = {
  /** Tracks played (track_plays). */
  plays: number;
  /** Posts liked. */
  likes: number;
  /** Events attended: tickets of theirs checked in at the door. */
  eventsAttended: number;
  /** Store orders paid (tickets and merch alike), refunded ones left out. */
  purchases: number;
};

/** GET/PUT /api/admin/offers. */
export type OfferSettings = {
  /** Upgrade offers to engaged free members. */
  enabled: boolean;
  thresholds: OfferThresholds;
  /** Percent off the first period of the offered tier. */
  percentOff: number;
  /** The paid tier offered (to both kinds). */
  tierId: string;
  /** One offer ever to a member who had a paid tier and is free again. */
  winBack: { enabled: boolean; percentOff: number };
};

/** GET and PUT /api/admin/offers answer the settings and the tiers the form can offer (paid, not archived). */
export type OfferSettingsResponse = { settings: OfferSettings; tiers: { id: string; name: { en: string; ptBR: string } }[] };

/** Off until an administrator turns them on. */
export const DEFAULT_OFFER_SETTINGS: OfferSettings = {
  enabled: false,
  thresholds: { plays: 20, likes: 5, eventsAttended: 0, purchases: 0 },
  percentOff: 20,
  tierId: "vip",
  winBack: { enabled: false, percentOff: 30 },
};

export const OFFER_MESSAGES = {
  thresholdInvalid: "A threshold must be a whole number from 0 to 100000",
  percentInvalid: "The discount must be a whole percent from 1 to 90",
  tierInvalid: "Offers are for a paid tier that is not archived",
  tierUnavailable: "This offer's tier is not sold on this plan any more",
  expired: "This offer has expired",
  claimed: "This offer has already been claimed",
  winBackUnavailable: "This member is not open to a win-back offer",
} as const;

/** GET /api/offers: the member's offer they can still claim, if any. */
export type OfferView = {
  id: string;
  kind: OfferKind;
  tier: { id: string; name: { en: string; ptBR: string } };
  percentOff: number;
  /** ISO 8601. */
  issuedAt: string;
  expiresAt: string;
  /** What the first period costs with the discount, per plan, and the price after it. */
  /** Per plan the tier is sold on (in USD, or VIP's configured currency): the full and the first period's amounts. */
  prices: Partial<Record<"monthly" | "yearly", { fullCents: number; firstPeriodCents: number; currency: string }>>;
};
export type OffersResponse = { offers: OfferView[] };

/**
 * The first period's amount with `percent` off, in whole cents: the discount rounded half up, as
 * a percent-off coupon's is. The Worker charges this; the page only shows it.
 */
export function firstPeriodCents(fullCents: number, percent: number): number {
  return fullCents - Math.round((fullCents * percent) / 100);
}
