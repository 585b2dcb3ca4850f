// The requests of sales tax and VAT (decision 093): the buyer's place on the local test checkout,
// the back office's tax settings, and the tax report's period. Words and numbers in tax-model.ts.
import { z } from "./zod";
import { JURISDICTION_PATTERN, TAX_BEHAVIORS, TAX_REGISTRATIONS_MAX, type TaxComputation } from "./tax-model";
import { isLocalDate, timeZoneQuery } from "./admin/revenue";

const country = z.string().regex(/^[A-Z]{2}$/, "Expected a country code such as DE");

/**
 * Where the buyer is, as the local checkout asks it (Stripe asks the same on its page): a US
 * buyer names the state (its two letters), as US sales tax is by state.
 */
export const billingPlaceSchema = z
  .strictObject({
    country,
    state: z
      .string()
      .regex(/^[A-Z]{2}$/, "Expected a state code such as CA")
      .nullable()
      .default(null),
    postalCode: z.string().trim().max(20).nullable().default(null),
    /** An optional business tax id (a VAT number), shown on the receipt. */
    taxId: z.string().trim().max(40).nullable().default(null),
  })
  .refine((p) => p.country !== "US" || p.state !== null, { path: ["state"], message: "A US address needs its state" });
export type BillingPlace = z.infer<typeof billingPlaceSchema>;

/** The VIP test checkout's Pay (local mode): where the member is, for the DEMO tax; none: not collected. */
export const localVipPayBodySchema = z.strictObject({ billing: billingPlaceSchema.optional() });

/** POST /api/store/local/checkouts/:id/tax (local test checkout): the Worker's tax for that place. */
export type LocalTaxPreviewResponse = Pick<TaxComputation, "status" | "jurisdiction" | "behavior" | "taxCents" | "totalCents"> & {
  /** The lines, shipping and discount as the Worker priced them, before tax is added. */
  amountCents: number;
  /** Always true: the local calculator's rates are a demo table. */
  demo: true;
};

/** PUT /api/admin/tax/settings. */
export const taxSettingsSchema = z.strictObject({
  registrations: z.array(z.string().regex(JURISDICTION_PATTERN, "Expected a country (DE) or a US state (US-CA)")).max(TAX_REGISTRATIONS_MAX),
  behavior: z.strictObject({ usd: z.enum(TAX_BEHAVIORS), brl: z.enum(TAX_BEHAVIORS) }),
});

const localDate = z.string().max(10).refine(isLocalDate, "Expected a date as YYYY-MM-DD");

/** GET /api/admin/tax/report (and /report.csv): the same period rules as the revenue page. */
export const taxReportQuerySchema = z.strictObject({ from: localDate.optional(), to: localDate.optional(), tz: timeZoneQuery });
