// A contest's remix released into the catalog (decision 197): the publish request, and the answers
// of the release, the contest page's released entries and the remixers' shares.
import { z } from "../zod";
import { userText } from "../text";
import { ISRC_PATTERN, TRACK_DETAILS_MESSAGES } from "../music/track-details-limits";
import { RELEASE_FORM_MESSAGES as F, RELEASE_PRICE_MAX_CENTS, RELEASE_TITLE_MAX } from "./release-limits";

const cents = (min: number) => z.int({ error: F.priceInvalid }).min(min, F.priceInvalid).max(RELEASE_PRICE_MAX_CENTS, F.priceInvalid);

/** POST /api/admin/contests/:id/entries/:entryId/publish. */
export const publishInputSchema = z.strictObject({
  /** Empty or left out: "<track> (<remixer> Remix)". */
  title: userText({ min: 0, max: RELEASE_TITLE_MAX, maxMessage: F.titleTooLong }).default(""),
  isrc: z
    .string()
    .transform((value) => value.replace(/-/g, "").trim().toUpperCase())
    .pipe(z.string().regex(ISRC_PATTERN, TRACK_DETAILS_MESSAGES.isrcInvalid))
    .nullable()
    .default(null),
  /** Sold in the store as a digital track, or null: released to listen only. */
  sale: z
    .strictObject({
      priceUsdCents: cents(1),
      priceBrlCents: cents(1).nullable().default(null),
      sharePercent: z.int({ error: F.shareInvalid }).min(0, F.shareInvalid).max(100, F.shareInvalid),
    })
    .nullable()
    .default(null),
});
export type PublishInput = z.input<typeof publishInputSchema>;
export type PublishValues = z.output<typeof publishInputSchema>;

/** An entry released into the catalog: where the page links to, and the store's product when sold. */
export type ContestRelease = {
  entryId: string;
  albumId: string;
  trackId: string;
  title: string;
  remixOfTrackId: string;
  product: { id: string; slug: string } | null;
  sharePercent: number;
  releasedAt: string;
};
export type ContestReleaseResponse = { release: ContestRelease };
/** GET /api/contests/:id/releases: every released entry of a contest (public once results are out). */
export type ContestReleasesResponse = { releases: ContestRelease[] };

/** A remixer's line of the shares view and its CSV, per currency. */
export type RemixShareRow = {
  username: string | null;
  currency: "usd" | "brl";
  sales: number;
  owedCents: number;
  takenBackCents: number;
  netCents: number;
};
export type RemixSharesResponse = { from: string; to: string; rows: RemixShareRow[] };
