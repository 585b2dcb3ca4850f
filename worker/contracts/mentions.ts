// What an @mention is, for the Worker (which notifies the members a text mentions) and the SPA
// (which links them): one pattern, so a name the page links is a name the server told.
import { USERNAME_MAX } from "./auth";

/**
 * A username as signup allows it (at most USERNAME_MAX), after an "@" that does not follow a
 * letter, digit, "_" or "@" (so "ana@example.com" mentions nobody), and not followed by a letter
 * or digit of any script: "@josé" or a run longer than a username is nobody, rather than a cut-off
 * name that could be someone else's. A new RegExp each call: global patterns keep state.
 */
export const mentionPattern = () => new RegExp(`(?<![\\p{L}\\p{N}_@])@([A-Za-z0-9_]{1,${USERNAME_MAX}})(?![\\p{L}\\p{N}_])`, "gu");
