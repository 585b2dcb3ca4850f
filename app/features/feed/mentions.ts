// The @username autocomplete's pure parts: which "@name" the caret is in, putting a chosen name in
// its place, and the suggestions query (GET /api/profiles/mentions).
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { USERNAME_MAX } from "#contracts/auth.ts";
import type { MentionSuggestionsResponse } from "#contracts/profiles.ts";
import { api } from "../../lib/api";

/** The "@name" being typed: where its "@" is and the name so far. */
export type MentionToken = { start: number; query: string };

// An "@" that starts a mention as the server reads one (worker/lib/mentions.ts): not after a name
// character or another "@" (so an e-mail address asks for nothing), then 1–30 name characters up
// to the caret.
const TOKEN_BEFORE_CARET = new RegExp(`(?<![A-Za-z0-9_@])@([A-Za-z0-9_]{1,${USERNAME_MAX}})$`);

/** The mention the caret is at the end of, or null (no "@", a bare "@", or the caret inside a longer word). */
export function mentionAt(text: string, caret: number): MentionToken | null {
  if (/^[A-Za-z0-9_]/.test(text.slice(caret))) return null; // the caret is inside a word, not at its end
  const match = TOKEN_BEFORE_CARET.exec(text.slice(0, caret));
  return match ? { start: match.index, query: match[1]! } : null;
}

/** The text with the token replaced by "@username " and the caret after the space. */
export function insertMention(text: string, token: MentionToken, username: string): { text: string; caret: number } {
  const end = token.start + 1 + token.query.length;
  const inserted = `@${username} `;
  // A space already after the token is reused rather than doubled.
  const rest = text.slice(end).replace(/^ /, "");
  return { text: text.slice(0, token.start) + inserted + rest, caret: token.start + inserted.length };
}

export const mentionSuggestionsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ["feed", "mentions", query.toLowerCase()],
    queryFn: ({ signal }) => api<MentionSuggestionsResponse>(`/api/profiles/mentions?${new URLSearchParams({ q: query })}`, { signal }),
    staleTime: 30_000,
    // The list stays while the next name's answer is on its way, so it does not flicker per key.
    placeholderData: keepPreviousData,
  });
