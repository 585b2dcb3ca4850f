// The venue form's state and the request it becomes, checked by the Worker's own schema.
import { DEFAULT_VENUE_COUNTRY, type VenueCountry } from "#contracts/admin/event-limits.ts";
import { venueInputSchema, type AdminVenue, type VenueInput } from "#contracts/admin/venues.ts";
import { fieldErrorsOf, type FieldErrors } from "./errors";

export type VenueForm = { name: string; address: string; city: string; state: string; country: VenueCountry; postalCode: string; capacity: string };
export type VenueField = keyof VenueForm;

export const emptyVenueForm = (): VenueForm => ({ name: "", address: "", city: "", state: "", country: DEFAULT_VENUE_COUNTRY, postalCode: "", capacity: "" });

export const venueFormOf = (venue: AdminVenue): VenueForm => ({
  name: venue.name,
  address: venue.address,
  city: venue.city ?? "",
  state: venue.state ?? "",
  country: venue.country,
  postalCode: venue.postalCode ?? "",
  capacity: venue.capacity === null ? "" : String(venue.capacity),
});

const blankToNull = (value: string) => (value.trim() === "" ? null : value.trim());

export const venueInputOf = (form: VenueForm): VenueInput => ({
  name: blankToNull(form.name),
  address: blankToNull(form.address),
  city: blankToNull(form.city),
  state: blankToNull(form.state),
  country: form.country,
  postalCode: blankToNull(form.postalCode),
  capacity: form.capacity.trim() === "" ? null : Number(form.capacity.trim()),
});

export type CheckedVenue = { ok: true; input: VenueInput } | { ok: false; errors: FieldErrors<VenueField> };

export function checkVenueForm(form: VenueForm): CheckedVenue {
  const input = venueInputOf(form);
  const result = venueInputSchema.safeParse(input);
  return result.success ? { ok: true, input } : { ok: false, errors: fieldErrorsOf<VenueField>(result.error) };
}
