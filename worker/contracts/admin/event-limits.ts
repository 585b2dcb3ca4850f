// The back office's event and venue values the SPA needs at run time, without zod: the admin
// routes' loaders reach the first load, and zod must not (admin-event-fields.ts re-exports these).
import { TEXT_MESSAGES } from "../text-messages.ts";
import { COUNTRY_CODES } from "../countries.ts";

export const ADMIN_EVENTS_API = "/api/admin/events";
export const ADMIN_VENUES_API = "/api/admin/venues";

/** Venue countries the forms offer: every ISO 3166-1 country, as its alpha-3 code (decision 037). */
export const VENUE_COUNTRIES = COUNTRY_CODES;
export type VenueCountry = string;
export const DEFAULT_VENUE_COUNTRY: VenueCountry = "USA";
/** Where a new event is, unless the form says otherwise (the events table's default too). */
export const DEFAULT_EVENT_TIME_ZONE = "America/New_York";

export const TEXT_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const URL_MAX = 2048;
export const SEARCH_MAX = 200;
export const CAPACITY_MAX = 10_000_000;
export const PRICE_MAX = 1_000_000;
/** Dates outside these years are typing mistakes, not events. */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2100;

/** English texts; the API names each rule by its code (validation-codes.ts), which the SPA translates. */
export const EVENT_FORM_MESSAGES = {
  titleRequired: "Title is required",
  eventDateRequired: "Event date and time is required",
  dateInvalid: "Enter a valid date and time",
  timeZoneInvalid: "Choose a valid time zone",
  statusInvalid: "Choose Draft, Published or Cancelled",
  sourceInvalid: "Choose Custom or Eventbrite",
  eventbriteIdRequired: "Eventbrite event ID is required",
  urlInvalid: "Enter a valid web address (https://...)",
  venueNameRequired: "Venue name is required",
  venueAddressRequired: "Venue address is required",
  venueCityRequired: "Venue city is required",
  venueStateRequired: "Venue state is required",
  countryInvalid: "Choose a country from the list",
  currencyInvalid: "Choose a currency from the list",
  capacityRequired: "Venue capacity is required",
  capacityInvalid: "Capacity must be a whole number",
  capacityMin: "Capacity must be 0 or more",
  capacityTooLarge: `Capacity must be at most ${CAPACITY_MAX}`,
  priceMinRequired: "Minimum price is required",
  priceMaxRequired: "Maximum price is required",
  priceInvalid: "Price must be a number",
  priceMin: "Price must be 0 or more",
  priceStep: "Price can have at most two decimals",
  priceTooLarge: `Price must be at most ${PRICE_MAX}`,
  priceOrder: "Maximum price must be at least the minimum price",
  saleStartRequired: "Ticket sale start is required",
  saleEndRequired: "Ticket sale end is required",
  saleOrder: "Ticket sale end must be on or after the sale start",
  venueUnknown: "The chosen venue does not exist",
  onlineInvalid: "Online must be true or false",
  textTooLong: `Must be at most ${TEXT_MAX} characters`,
  descriptionTooLong: `Description must be at most ${DESCRIPTION_MAX} characters`,
  invalidCharacters: TEXT_MESSAGES.invalidCharacters,
} as const;

/** Answers other than a form field's 400 (the SPA shows its own text for each code). */
export const ADMIN_EVENT_MESSAGES = {
  eventNotFound: "Event not found",
  eventbriteTaken: "Another event already uses this Eventbrite event ID",
} as const;

export const ADMIN_VENUE_MESSAGES = {
  venueNotFound: "Venue not found",
} as const;
