// The code of every error a route answers besides the form rules (validation-codes.ts), with its
// status and English text. The Worker's error helpers (worker/lib/errors.ts) take only these codes
// and, where a code has one status, take the status from here; the SPA translates by code and
// types its texts by ApiErrorCode, so a code is added here first. The English text is what other
// clients read; a route may say it more precisely (which album, which file limit) under the same
// code. A code answered with two statuses lists both, and the route names the one it means.
import { ACCOUNT_MESSAGES } from "./account-limits";
import { CATALOG_MESSAGES } from "./music/admin-catalog-limits";
import { CATALOG_IMPORT_MESSAGES } from "./music/admin-catalog-import-limits";
import { ADMIN_EVENT_MESSAGES } from "./admin/event-limits";
import { EVENT_CANCEL_MESSAGES } from "./tickets/event-cancellation-limits";
import { TICKET_TYPE_MESSAGES } from "./tickets/admin-limits";
import { IMPORT_MESSAGES } from "./admin/marketing";
import { INBOX_MESSAGES } from "./admin/messages";
import { STORE_ADMIN_MESSAGES as STORE_ADMIN } from "./store/admin-limits";
import { TICKET_MESSAGES } from "./tickets/admin-limits";
import { TICKETS_MINE_MESSAGES } from "./tickets/mine-model";
import { STORE_ORDER_MESSAGES } from "./store/admin-orders-limits";
import { USER_ADMIN_MESSAGES } from "./admin/users-limits";
import { ADMIN_VENUE_MESSAGES } from "./admin/event-limits";
import { AUTH_MESSAGES } from "./auth-limits";
import { BOT_CHECK_MESSAGES } from "./bot-check";
import { COLLECTION_MESSAGES } from "./music/collection-limits";
import { EMAIL_VERIFICATION_MESSAGES } from "./email-verification-limits";
import { FEED_MESSAGES } from "./feed-limits";
import { RATE_LIMIT_MESSAGE } from "./limits";
import { MEMBER_DATA_MESSAGES } from "./member-data-limits";
import { MODERATION_MESSAGES } from "./moderation";
import { MUSIC_MESSAGES } from "./music/limits";
import { OFFER_CODE_MESSAGES } from "./offer-code-limits";
import { PARTY_MESSAGES } from "./parties/limits";
import { LIVE_MESSAGES } from "./live-limits";
import { ROOM_MESSAGES, ROOM_PICTURE_MESSAGES, ROOM_REPORT_MESSAGES } from "./rooms/limits";
import { TRACK_DETAILS_MESSAGES } from "./music/track-details-limits";
import { ADMIN_ROOM_MESSAGES } from "./rooms/admin-limits";
import { TIER_MOVE_MESSAGES } from "./tiers/moves-limits";
import { PAYMENT_MESSAGES } from "./payment-limits";
import { PERK_MESSAGES } from "./perk-limits";
import { PRESALE_MESSAGES } from "./presales";
import { PROFILE_MESSAGES } from "./profile-limits";
import { RADIO_MESSAGES } from "./radio";
import { REMINDER_MESSAGES } from "./reminder-limits";
import { NOTIFY_MESSAGES } from "./notify-me-model";
import { SIGN_IN_LINK_MESSAGES } from "./sign-in-link-limits";
import { TV_MESSAGES } from "./tv";
import { OFFER_MESSAGES } from "./tiers/offers-model";
import { RETENTION_MESSAGES } from "./tiers/retention-offer-model";
import { TIER_MESSAGES } from "./tiers/limits";
import type { ValidationCode } from "./validation-codes";
import * as contests from "./areas/contests.words";

/** The statuses the API answers a failure with. */
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 411 | 413 | 415 | 429 | 500 | 501 | 502 | 503;
type RouteRule = { readonly status: ErrorStatus | readonly [ErrorStatus, ErrorStatus]; readonly en: string };

