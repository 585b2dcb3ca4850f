// The back office's saved venues (/api/admin/venues): the venue form's rules as a zod schema shared
// by the Worker and the SPA, and the answers' shapes. Name and address are required; the rest
// follows the event form's venue block (country: any ISO 3166-1 alpha-3 code, USA by default; capacity a whole number, 0 or more).
import { z } from "../zod";
import {
  ALWAYS,
  DEFAULT_VENUE_COUNTRY,
  EVENT_FORM_MESSAGES as M,
  SEARCH_MAX,
  VENUE_COUNTRIES,
  optionalCapacity,
  optionalText,
  requireFields,
  type VenueCountry,
} from "./event-fields";
export { ADMIN_VENUE_MESSAGES } from "./event-limits";

export const ADMIN_VENUE_CODES = { notFound: "venue_not_found", inUse: "venue_in_use" } as const;

/** The 409 for a venue still used by events: says how many. */
export const venueInUseMessage = (count: number) =>
  `This venue is used by ${count === 1 ? "1 event" : `${count} events`} and cannot be deleted. Choose another venue for ${count === 1 ? "it" : "them"} first.`;

const fields = {
  name: optionalText(),
  address: optionalText(),
  city: optionalText(),
  state: optionalText(),
  country: z
    .string({ error: M.countryInvalid })
    .refine((c) => VENUE_COUNTRIES.includes(c), M.countryInvalid)
    .nullish()
    .transform((c): VenueCountry => c ?? DEFAULT_VENUE_COUNTRY),
  postalCode: optionalText(),
  capacity: optionalCapacity(),
};

type Fields = z.output<z.ZodObject<typeof fields>>;

function checkVenue(v: Fields, ctx: z.RefinementCtx<Fields>) {
  requireFields(v, ctx, [
    ["name", M.venueNameRequired],
    ["address", M.venueAddressRequired],
  ]);
}

/** A venue as the form sends it, for create (POST) and edit (PUT: every field again). */
export const venueInputSchema = z
  .strictObject(fields)
  .superRefine(checkVenue, ALWAYS)
  .transform((v) => ({ ...v, name: v.name!, address: v.address! }));

export type VenueInput = z.input<typeof venueInputSchema>;
export type VenueValues = z.output<typeof venueInputSchema>;

/** GET /api/admin/venues: a search on name and address, any case. */
export const venueListQuerySchema = z.object({ search: z.string().max(SEARCH_MAX).optional() });

export type AdminVenue = {
  id: string;
  name: string;
  address: string;
  city: string | null;
  state: string | null;
  country: VenueCountry;
  postalCode: string | null;
  capacity: number | null;
  /** How many events were filled from it (it cannot be deleted while any is). */
  eventCount: number;
  createdAt: string;
  updatedAt: string;
};

export type AdminVenuesResponse = { venues: AdminVenue[] };
export type AdminVenueResponse = { venue: AdminVenue };
export type VenueDeletedResponse = { deleted: string };
