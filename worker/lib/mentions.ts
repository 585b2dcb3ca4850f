// Member text as notifications read it: the @usernames a post or comment mentions, and the short
// excerpt a notification quotes. Pure: the routes' triggers (services/notifications/triggers.ts)
// look the names up.
import { mentionPattern } from "#contracts/mentions.ts";

/** Mentions one text may notify: more are ignored, so a pasted list of names cannot spam a crowd. */
export const MENTIONS_MAX = 10;
/** Characters a notification quotes of a post or comment. */
export const EXCERPT_MAX = 80;

/** The usernames `text` mentions, lower-cased (usernames are unique whatever their case), distinct, in order, at most `max`. */
export function parseMentions(text: string, max = MENTIONS_MAX): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(mentionPattern())) {
    const name = match[1]!.toLowerCase();
    if (!names.includes(name)) names.push(name);
    if (names.length === max) break;
  }
  return names;
}

/** The first EXCERPT_MAX characters of `text` on one line, with "…" when cut (never inside a surrogate pair). */
export function excerpt(text: string, max = EXCERPT_MAX): string {
  const line = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(line);
  return chars.length <= max
    ? line
    : `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}
