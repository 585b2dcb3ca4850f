// The Worker's codes the waitlist's back office can meet, in this folder's words.
import type { ErrorTexts } from "../../../lib/forms/errorText";
import { waitlistAdminMessages as m } from "./messages";

export const WAITLIST_ADMIN_ERROR_TEXTS: ErrorTexts = {
  waitlist_hold_minutes_invalid: m.errorHoldMinutes,
  waitlist_closes_before_invalid: m.errorClosesBefore,
  event_not_found: m.errorEventNotFound,
};
