// A member's tickets' words: the refusals of a held ticket's routes and the holder's name rule, each with its English.
import type { RouteCodeWords, ValidationCodeWords } from "./area";
import { TICKETS_MINE_MESSAGES } from "../tickets/mine-model.ts";
import { TICKET_LIMITS } from "../tickets/event-tickets-model.ts";

/** The refusals its routes answer besides the form rules: each code's status and English text (worker/contracts/route-codes.ts gathers them). */
export const routeCodes = {
  ticket_holder_locked: { status: 409, en: TICKETS_MINE_MESSAGES.holderLocked },
  ticket_inactive: { status: 409, en: TICKETS_MINE_MESSAGES.inactive },
  ticket_transfer_closed: { status: 409, en: TICKETS_MINE_MESSAGES.transferClosed },
  ticket_transfer_to_self: { status: 400, en: TICKETS_MINE_MESSAGES.transferToSelf },
  ticket_recipient_not_found: { status: 404, en: TICKETS_MINE_MESSAGES.recipientNotFound },
} as const satisfies RouteCodeWords;

/** The rules a person can break in its forms: each code's English text and the values it names (worker/contracts/validation-codes.ts gathers them). */
export const validationCodes = {
  // The name at the door
  ticket_holder_name_too_long: { message: TICKETS_MINE_MESSAGES.holderNameTooLong, params: { max: TICKET_LIMITS.holderNameMax } },
} as const satisfies ValidationCodeWords;
