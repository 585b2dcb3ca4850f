// The code of every rule a person can break in a form, with its English text and the values that
// text names. The Worker answers a broken rule with { code, message, field, params } (validate());
// the SPA translates by code and params, so the English text is only what other clients read.
// Rules that guard ids, cursors or a body's shape have no code here: they answer invalid_input.
// A text belongs to one code only (a schema's issue carries its text, not its rule), so rules that
// say the same thing in different forms share a code: email_invalid, name_required, title_required
// (the back office's catalog forms say those two as well), invalid_characters.
import { ARTIST_BIO_MAX, ARTIST_NAME_MAX, SETTINGS_MESSAGES } from "./admin/settings-limits";
import { IMPORT_MESSAGES } from "./admin/marketing";
import { STORE_ORDER_MESSAGES, TRACKING_NUMBER_MAX } from "./store/admin-orders-limits";
import { RELEASE_TIME_MESSAGES } from "./music/admin-catalog-limits";
import {
  CATALOG_IMPORT_MESSAGES as CATALOG_IMPORT,
  IMPORT_FILE_NAME_MAX,
  IMPORT_MAX_FILES,
  IMPORT_MAX_RELEASES,
  IMPORT_MAX_TRACKS,
} from "./music/admin-catalog-import-limits";
import { AUTH_MESSAGES, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from "./auth-limits";
import { CAPACITY_MAX, DESCRIPTION_MAX, EVENT_FORM_MESSAGES, PRICE_MAX, TEXT_MAX } from "./admin/event-limits";
import { COLLECTION_MESSAGES, PLAYLIST_NAME_MAX } from "./music/collection-limits";
import { CONTACT_LIMITS, CONTACT_MESSAGES } from "./contact";
import { COMMENT_MAX, FEED_MESSAGES, POST_MAX, REPORT_DETAILS_MAX } from "./feed-limits";
import { BIO_MAX, LOCATION_MAX, PROFILE_MESSAGES } from "./profile-limits";
import { SEARCH_MESSAGES, SEARCH_QUERY_MAX } from "./search-limits";
import { TEXT_MESSAGES } from "./text-messages";
import {
  CREDIT_DETAIL_MAX,
  CREDIT_NAME_MAX,
  CREDITS_MAX,
  LYRICS_MAX_CHARS,
  TRACK_DETAILS_MESSAGES as TRACK_DETAILS,
  TRACK_LABEL_MAX,
} from "./music/track-details-limits";
import { PARTY_FORM_MESSAGES, PARTY_TITLE_MAX } from "./parties/limits";
import { PERK_CODE_MAX, PERK_DESCRIPTION_MAX, PERK_FORM_MESSAGES, PERK_TITLE_MAX } from "./perk-limits";
import { PRESALE_CODE_MAX, PRESALE_FORM_MESSAGES } from "./presales";
import { REMINDER_FORM_MESSAGES } from "./reminder-limits";
import { TICKET_POSITION_MAX, TICKET_PRICE_MAX_CENTS, TICKET_TYPE_FORM_MESSAGES as TICKET_TYPE } from "./tickets/admin-limits";
import { TICKET_LIMITS } from "./tickets/event-tickets-model";
import {
  STORE_DESCRIPTION_MAX,
  STORE_FORM_MESSAGES as STORE,
  STORE_PER_ORDER_MAX,
  STORE_TITLE_MAX,
  STORE_VARIANT_TEXT_MAX,
  STORE_VIP_DISCOUNT_MAX,
} from "./store/admin-limits";
import { BAN_REASON_MAX, SUSPENSION_MESSAGES } from "./suspension";
import { TICKETS_MINE_MESSAGES } from "./tickets/mine-model";
import {
  TIER_BENEFIT_MAX,
  TIER_BENEFITS_MAX,
  TIER_DESCRIPTION_MAX,
  TIER_FORM_MESSAGES as TIER,
  TIER_NAME_MAX,
  TIER_PRICE_MAX_CENTS,
  TIER_PRICE_MIN_CENTS,
  TIER_TRIAL_DAYS_MAX,
} from "./tiers/limits";
import { ROOM_DESCRIPTION_MAX, ROOM_FORM_MESSAGES as ROOM, ROOM_NAME_MAX, ROOM_POSITION_MAX } from "./rooms/admin-limits";
import { ROOM_SLOW_MODE_MAX_SECONDS } from "./rooms/limits";
import { VIP_YEARLY_PRICE_MAX_CENTS, VIP_YEARLY_PRICE_MIN_CENTS } from "./vip-plans";
import { OFFER_MESSAGES, OFFER_PERCENT_MAX, OFFER_PERCENT_MIN, OFFER_THRESHOLD_MAX } from "./tiers/offers-model";
import { RETENTION_MESSAGES, RETENTION_PERCENT_MAX, RETENTION_PERCENT_MIN, RETENTION_PERIODS_MAX, RETENTION_PERIODS_MIN } from "./tiers/retention-offer-model";
import * as contests from "./areas/contests.words";

/** The values an error's text names (a limit), for its translation. */
export type ErrorParams = Record<string, string | number>;
type Rule = { readonly message: string; readonly params?: Readonly<ErrorParams> };

export const VALIDATION_RULES = {
  invalid_characters: { message: TEXT_MESSAGES.invalidCharacters },

  // Accounts and profiles
  username_required: { message: AUTH_MESSAGES.usernameRequired },
  username_too_long: { message: AUTH_MESSAGES.usernameTooLong, params: { max: USERNAME_MAX } },
  username_pattern: { message: AUTH_MESSAGES.usernamePattern },
  email_invalid: { message: AUTH_MESSAGES.emailInvalid },
  password_too_short: { message: AUTH_MESSAGES.passwordMin, params: { min: PASSWORD_MIN } },
  password_too_long: { message: AUTH_MESSAGES.passwordTooLong, params: { max: PASSWORD_MAX } },
  passwords_dont_match: { message: AUTH_MESSAGES.passwordsDontMatch },
  website_invalid: { message: PROFILE_MESSAGES.invalidUrl },
  bio_too_long: { message: PROFILE_MESSAGES.bioTooLong, params: { max: BIO_MAX } },
  location_too_long: { message: PROFILE_MESSAGES.locationTooLong, params: { max: LOCATION_MAX } },

  // The feed
  post_required: { message: FEED_MESSAGES.postRequired },
  post_too_long: { message: FEED_MESSAGES.postTooLong, params: { max: POST_MAX } },
  comment_required: { message: FEED_MESSAGES.commentRequired },
  comment_too_long: { message: FEED_MESSAGES.commentTooLong, params: { max: COMMENT_MAX } },
  report_details_too_long: { message: FEED_MESSAGES.detailsTooLong, params: { max: REPORT_DETAILS_MAX } },
  image_not_found: { message: FEED_MESSAGES.imageNotFound },
  pin_requires_official: { message: FEED_MESSAGES.pinRequiresOfficial },

  // Search everywhere (decision 056)
  search_query_required: { message: SEARCH_MESSAGES.queryRequired },
  search_query_too_long: { message: SEARCH_MESSAGES.queryTooLong, params: { max: SEARCH_QUERY_MAX } },

  // The contact form (its e-mail rule is the account forms': email_invalid)
  name_required: { message: CONTACT_MESSAGES.nameRequired },
  contact_subject_required: { message: CONTACT_MESSAGES.subjectRequired },
  contact_message_required: { message: CONTACT_MESSAGES.messageRequired },
  contact_name_too_long: { message: CONTACT_MESSAGES.nameTooLong, params: { max: CONTACT_LIMITS.name } },
  contact_email_too_long: { message: CONTACT_MESSAGES.emailTooLong, params: { max: CONTACT_LIMITS.email } },
  contact_subject_too_long: { message: CONTACT_MESSAGES.subjectTooLong, params: { max: CONTACT_LIMITS.subject } },
  contact_message_too_long: { message: CONTACT_MESSAGES.messageTooLong, params: { max: CONTACT_LIMITS.message } },

  // Playlists
  playlist_name_required: { message: COLLECTION_MESSAGES.playlistNameRequired },
  playlist_name_too_long: { message: COLLECTION_MESSAGES.playlistNameTooLong, params: { max: PLAYLIST_NAME_MAX } },

  // The back office's event and venue forms
  title_required: { message: EVENT_FORM_MESSAGES.titleRequired },
  event_date_required: { message: EVENT_FORM_MESSAGES.eventDateRequired },
  event_date_invalid: { message: EVENT_FORM_MESSAGES.dateInvalid },
  event_time_zone_invalid: { message: EVENT_FORM_MESSAGES.timeZoneInvalid },
  event_status_invalid: { message: EVENT_FORM_MESSAGES.statusInvalid },
  event_source_invalid: { message: EVENT_FORM_MESSAGES.sourceInvalid },
  event_eventbrite_id_required: { message: EVENT_FORM_MESSAGES.eventbriteIdRequired },
  event_url_invalid: { message: EVENT_FORM_MESSAGES.urlInvalid },
  event_venue_name_required: { message: EVENT_FORM_MESSAGES.venueNameRequired },
  event_venue_address_required: { message: EVENT_FORM_MESSAGES.venueAddressRequired },
  event_venue_city_required: { message: EVENT_FORM_MESSAGES.venueCityRequired },
  event_venue_state_required: { message: EVENT_FORM_MESSAGES.venueStateRequired },
  event_country_invalid: { message: EVENT_FORM_MESSAGES.countryInvalid },
  event_currency_invalid: { message: EVENT_FORM_MESSAGES.currencyInvalid },
  event_capacity_required: { message: EVENT_FORM_MESSAGES.capacityRequired },
  event_capacity_invalid: { message: EVENT_FORM_MESSAGES.capacityInvalid },
  event_capacity_min: { message: EVENT_FORM_MESSAGES.capacityMin },
  event_capacity_too_large: { message: EVENT_FORM_MESSAGES.capacityTooLarge, params: { max: CAPACITY_MAX } },
  event_price_min_required: { message: EVENT_FORM_MESSAGES.priceMinRequired },
  event_price_max_required: { message: EVENT_FORM_MESSAGES.priceMaxRequired },
  event_price_invalid: { message: EVENT_FORM_MESSAGES.priceInvalid },
  event_price_min: { message: EVENT_FORM_MESSAGES.priceMin },
  event_price_step: { message: EVENT_FORM_MESSAGES.priceStep },
  event_price_too_large: { message: EVENT_FORM_MESSAGES.priceTooLarge, params: { max: PRICE_MAX } },
  event_price_order: { message: EVENT_FORM_MESSAGES.priceOrder },
  event_sale_start_required: { message: EVENT_FORM_MESSAGES.saleStartRequired },
  event_sale_end_required: { message: EVENT_FORM_MESSAGES.saleEndRequired },
  event_sale_order: { message: EVENT_FORM_MESSAGES.saleOrder },
  event_venue_unknown: { message: EVENT_FORM_MESSAGES.venueUnknown },
  event_online_invalid: { message: EVENT_FORM_MESSAGES.onlineInvalid },
  event_text_too_long: { message: EVENT_FORM_MESSAGES.textTooLong, params: { max: TEXT_MAX } },
  event_description_too_long: { message: EVENT_FORM_MESSAGES.descriptionTooLong, params: { max: DESCRIPTION_MAX } },

  // The event form's VIP presale (decision 029)
  event_presale_mode_invalid: { message: PRESALE_FORM_MESSAGES.modeInvalid },
  event_presale_start_required: { message: PRESALE_FORM_MESSAGES.startRequired },
  event_presale_end_required: { message: PRESALE_FORM_MESSAGES.endRequired },
  event_presale_order: { message: PRESALE_FORM_MESSAGES.order },
  event_general_sale_order: { message: PRESALE_FORM_MESSAGES.generalSaleOrder },
  event_presale_after_event: { message: PRESALE_FORM_MESSAGES.afterEvent },
  event_presale_code_required: { message: PRESALE_FORM_MESSAGES.codeRequired },
  event_presale_code_invalid: { message: PRESALE_FORM_MESSAGES.codeInvalid, params: { max: PRESALE_CODE_MAX } },

  // The event form's "Remind me" times (decision 045)
  event_reminder_offsets_required: { message: REMINDER_FORM_MESSAGES.offsetsRequired },
  event_reminder_offsets_repeated: { message: REMINDER_FORM_MESSAGES.offsetsRepeated },
  event_reminder_offset_invalid: { message: REMINDER_FORM_MESSAGES.offsetInvalid },

  // The event form's ticket types (decision 055; the name rule is name_required)
  ticket_type_name_too_long: { message: TICKET_TYPE.nameTooLong, params: { max: TICKET_LIMITS.nameMax } },
  ticket_type_price_invalid: { message: TICKET_TYPE.priceInvalid, params: { max: TICKET_PRICE_MAX_CENTS } },
  ticket_type_quantity_invalid: { message: TICKET_TYPE.quantityInvalid, params: { max: TICKET_LIMITS.maxQuantity } },
  ticket_type_per_order_limit_invalid: { message: TICKET_TYPE.perOrderLimitInvalid, params: { max: TICKET_LIMITS.maxPerOrderLimit } },
  ticket_type_position_invalid: { message: TICKET_TYPE.positionInvalid, params: { max: TICKET_POSITION_MAX } },

  // The back office's album and track forms: release times
  early_access_order: { message: RELEASE_TIME_MESSAGES.earlyAccessOrder },
  early_access_needs_release: { message: RELEASE_TIME_MESSAGES.earlyAccessNeedsRelease },

  // The back office's settings (the other settings are chosen, not typed: invalid_input)
  artist_name_required: { message: SETTINGS_MESSAGES.artistNameRequired },
  artist_name_too_long: { message: SETTINGS_MESSAGES.artistNameTooLong, params: { max: ARTIST_NAME_MAX } },
  artist_bio_too_long: { message: SETTINGS_MESSAGES.artistBioTooLong, params: { max: ARTIST_BIO_MAX } },
  // VIP plans: the yearly plan's amount, in whole units of the monthly plan's currency
  vip_yearly_price_invalid: {
    message: SETTINGS_MESSAGES.vipYearlyPriceInvalid,
    params: { min: VIP_YEARLY_PRICE_MIN_CENTS / 100, max: VIP_YEARLY_PRICE_MAX_CENTS / 100 },
  },

  // The back office's listening party form (its title rule is title_required)
  party_title_too_long: { message: PARTY_FORM_MESSAGES.titleTooLong, params: { max: PARTY_TITLE_MAX } },

  // The back office's perk form (its title rule is title_required)
  perk_title_too_long: { message: PERK_FORM_MESSAGES.titleTooLong, params: { max: PERK_TITLE_MAX } },
  perk_description_required: { message: PERK_FORM_MESSAGES.descriptionRequired },
  perk_description_too_long: { message: PERK_FORM_MESSAGES.descriptionTooLong, params: { max: PERK_DESCRIPTION_MAX } },
  perk_link_invalid: { message: PERK_FORM_MESSAGES.linkInvalid },
  perk_shared_code_required: { message: PERK_FORM_MESSAGES.sharedCodeRequired },
  perk_code_invalid: { message: PERK_FORM_MESSAGES.codeInvalid, params: { max: PERK_CODE_MAX } },
  perk_starts_required: { message: PERK_FORM_MESSAGES.startsRequired },
  perk_ends_required: { message: PERK_FORM_MESSAGES.endsRequired },
  perk_time_invalid: { message: PERK_FORM_MESSAGES.timeInvalid },
  perk_end_before_start: { message: PERK_FORM_MESSAGES.endBeforeStart },

  // The back office's store: products, variants and promotion codes (its title rule is title_required)
  store_title_too_long: { message: STORE.titleTooLong, params: { max: STORE_TITLE_MAX } },
  store_description_too_long: { message: STORE.descriptionTooLong, params: { max: STORE_DESCRIPTION_MAX } },
  store_slug_invalid: { message: STORE.slugInvalid },
  store_slug_reserved: { message: STORE.slugReserved },
  store_price_invalid: { message: STORE.priceInvalid },
  store_fixed_price_zero: { message: STORE.fixedPriceZero },
  store_vip_price_and_discount: { message: STORE.vipPriceAndDiscount },
  store_vip_price_not_lower: { message: STORE.vipPriceNotLower },
  store_vip_price_incomplete: { message: STORE.vipPriceIncomplete },
  store_vip_discount_invalid: { message: STORE.vipDiscountInvalid, params: { max: STORE_VIP_DISCOUNT_MAX } },
  store_release_required: { message: STORE.releaseRequired },
  store_album_unknown: { message: STORE.albumUnknown },
  store_track_unknown: { message: STORE.trackUnknown },
  store_weight_class_required: { message: STORE.weightClassRequired },
  store_gift_months_required: { message: STORE.giftMonthsRequired },
  store_per_order_limit_invalid: { message: STORE.perOrderLimitInvalid, params: { max: STORE_PER_ORDER_MAX } },
  store_position_invalid: { message: STORE.positionInvalid },
  store_sku_invalid: { message: STORE.skuInvalid },
  store_variant_text_too_long: { message: STORE.variantTextTooLong, params: { max: STORE_VARIANT_TEXT_MAX } },
  store_stock_invalid: { message: STORE.stockInvalid },
  store_stock_delta_invalid: { message: STORE.stockDeltaInvalid },
  store_promo_code_invalid: { message: STORE.promoCodeInvalid },
  store_promo_percent_invalid: { message: STORE.promoPercentInvalid },
  store_promo_max_uses_invalid: { message: STORE.promoMaxUsesInvalid },
  store_promo_perk_unknown: { message: STORE.promoPerkUnknown },
  store_promo_time_invalid: { message: STORE.promoTimeInvalid },
  store_promo_end_before_start: { message: STORE.promoEndBeforeStart },

  // The back office's ban form: a reason and an end (or permanent)
  ban_reason_required: { message: SUSPENSION_MESSAGES.reasonRequired },
  ban_reason_too_long: { message: SUSPENSION_MESSAGES.reasonTooLong, params: { max: BAN_REASON_MAX } },
  ban_until_invalid: { message: SUSPENSION_MESSAGES.untilInvalid },
  ban_until_past: { message: SUSPENSION_MESSAGES.untilPast },

  // The back office's contacts import: the basis the list's consent rests on (decision 045)
  import_basis_required: { message: IMPORT_MESSAGES.basisRequired },

  // The back office's store orders: marking one shipped, a refund's amount, the list's period
  tracking_number_required: { message: STORE_ORDER_MESSAGES.trackingNumberRequired },
  tracking_number_invalid: { message: STORE_ORDER_MESSAGES.trackingNumberInvalid, params: { max: TRACKING_NUMBER_MAX } },
  tracking_url_invalid: { message: STORE_ORDER_MESSAGES.trackingUrlInvalid },
  carrier_name_required: { message: STORE_ORDER_MESSAGES.carrierNameRequired },
  refund_amount_invalid: { message: STORE_ORDER_MESSAGES.refundAmountInvalid },
  order_period_invalid: { message: STORE_ORDER_MESSAGES.periodInvalid },

  // tickets: the buyer's tickets (the name at the door)
  ticket_holder_name_too_long: { message: TICKETS_MINE_MESSAGES.holderNameTooLong, params: { max: TICKET_LIMITS.holderNameMax } },

  // The back office's upgrade and win-back offers (decision 101)
  offer_threshold_invalid: { message: OFFER_MESSAGES.thresholdInvalid, params: { min: 0, max: OFFER_THRESHOLD_MAX } },
  offer_percent_invalid: { message: OFFER_MESSAGES.percentInvalid, params: { min: OFFER_PERCENT_MIN, max: OFFER_PERCENT_MAX } },
  offer_tier_invalid: { message: OFFER_MESSAGES.tierInvalid },
  // The back office's retention offer (decision 103)
  retention_percent_invalid: { message: RETENTION_MESSAGES.percentInvalid, params: { min: RETENTION_PERCENT_MIN, max: RETENTION_PERCENT_MAX } },
  retention_periods_invalid: { message: RETENTION_MESSAGES.periodsInvalid, params: { min: RETENTION_PERIODS_MIN, max: RETENTION_PERIODS_MAX } },
  // The back office's membership tier form (decision 097)
  tier_name_required: { message: TIER.nameRequired },
  tier_name_too_long: { message: TIER.nameTooLong, params: { max: TIER_NAME_MAX } },
  tier_id_invalid: { message: TIER.idInvalid },
  tier_description_too_long: { message: TIER.descriptionTooLong, params: { max: TIER_DESCRIPTION_MAX } },
  tier_benefit_required: { message: TIER.benefitRequired },
  tier_benefit_too_long: { message: TIER.benefitTooLong, params: { max: TIER_BENEFIT_MAX } },
  tier_benefits_too_many: { message: TIER.benefitsTooMany, params: { max: TIER_BENEFITS_MAX } },
  tier_price_invalid: { message: TIER.priceInvalid, params: { min: TIER_PRICE_MIN_CENTS, max: TIER_PRICE_MAX_CENTS } },
  tier_price_required: { message: TIER.priceRequired },
  tier_prices_fixed: { message: TIER.pricesFixed },
  tier_badge_color_invalid: { message: TIER.badgeColorInvalid },
  tier_trial_days_invalid: { message: TIER.trialDaysInvalid, params: { max: TIER_TRIAL_DAYS_MAX } },
  // The back office's room form (decision 106)
  room_name_required: { message: ROOM.nameRequired },
  room_name_too_long: { message: ROOM.nameTooLong, params: { max: ROOM_NAME_MAX } },
  room_id_invalid: { message: ROOM.idInvalid },
  room_description_too_long: { message: ROOM.descriptionTooLong, params: { max: ROOM_DESCRIPTION_MAX } },
  room_slow_mode_invalid: { message: ROOM.slowModeInvalid, params: { max: ROOM_SLOW_MODE_MAX_SECONDS } },
  room_position_invalid: { message: ROOM.positionInvalid, params: { max: ROOM_POSITION_MAX } },
  room_tier_required: { message: ROOM.tierRequired },
  room_event_required: { message: ROOM.eventRequired },
  // A track's lyrics and credits (decision 112)
  lyrics_required: { message: TRACK_DETAILS.lyricsRequired },
  lyrics_too_long: { message: TRACK_DETAILS.lyricsTooLong, params: { max: LYRICS_MAX_CHARS } },
  lyrics_not_synced: { message: TRACK_DETAILS.lyricsNotSynced },
  credit_name_required: { message: TRACK_DETAILS.creditNameRequired },
  credit_name_too_long: { message: TRACK_DETAILS.creditNameTooLong, params: { max: CREDIT_NAME_MAX } },
  credit_detail_too_long: { message: TRACK_DETAILS.creditDetailTooLong, params: { max: CREDIT_DETAIL_MAX } },
  credits_too_many: { message: TRACK_DETAILS.creditsTooMany, params: { max: CREDITS_MAX } },
  isrc_invalid: { message: TRACK_DETAILS.isrcInvalid },
  track_label_too_long: { message: TRACK_DETAILS.labelTooLong, params: { max: TRACK_LABEL_MAX } },
  recorded_on_invalid: { message: TRACK_DETAILS.recordedOnInvalid },
  // Import by the folder (decision 119)
  import_duplicate_track_number: { message: CATALOG_IMPORT.duplicateTrackNumber },
  import_too_many_releases: { message: CATALOG_IMPORT.tooManyReleases, params: { max: IMPORT_MAX_RELEASES } },
  import_too_many_tracks: { message: CATALOG_IMPORT.tooManyTracks, params: { max: IMPORT_MAX_TRACKS } },
  import_too_many_files: { message: CATALOG_IMPORT.tooManyFiles, params: { max: IMPORT_MAX_FILES } },
  import_file_too_large: { message: CATALOG_IMPORT.fileTooLarge },
  import_file_name_required: { message: CATALOG_IMPORT.fileNameRequired },
  import_file_name_too_long: { message: CATALOG_IMPORT.fileNameTooLong, params: { max: IMPORT_FILE_NAME_MAX } },
  ...contests.validationCodes,
} as const satisfies Record<string, Rule>;

export type ValidationCode = keyof typeof VALIDATION_RULES;

const CODE_BY_TEXT = new Map(Object.entries(VALIDATION_RULES).map(([code, rule]) => [rule.message as string, code as ValidationCode]));

/** What the API answers when a schema refuses a value (its first issue). */
export type ValidationFailure = { code: ValidationCode | "invalid_input"; message: string; field?: string; params?: ErrorParams };

/** The code, field and values of a schema's issue: its rule's, or invalid_input for a rule without a code. */
export function validationFailure(issue: { message: string; path: readonly PropertyKey[] } | undefined): ValidationFailure {
  const message = issue?.message ?? "Invalid input";
  const field = issue?.path.map(String).join(".");
  const code = CODE_BY_TEXT.get(message);
  const params = code ? (VALIDATION_RULES[code] as Rule).params : undefined;
  return { code: code ?? "invalid_input", message, ...(field ? { field } : {}), ...(params ? { params: { ...params } } : {}) };
}
