// The retention offer at cancel (decision 103): the back office's settings and what a cancelling
// member is shown. Zod-free: the route codes' table and the pages read it (the schema is in
// retention-offer.ts).
import type { TaxBehavior } from "../tax-model";

export const ADMIN_RETENTION_API = "/api/admin/offers/retention";
export const RETENTION_OFFER_API = "/api/payments/subscription/retention-offer";

export const RETENTION_PERCENT_MIN = 1;
export const RETENTION_PERCENT_MAX = 100;
export const RETENTION_PERIODS_MIN = 1;
export const RETENTION_PERIODS_MAX = 12;

/** GET/PUT /api/admin/offers/retention. */
export type RetentionSettings = {
  enabled: boolean;
  /** Percent off each discounted renewal. */
  percentOff: number;
  /** How many renewals (billing periods) the discount lasts. */
  periods: number;
};

/** Off until an administrator turns it on. */
export const DEFAULT_RETENTION_SETTINGS: RetentionSettings = { enabled: false, percentOff: 25, periods: 3 };

/** GET /api/payments/subscription/retention-offer: the offer, or null when none is open to the member. */
export type RetentionOfferResponse = {
  offer: {
    percentOff: number;
    periods: number;
    currency: string;
    /** The renewal's price now, and what each discounted renewal charges instead. */
    renewalCents: number;
    discountedCents: number;
    /**
     * The tax of each discounted renewal in the member's billing place, added or included; `cents`
     * null where the provider computes it at the renewal (live). Null where nothing is collected.
     */
    tax: { jurisdiction: string; behavior: TaxBehavior; cents: number | null } | null;
  } | null;
};

export const RETENTION_MESSAGES = {
  percentInvalid: "The percent off must be a whole number from 1 to 100",
  periodsInvalid: "The number of billing periods must be a whole number from 1 to 12",
  unavailable: "This offer is not available",
} as const;
