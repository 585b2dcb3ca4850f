// Identifier patterns shared by the Worker and the SPA. No zod here: the SPA's route loaders run
// in the entry chunk and import this to avoid asking the API about ids that cannot exist.

/** User ids are UUIDs (crypto.randomUUID); anything else cannot name a profile. */
export const USER_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Post ids are UUIDs in lower case (crypto.randomUUID). */
export const POST_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Album, track, channel and product ids: lower-case words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug id as the Worker takes it in an address: at most 100 characters. */
export const isSlugId = (segment: string) => segment.length <= 100 && SLUG_PATTERN.test(segment);