export const ROUTE_CODES = {
  // The request itself and the pipeline (middleware, Hono's own exceptions, the last resort)
  bad_request: { status: 400, en: "Bad request" },
  invalid_input: { status: 400, en: "Invalid input" },
  unauthorized: { status: 401, en: "Sign in required" },
  not_found: { status: 404, en: "Not found" },
  payload_too_large: { status: 413, en: "Request body is too large" },
  rate_limited: { status: 429, en: RATE_LIMIT_MESSAGE },
  internal: { status: 500, en: "Something went wrong. Please try again." },
  misconfigured: { status: 500, en: "The server is not configured correctly." },
  csrf: { status: 403, en: "Cross-site request refused" },
  upgrade_required: { status: 400, en: "Expected a WebSocket upgrade" },
  origin_refused: { status: 403, en: "Cross-site WebSocket refused" },
  format_unsupported: { status: 501, en: "Only JSON oEmbed is offered" },

  // Roles (the guards)
  vip_required: { status: 403, en: "VIP Access Required" },
  tier_required: { status: 403, en: "A higher membership tier is required" },
  admin_required: { status: 403, en: "Admin Access Required" },
  door_staff_required: { status: 403, en: "Door Staff Access Required" },

  // Accounts: sign-in, sign-up, reset, verification, sessions, member rights
  // 401 at sign-in; 403 when a signed-in member re-types a wrong current password.
  invalid_credentials: { status: [401, 403], en: AUTH_MESSAGES.invalidCredentials },
  account_suspended: { status: 403, en: "Your account is suspended." },
  email_taken: { status: 409, en: AUTH_MESSAGES.emailTaken },
  username_taken: { status: 409, en: AUTH_MESSAGES.usernameTaken },
  user_not_found: { status: 404, en: USER_ADMIN_MESSAGES.userNotFound },
  reset_invalid: { status: 400, en: AUTH_MESSAGES.resetInvalid },
  reset_expired: { status: 410, en: AUTH_MESSAGES.resetExpired },
  sign_in_link_invalid: { status: 400, en: SIGN_IN_LINK_MESSAGES.invalid },
  sign_in_link_expired: { status: 410, en: SIGN_IN_LINK_MESSAGES.expired },
  mail_failed: { status: 502, en: EMAIL_VERIFICATION_MESSAGES.mailFailed },
  email_unverified: { status: 403, en: EMAIL_VERIFICATION_MESSAGES.unverified },
  verification_invalid: { status: 400, en: EMAIL_VERIFICATION_MESSAGES.invalid },
  verification_expired: { status: 410, en: EMAIL_VERIFICATION_MESSAGES.expired },
  email_already_verified: { status: 409, en: EMAIL_VERIFICATION_MESSAGES.alreadyVerified },
  email_unchanged: { status: 400, en: EMAIL_VERIFICATION_MESSAGES.unchanged },
  session_not_found: { status: 404, en: ACCOUNT_MESSAGES.sessionNotFound },
  confirmation_mismatch: { status: 400, en: MEMBER_DATA_MESSAGES.confirmationMismatch },
  last_admin: { status: 409, en: USER_ADMIN_MESSAGES.lastAdmin },
  export_not_found: { status: 404, en: MEMBER_DATA_MESSAGES.exportNotFound },
  export_link_invalid: { status: 403, en: MEMBER_DATA_MESSAGES.exportLinkInvalid },
  export_rate_limited: { status: 429, en: MEMBER_DATA_MESSAGES.exportRateLimited },
  payment_cancel_failed: { status: 502, en: MEMBER_DATA_MESSAGES.paymentCancelFailed },

  // Uploads (avatars, post images, the back office's media and CSV files) and media links
  too_large: { status: 413, en: "The file is too large" },
  not_image: { status: 400, en: PROFILE_MESSAGES.notImage },
  image_dimensions: { status: 400, en: PROFILE_MESSAGES.imageDimensions },
  invalid_upload: { status: 400, en: "The upload could not be read. Please try again." },
  invalid_account: { status: 400, en: "This account cannot upload an avatar." },
  upload_conflict: { status: 409, en: "Another upload changed your avatar. Please try again." },
  unsupported_type: { status: 415, en: "This type of file is not accepted" },
  empty_file: { status: 400, en: CATALOG_MESSAGES.emptyFile },
  length_required: { status: 411, en: CATALOG_MESSAGES.lengthRequired },
  upload_incomplete: { status: 400, en: CATALOG_MESSAGES.uploadIncomplete },
  url_not_https: { status: 400, en: CATALOG_MESSAGES.httpsRequired },
  url_not_allowed: { status: 400, en: CATALOG_MESSAGES.hostNotAllowed },
  url_refused: { status: 400, en: CATALOG_MESSAGES.urlRefused },
  upstream_failed: { status: 502, en: "The audio host did not answer as expected" },
  media_token_invalid: { status: 403, en: MUSIC_MESSAGES.linkExpired },

  // The feed
  post_not_found: { status: 404, en: FEED_MESSAGES.postNotFound },
  comment_not_found: { status: 404, en: MODERATION_MESSAGES.commentNotFound },
  already_reported: { status: 409, en: FEED_MESSAGES.alreadyReported },
  pin_limit: { status: 409, en: FEED_MESSAGES.pinLimit },
  pin_not_official: { status: 409, en: FEED_MESSAGES.pinRequiresOfficial },

  // Music, playlists and favourites
  album_not_found: { status: 404, en: MUSIC_MESSAGES.albumNotFound },
  track_not_found: { status: 404, en: MUSIC_MESSAGES.trackNotFound },
  not_playable: { status: 409, en: MUSIC_MESSAGES.notPlayable },
  preview_unavailable: { status: 409, en: MUSIC_MESSAGES.previewUnavailable },
  lossless_unavailable: { status: 409, en: MUSIC_MESSAGES.losslessUnavailable },
  playlist_not_found: { status: 404, en: COLLECTION_MESSAGES.playlistNotFound },
  playlist_name_taken: { status: 409, en: COLLECTION_MESSAGES.playlistNameTaken },
  playlists_limit: { status: 409, en: COLLECTION_MESSAGES.tooManyPlaylists },
  unknown_track: { status: 400, en: COLLECTION_MESSAGES.trackNotInCatalog },
  track_in_playlist: { status: 409, en: COLLECTION_MESSAGES.trackAlreadyInPlaylist },
  playlist_full: { status: 409, en: COLLECTION_MESSAGES.playlistFull },
  track_not_in_playlist: { status: 404, en: COLLECTION_MESSAGES.trackNotInPlaylist },
  not_a_permutation: { status: 400, en: COLLECTION_MESSAGES.notAPermutation },
  playlist_changed: { status: 409, en: "The playlist changed meanwhile. Please reload it and try again." },
  favorites_limit: { status: 409, en: COLLECTION_MESSAGES.tooManyFavorites },

  // Radio and TV
  station_not_found: { status: 404, en: RADIO_MESSAGES.stationNotFound },
  empty_rotation: { status: 409, en: RADIO_MESSAGES.emptyRotation },
  channel_not_found: { status: 404, en: TV_MESSAGES.channelNotFound },
  no_source: { status: 409, en: TV_MESSAGES.noSource },

  // Events: reminders and the VIP presale
  event_not_found: { status: 404, en: ADMIN_EVENT_MESSAGES.eventNotFound },
  event_cancelled: { status: 409, en: REMINDER_MESSAGES.cancelled },
  event_started: { status: 409, en: REMINDER_MESSAGES.started },
  reminder_link_invalid: { status: 400, en: REMINDER_MESSAGES.linkInvalid },
  reminder_link_expired: { status: 410, en: REMINDER_MESSAGES.linkExpired },
  // "Notify me" on upcoming releases and events not yet on sale (decision 057)
  already_released: { status: 409, en: NOTIFY_MESSAGES.alreadyReleased },
  already_on_sale: { status: 409, en: NOTIFY_MESSAGES.alreadyOnSale },
  notify_link_invalid: { status: 400, en: NOTIFY_MESSAGES.linkInvalid },
  notify_link_expired: { status: 410, en: NOTIFY_MESSAGES.linkExpired },
  presale_not_found: { status: 404, en: PRESALE_MESSAGES.notFound },
  presale_not_open: { status: 409, en: PRESALE_MESSAGES.notOpen },
  presale_codes_gone: { status: 409, en: PRESALE_MESSAGES.codesGone },

  // Perks
  perk_not_found: { status: 404, en: PERK_MESSAGES.notFound },
  perk_not_live: { status: 409, en: PERK_MESSAGES.notLive },
  perk_codes_gone: { status: 409, en: PERK_MESSAGES.codesGone },
  perk_codes_not_unique: { status: 409, en: PERK_MESSAGES.notUnique },

  // Listening parties
  party_not_found: { status: 404, en: PARTY_MESSAGES.partyNotFound },
  party_not_open: { status: 409, en: PARTY_MESSAGES.notOpen },
  party_not_started: { status: 409, en: PARTY_MESSAGES.notStarted },
  party_ended: { status: 409, en: PARTY_MESSAGES.ended },
  party_cancelled: { status: 409, en: PARTY_MESSAGES.cancelled },
  party_source_unknown: { status: 400, en: PARTY_MESSAGES.sourceUnknown },
  party_source_empty: { status: 400, en: PARTY_MESSAGES.sourceEmpty },

  // Notifications and the newsletter
  notification_not_found: { status: 404, en: "Notification not found" },
  invalid_token: { status: 400, en: "This confirmation link is not valid any more. Subscribe again to get a new one." },
  invalid_link: { status: 404, en: "This link is not valid." },
  address_suppressed: {
    status: 409,
    en: "This address cannot receive our e-mails: the provider reported it undeliverable or marked as spam.",
  },

  // The bot check on the visitor's forms (decision 090): 503 when no verifier is configured or
  // Siteverify cannot be reached
  bot_check_failed: { status: 403, en: BOT_CHECK_MESSAGES.failed },
  bot_check_unavailable: { status: 503, en: BOT_CHECK_MESSAGES.unavailable },

  // Payments and webhooks
  payments_unavailable: { status: 503, en: PAYMENT_MESSAGES.unavailable },
  payment_failed: { status: 502, en: PAYMENT_MESSAGES.failed },
  portal_failed: { status: 502, en: PAYMENT_MESSAGES.portalFailed },
  already_vip: { status: 409, en: PAYMENT_MESSAGES.alreadyVip },
  no_membership: { status: 404, en: PAYMENT_MESSAGES.noMembership },
  checkout_finished: { status: 409, en: PAYMENT_MESSAGES.checkoutFinished },
  // 400 from the payment provider's webhook (its library's habit); 401 from the mail provider's.
  invalid_signature: { status: [400, 401], en: "Invalid webhook signature" },

  // The back office
  conflict: { status: 409, en: CATALOG_MESSAGES.concurrentChange },
  order_changed: { status: 409, en: CATALOG_MESSAGES.orderChanged },
  number_taken: { status: 409, en: CATALOG_MESSAGES.numberTaken },
  unknown_albums: { status: 400, en: CATALOG_MESSAGES.unknownAlbums },
  import_not_found: { status: 404, en: CATALOG_IMPORT_MESSAGES.importNotFound },
  import_file_not_found: { status: 404, en: CATALOG_IMPORT_MESSAGES.fileNotFound },
  import_file_closed: { status: 409, en: CATALOG_IMPORT_MESSAGES.fileClosed },
  import_first_part_first: { status: 409, en: CATALOG_IMPORT_MESSAGES.firstPartFirst },
  import_parts_missing: { status: 409, en: CATALOG_IMPORT_MESSAGES.partsMissing },
  self_demotion: { status: 409, en: USER_ADMIN_MESSAGES.selfDemotion },
  self_ban: { status: 409, en: USER_ADMIN_MESSAGES.selfBan },
  venue_not_found: { status: 404, en: ADMIN_VENUE_MESSAGES.venueNotFound },
  venue_in_use: { status: 409, en: "This venue is used by events and cannot be deleted. Choose another venue for them first." },
  eventbrite_id_taken: { status: 409, en: ADMIN_EVENT_MESSAGES.eventbriteTaken },
  ticket_not_found: { status: 404, en: TICKET_MESSAGES.ticketNotFound },
  // 400 for a ticket file that has no header and columns; 415 for a contacts file that is binary.
  not_csv: { status: [400, 415], en: IMPORT_MESSAGES.notCsv },
  no_rows: { status: 400, en: OFFER_CODE_MESSAGES.noRows },
  mapping_invalid: { status: 400, en: TICKET_MESSAGES.mappingInvalid },
  column_invalid: { status: 400, en: OFFER_CODE_MESSAGES.columnInvalid },
  csv_parse_failed: { status: 400, en: IMPORT_MESSAGES.parseFailed },
  no_email_column: { status: 400, en: IMPORT_MESSAGES.noEmailColumn },
  message_not_found: { status: 404, en: INBOX_MESSAGES.messageNotFound },
  reply_not_sent: { status: 502, en: INBOX_MESSAGES.replyFailed },
  campaign_not_found: { status: 404, en: "Campaign not found" },
  campaign_state: { status: 409, en: "The campaign cannot do that in its present state." },
  campaign_not_draft: { status: 409, en: "Only a draft campaign can be edited." },
  dead_letter_not_found: { status: 404, en: "No such failed job" },
  dead_letter_already_handled: { status: 409, en: "This job was already retried or dismissed" },
  album_not_released: { status: 409, en: "The album is not out yet, not even for VIPs" },
  event_not_published: { status: 409, en: "Only a published event can be announced" },
  event_past: { status: 409, en: "The event is over" },
  channel_not_live: { status: 409, en: "Only a live channel can go live" },
  already_announced: { status: 409, en: "This has already been announced" },
  revenue_period_reversed: { status: 400, en: "The period's first day is after its last day" },
  revenue_period_too_long: { status: 400, en: "A period covers at most 366 days" },

  // The store (decision 054): pricing a cart, its checkout and the stock it holds
  product_not_found: { status: 404, en: "This product is not in the store" },
  product_not_for_sale: { status: 409, en: "This product is not for sale right now" },
  variant_required: { status: 400, en: "Choose a size or colour first" },
  variant_mismatch: { status: 400, en: "That option belongs to another product" },
  price_below_minimum: { status: 400, en: "The amount is under this product's minimum price" },
  currency_not_offered: { status: 400, en: "This product is not sold in that currency" },
  quantity_over_limit: { status: 400, en: "That is more than one order may hold of this product" },
  quantity_over_stock: { status: 400, en: "There are not that many left" },
  sold_out: { status: 409, en: "Sold out: someone else took the last ones" },
  promo_code_invalid: { status: 400, en: "This code is not valid in the store" },
  promo_code_used_up: { status: 409, en: "This code has been used up" },
  promo_code_not_started: { status: 400, en: "This code is not valid yet" },
  promo_code_expired: { status: 400, en: "This code has expired" },
  promo_code_vip_only: { status: 400, en: "This code is for VIP members only" },
  promo_code_not_applicable: { status: 400, en: "This code does not apply to anything in the cart" },
  cart_empty: { status: 400, en: "The cart is empty" },
  shipping_country_required: { status: 400, en: "Choose the country to ship to" },
  store_checkout_not_found: { status: 404, en: "No such checkout" },
  // store: checkout (more codes here)
  // store: orders, refunds and shipping
  order_not_found: { status: 404, en: "No such order" },
  order_not_shippable: { status: 409, en: STORE_ORDER_MESSAGES.notShippable },
  order_already_shipped: { status: 409, en: STORE_ORDER_MESSAGES.alreadyShipped },
  order_not_refundable: { status: 409, en: STORE_ORDER_MESSAGES.notRefundable },
  // 400 for more than the order shows left; 409 when a racing refund took it meanwhile.
  refund_over_remaining: { status: [400, 409], en: STORE_ORDER_MESSAGES.overRemaining },
  refund_failed: { status: 502, en: STORE_ORDER_MESSAGES.refundFailed },
  // disputes and early fraud warnings (decision 094)
  dispute_not_found: { status: 404, en: "No such dispute" },
  dispute_closed: { status: 409, en: "This dispute is closed" },
  dispute_not_submittable: { status: 409, en: "A fraud warning takes no evidence" },
  dispute_already_submitted: { status: 409, en: "The evidence was submitted already" },
  dispute_submit_failed: { status: 502, en: "The payment provider did not take the evidence. Please try again." },
  order_not_disputable: { status: 409, en: "Only a paid order that is not refunded in full can be disputed" },
  membership_not_disputable: { status: 409, en: "This member has no VIP payment left to dispute" },
  gift_time_required: { status: 400, en: STORE_ORDER_MESSAGES.giftTimeRequired },
  // store: back office products
  release_in_store: { status: 409, en: "This release is sold in the store: delete or change its product first" },
  product_slug_taken: { status: 409, en: STORE_ADMIN.slugTaken },
  product_kind_locked: { status: 409, en: STORE_ADMIN.kindLocked },
  product_has_orders: { status: 409, en: STORE_ADMIN.hasOrders },
  product_not_merch: { status: 409, en: STORE_ADMIN.notMerch },
  product_images_full: { status: 409, en: STORE_ADMIN.imagesFull },
  product_image_not_found: { status: 404, en: STORE_ADMIN.imageNotFound },
  variant_not_found: { status: 404, en: STORE_ADMIN.variantNotFound },
  variant_sku_taken: { status: 409, en: STORE_ADMIN.skuTaken },
  variant_has_orders: { status: 409, en: STORE_ADMIN.variantHasOrders },
  stock_below_zero: { status: 409, en: STORE_ADMIN.stockBelowZero },
  promo_code_not_found: { status: 404, en: STORE_ADMIN.promoNotFound },
  promo_code_taken: { status: 409, en: STORE_ADMIN.promoTaken },
  promo_code_max_below_uses: { status: 409, en: STORE_ADMIN.promoMaxBelowUses },
  // store: downloads and the collection
  download_not_found: { status: 404, en: "No such download" },
  download_preparing: { status: 503, en: "This download is being prepared. Try again in a moment." },
  download_link_expired: { status: 410, en: "This download link has expired: open your collection for a new one" },
  not_released_yet: { status: 403, en: "This release is not out yet: its teaser tracks are yours now, the rest on its release day" },
  download_limit_reached: { status: 429, en: "That is enough downloads of this release for today: try again tomorrow" },
  claim_link_invalid: { status: 404, en: "This link is not valid: ask for a new one from your collection" },
  claim_link_expired: { status: 410, en: "This link has expired: ask for a new one from your collection" },
  // store: gift VIP
  gift_code_invalid: { status: 404, en: "This gift code does not exist" },
  gift_code_redeemed: { status: 409, en: "This gift code has already been redeemed" },
  gift_tier_below_held: { status: 409, en: "You already have a higher tier than this gift gives: the code stays unused, to keep or give to someone else" },
  gift_tier_comp_running: { status: 409, en: "Your complimentary membership of another tier is still running: redeem this gift once it ends" },

  // Tickets sold here (decision 055)
  ticket_type_not_found: { status: 404, en: "This ticket type does not exist" },
  tickets_not_on_sale: { status: 409, en: "Tickets for this event are not on sale right now" },
  tickets_vip_only: { status: 403, en: "These tickets are for VIP members only" },
  tickets_currency_mismatch: { status: 400, en: "These tickets are sold in another currency" },
  // tickets: types and the event form
  event_not_sellable: { status: 409, en: TICKET_TYPE_MESSAGES.eventNotSellable },
  ticket_types_full: { status: 409, en: TICKET_TYPE_MESSAGES.typesFull },
  ticket_quantity_below_sold: { status: 409, en: TICKET_TYPE_MESSAGES.quantityBelowSold },
  ticket_type_has_sales: { status: 409, en: TICKET_TYPE_MESSAGES.typeHasSales },
  event_has_tickets: { status: 409, en: TICKET_TYPE_MESSAGES.eventHasTickets },
  event_has_ticket_types: { status: 409, en: TICKET_TYPE_MESSAGES.eventHasTicketTypes },
  // tickets: checkout
  // tickets: the buyer's tickets
  ticket_holder_locked: { status: 409, en: TICKETS_MINE_MESSAGES.holderLocked },
  ticket_inactive: { status: 409, en: TICKETS_MINE_MESSAGES.inactive },
  ticket_transfer_closed: { status: 409, en: TICKETS_MINE_MESSAGES.transferClosed },
  ticket_transfer_to_self: { status: 400, en: TICKETS_MINE_MESSAGES.transferToSelf },
  ticket_recipient_not_found: { status: 404, en: TICKETS_MINE_MESSAGES.recipientNotFound },
  // tickets: the door
  // tickets: back office
  // tickets: cancellation
  event_cancel_buyers_changed: { status: 409, en: EVENT_CANCEL_MESSAGES.buyersChanged },
  event_already_cancelled: { status: 409, en: EVENT_CANCEL_MESSAGES.alreadyCancelled },
  event_has_ticket_sales: { status: 409, en: EVENT_CANCEL_MESSAGES.hasTicketSales },
  event_cancel_nothing_to_retry: { status: 409, en: EVENT_CANCEL_MESSAGES.nothingToRetry },
  // VIP plans
  vip_plan_unchanged: { status: 409, en: PAYMENT_MESSAGES.planUnchanged },
  vip_plan_switch_unavailable: { status: 409, en: "Only an active membership that is not set to cancel can switch plans" },
  // Upgrade and win-back offers (decision 101)
  offer_tier_unavailable: { status: 409, en: OFFER_MESSAGES.tierUnavailable },
  offer_expired: { status: 410, en: OFFER_MESSAGES.expired },
  offer_claimed: { status: 409, en: OFFER_MESSAGES.claimed },
  win_back_unavailable: { status: 409, en: OFFER_MESSAGES.winBackUnavailable },
  // Membership tiers: the back office (decision 097)
  tier_not_found: { status: 404, en: TIER_MESSAGES.notFound },
  tier_id_taken: { status: 409, en: TIER_MESSAGES.idTaken },
  tier_built_in: { status: 409, en: TIER_MESSAGES.builtIn },
  tier_cannot_move: { status: 409, en: TIER_MESSAGES.cannotMove },

  // Tier recognition (decision 100): a filter naming a tier the ladder does not have
  tier_unknown: { status: 400, en: "No membership tier has this id" },

  // Moving between tiers
  tier_not_for_sale: { status: 400, en: TIER_MOVE_MESSAGES.tierNotForSale },
  subscription_exists: { status: 409, en: TIER_MOVE_MESSAGES.subscriptionExists },
  tier_change_unavailable: { status: 409, en: TIER_MOVE_MESSAGES.changeUnavailable },
  tier_change_in_progress: { status: 409, en: TIER_MOVE_MESSAGES.changeInProgress },
  tier_change_preview_expired: { status: 409, en: TIER_MOVE_MESSAGES.previewExpired },
  no_pending_change: { status: 404, en: TIER_MOVE_MESSAGES.noPendingChange },

  // Gates by tier (decision 099): a form named a tier the ladder does not have
  tier_gate_unknown: { status: 400, en: "That membership tier does not exist" },

  // Community rooms (decision 106): reading one needs its tier or a ticket to its event
  room_not_found: { status: 404, en: ROOM_MESSAGES.notFound },
  ticket_required: { status: 403, en: ROOM_MESSAGES.ticketRequired },
  room_id_taken: { status: 409, en: ADMIN_ROOM_MESSAGES.idTaken },
  room_event_unknown: { status: 400, en: ADMIN_ROOM_MESSAGES.eventUnknown },
  room_member_unknown: { status: 404, en: ADMIN_ROOM_MESSAGES.memberUnknown },
  // A room's pictures (decision 110): uploaded only by those who may write there now
  room_archived: { status: 403, en: ROOM_MESSAGES.archived },
  room_muted: { status: 403, en: ROOM_PICTURE_MESSAGES.muted },
  // Reports on a room's messages (decision 111): no such message, or a moderator hid it already
  room_message_not_found: { status: 404, en: ROOM_REPORT_MESSAGES.messageNotFound },
  // The retention offer at cancel (decision 103): off, or already answered by this member
  retention_offer_unavailable: { status: 409, en: RETENTION_MESSAGES.unavailable },
  // (decision 104) an archived tier stays on the items that named it, it is never newly chosen
  tier_gate_archived: { status: 400, en: "That membership tier is archived" },
  // A track's lyrics and credits (decision 112)
  isrc_taken: { status: 409, en: TRACK_DETAILS_MESSAGES.isrcTaken },
  lyrics_not_found: { status: 404, en: TRACK_DETAILS_MESSAGES.lyricsNotFound },
  // Live shows (decision 113): who may watch, the show's state, playback tokens, the local source
  membership_required: { status: 403, en: LIVE_MESSAGES.membershipRequired },
  not_live: { status: 409, en: LIVE_MESSAGES.notLive },
  already_live: { status: 409, en: LIVE_MESSAGES.alreadyLive },
  bad_token: { status: 403, en: LIVE_MESSAGES.badToken },
  live_media_missing: { status: 503, en: LIVE_MESSAGES.mediaMissing },
  live_show_not_set_up: { status: 404, en: LIVE_MESSAGES.showNotSetUp },
  live_caption_invalid: { status: 400, en: LIVE_MESSAGES.captionInvalid },
  live_product_unknown: { status: 400, en: LIVE_MESSAGES.productUnknown },
  stream_failed: { status: 502, en: LIVE_MESSAGES.streamFailed },
  ...contests.routeCodes,
} as const satisfies Record<string, RouteRule>;

export type RouteCode = keyof typeof ROUTE_CODES;

/** Every code an error body carries: a route's or a form rule's. The SPA's texts are keyed by it. */
export type ApiErrorCode = RouteCode | ValidationCode;
