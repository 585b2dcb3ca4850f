// The preview's length, in a module of its own: the player imports it without pulling zod (which
// contracts/music/music.ts needs) into the music pages' scripts.

/** A preview's length at most (a track shorter than twice this previews half of itself). */
export const PREVIEW_SECONDS = 30;
