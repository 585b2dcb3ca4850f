// Pools of codes handed to one member each: a VIP presale's codes from the ticketing provider and
// a perk's codes (decision 026). The admin imports a CSV the same way as tickets: the file cut
// into pieces in the browser, a preview with a suggested column, then each piece imported.
import { z } from "./zod";
import { OFFER_CODE_MESSAGES } from "./offer-code-limits";

export const OFFER_POOL_KINDS = ["presale", "perk"] as const;
export type OfferPoolKind = (typeof OFFER_POOL_KINDS)[number];
/** The event or perk whose codes these are. */
export type OfferPool = { kind: OfferPoolKind; id: string };

/** How a presale or a perk hands out its code: none, one code for everyone, or one per member. */
export const CODE_MODES = ["none", "shared", "unique"] as const;
export type CodeMode = (typeof CODE_MODES)[number];

export const OFFER_CODE_MAX = 64;
/** Rows of the file shown under the column choice. */
export const OFFER_CODE_PREVIEW_ROWS = 5;
/** Row problems listed in one answer (the counts are always whole). */
export const OFFER_CODE_ISSUES_MAX = 100;

export const OFFER_CODE_ERROR_CODES = { noRows: "no_rows", columnInvalid: "column_invalid" } as const;

/** A code as members receive it: printable, no spaces inside, at most OFFER_CODE_MAX characters. */
export const OFFER_CODE_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}\-_.:/#+]*$/u;
export const isOfferCode = (value: string) => value.length <= OFFER_CODE_MAX && OFFER_CODE_PATTERN.test(value);

/** POST …/codes/import: one piece of the file (the header row, then whole rows) and its code column. */
export const offerCodeImportSchema = z.strictObject({
  csv: z.string().min(1, OFFER_CODE_MESSAGES.csvRequired),
  column: z.number().int().min(0).max(999),
  firstRow: z
    .number({ error: OFFER_CODE_MESSAGES.firstRowInvalid })
    .int(OFFER_CODE_MESSAGES.firstRowInvalid)
    .min(2, OFFER_CODE_MESSAGES.firstRowInvalid)
    .default(2),
});
/**
 * The body as a caller writes it (defaults optional), for tests.
 * @internal
 */
export type OfferCodeImportBody = z.input<typeof offerCodeImportSchema>;

/** POST …/codes/preview: the file's columns, the column that looks like the codes, first rows. */
export type OfferCodePreviewResponse = { columns: string[]; delimiter: string; column: number; rows: string[][]; rowCount: number };

export type OfferCodeRowIssue = { row: number; code: "invalid_code" | "duplicate_in_file"; value: string };

export type OfferCodeImportResponse = {
  /** Data rows in the piece. */
  rows: number;
  /** Codes added to the pool. */
  added: number;
  /** Codes the pool already held (a file imported twice adds nothing). */
  alreadyStored: number;
  /** Rows whose cell is not a code, or repeat one earlier in the piece. */
  invalid: number;
  issues: OfferCodeRowIssue[];
};

/** What an admin sees of a pool. */
export type OfferCodeCounts = { total: number; claimed: number; left: number };
