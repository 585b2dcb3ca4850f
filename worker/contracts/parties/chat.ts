// A listening party's chat is a community room (decision 107) whose id is read from the party's.
export const PARTY_ROOM_PREFIX = "party-";
export const partyRoomId = (partyId: string) => `${PARTY_ROOM_PREFIX}${partyId}`;
