// The waitlist's words for the Worker's codes (its own, and the tickets' and tiers' it answers with).
import type { ErrorTexts } from "../../lib/forms/errorText";
import { waitlistMessages as m } from "./messages";

export const WAITLIST_TEXTS: ErrorTexts = {
  waitlist_type_not_found: m.errorTypeNotFound,
  waitlist_not_sold_out: m.errorNotSoldOut,
  waitlist_closed: m.errorClosed,
  waitlist_already_joined: m.errorAlreadyJoined,
  waitlist_place_not_found: m.errorPlaceNotFound,
  waitlist_return_not_found: m.errorReturnNotFound,
  waitlist_returns_closed: m.errorReturnsClosed,
  waitlist_already_returned: m.errorAlreadyReturned,
  waitlist_return_offered: m.errorReturnOffered,
  waitlist_offer_not_found: m.errorOfferNotFound,
  waitlist_offer_gone: m.errorOfferGone,
  waitlist_release_closed: m.errorReleaseClosed,
  tickets_vip_only: m.errorVipOnly,
  tier_required: m.errorTier,
  ticket_not_found: m.errorTicketNotFound,
  ticket_inactive: m.errorTicketInactive,
  waitlist_quantity_invalid: m.errorQuantity,
  waitlist_release_count_invalid: m.errorReleaseCount,
};
