// The buyer's collection (/collection, GET /api/store/collection) and its downloads (decision 054):
// every release bought with a fresh signed link per format, every order with its status and
// tracking, every gift code bought with its state; renewing one link; claiming what was bought as a
// guest with another address.
import type { GateTier } from "../tiers/gate";
import type { OrderTax } from "../tax-model";
import { z } from "../zod";
import { emailSchema } from "../auth";
import { DOWNLOAD_FORMATS, type Currency, type DownloadFormat, type OrderStatus, type ProductKind, type GiftMonths } from "./model";
import type { TrackView } from "../music/music";

/** A claim link lives a day and works once. */
export const CLAIM_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** Claim mails a member may ask for, and to one address, [max, window seconds]: they go to addresses not proven theirs. */
export const CLAIM_RATE_LIMITS = {
  perMember: [5, 60 * 60],
  perAddress: [3, 24 * 60 * 60],
} as const;

/** The collection page's query parameter a claim mail's link carries. */
export const CLAIM_TOKEN_PARAM = "claim";
/** Where a download link that cannot be served sends a browser that opened it: the code says why. */
export const DOWNLOAD_ERROR_PARAM = "download";

const entitlementId = z.string().min(1).max(64);

/** POST /api/store/collection/links: a fresh link for one release the member owns, in one format. */
export const renewLinkSchema = z.strictObject({ entitlementId, format: z.enum(DOWNLOAD_FORMATS) });
export type RenewLinkBody = z.infer<typeof renewLinkSchema>;

/** POST /api/store/collection/claim: mail a one-time link to an address the guest orders were paid with. */
export const claimRequestSchema = z.strictObject({ email: emailSchema });

/** POST /api/store/collection/claim/confirm: the token of that link, opened while signed in. */
export const claimConfirmSchema = z.strictObject({ token: z.string().min(1).max(200) });

// ----- answers -----

export type DownloadLink = {
  format: DownloadFormat;
  url: string;
  expiresAt: string;
  /** The zip's exact length, when every file's size is known (null: not yet). */
  bytes: number | null;
};

export type CollectionRelease = {
  entitlementId: string;
  kind: "album" | "track";
  albumId: string;
  trackId: string | null;
  title: string;
  /** The album a bought track is on (its own title for an album). */
  albumTitle: string;
  year: number;
  coverUrl: string | null;
  purchasedAt: string;
  orderNumber: number;
  links: DownloadLink[];
  /** What the Play button queues: the release's tracks with audio, in order (played in full, no VIP needed). */
  tracks: TrackView[];
  /**
   * Before the release's public time (decision 118): when it is out, and its tracks, each marked
   * whether it downloads now (a teaser: the zip holds only those; the rest are locked); null once out.
   */
  preorder: { outAt: string; tracks: { id: string; number: number; title: string; teaser: boolean }[] } | null;
};

export type CollectionOrderLine = {
  title: string;
  variantLabel: string | null;
  kind: ProductKind;
  quantity: number;
  totalCents: number;
  /** Merch sold before it exists ships from this day (YYYY-MM-DD, decision 118); null: at once. */
  shipsFrom: string | null;
};

/**
 * Tickets an order bought, one per event and type: the show's titles (its Portuguese one where
 * set), when it starts in its own zone, the type's names, how many and what they cost.
 */
export type CollectionOrderTickets = {
  eventId: string;
  eventTitle: string;
  eventTitlePtBr: string | null;
  startsAt: string;
  timeZone: string;
  typeName: string;
  typeNamePtBr: string | null;
  quantity: number;
  totalCents: number;
};

export type CollectionOrder = {
  id: string;
  number: number;
  status: OrderStatus;
  paidAt: string;
  currency: Currency;
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
  refundedCents: number;
  /** The order's tax (decision 093); null: sold before tax. */
  tax: OrderTax;
  lines: CollectionOrderLine[];
  /** A ticket order's tickets (a store order's: none). */
  tickets: CollectionOrderTickets[];
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  shippedAt: string | null;
};

export const GIFT_CODE_STATES = ["unredeemed", "redeemed", "void"] as const;
export type GiftCodeState = (typeof GIFT_CODE_STATES)[number];

export type CollectionGiftCode = {
  code: string;
  months: GiftMonths;
  /** The membership tier it gives (decision 116), by its names. */
  tier: GateTier;
  state: GiftCodeState;
  /** Who redeemed it: their username only. */
  redeemedBy: string | null;
  redeemedAt: string | null;
  orderNumber: number;
};

export type CollectionResponse = {
  releases: CollectionRelease[];
  orders: CollectionOrder[];
  giftCodes: CollectionGiftCode[];
};

export type RenewLinkResponse = { link: DownloadLink };
/** Always the same answer, whether or not that address bought anything. */
export type ClaimRequestResponse = { ok: true; sentTo: string };
export type ClaimConfirmResponse = { claimed: { orders: number } };
