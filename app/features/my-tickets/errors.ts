// The tickets pages' words for the Worker's codes about a member's ticket.
import type { ErrorTexts } from "../../lib/forms/errorText";
import { myTicketsMessages as m } from "./messages";

export const MY_TICKETS_TEXTS: ErrorTexts = {
  ticket_not_found: m.errorNotFound,
  ticket_inactive: m.errorInactive,
  ticket_holder_locked: m.errorLocked,
  ticket_transfer_closed: m.errorClosed,
  ticket_transfer_to_self: m.errorSelf,
  ticket_recipient_not_found: m.errorRecipient,
  ticket_handed_back: m.errorHandedBack,
  ticket_from_waitlist: m.errorFromWaitlist,
  ticket_holder_name_too_long: m.errorNameTooLong,
};
