// The party id pattern, zod-free: the room's route checks an address before asking the API.

/** Party ids are UUIDs in lower case (crypto.randomUUID). */
export const PARTY_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
