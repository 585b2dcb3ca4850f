// The back office's room form (decision 106): limits, texts and codes, zod-free so the table of
// validation codes, the SPA's first chunks and the Worker all read them.
import { ROOM_SLOW_MODE_MAX_SECONDS } from "./limits.ts";

export const ROOM_NAME_MAX = 60;
export const ROOM_DESCRIPTION_MAX = 500;
export const ROOM_POSITION_MAX = 1000;

export const ROOM_FORM_MESSAGES = {
  nameRequired: "A room needs a name in both languages",
  nameTooLong: `A room's name must be at most ${ROOM_NAME_MAX} characters`,
  idInvalid: "The English name must contain letters or digits: the room's address is made from it",
  descriptionTooLong: `A room's description must be at most ${ROOM_DESCRIPTION_MAX} characters`,
  slowModeInvalid: `Slow mode is 0 to ${ROOM_SLOW_MODE_MAX_SECONDS} seconds between one member's messages`,
  positionInvalid: `A room's place in the list is a whole number from 0 to ${ROOM_POSITION_MAX}`,
  tierRequired: "Choose the tier a room for a tier is open to",
  eventRequired: "Choose the event whose ticket holders the room is for",
} as const;

export const ADMIN_ROOM_MESSAGES = {
  idTaken: "A room with this address already exists: change the English name",
  eventUnknown: "That event does not exist",
  memberUnknown: "No member has this username",
} as const;
