// What a search box's text becomes for SQLite's FTS5 (decision 056). Only runs of letters, digits
// and combining marks survive, each quoted and given a `*` (a word start), so no character a person
// types ("  * : ^ - NEAR( AND OR) is ever read as query syntax: nothing typed can make MATCH fail.

import { SEARCH_TERMS_MAX } from "#contracts/search.ts";

/** Shortest word start the relaxed search cuts a word down to. */
const RELAXED_MIN = 4;

/** The words of a query, lower-cased and in Unicode's composed form; at most SEARCH_TERMS_MAX. */
export function searchTerms(query: string): string[] {
  const words =
    query
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  return words.slice(0, SEARCH_TERMS_MAX);
}

/** The MATCH expression: every word, as a word start, all required. Null when there is no word. */
export function matchExpression(terms: readonly string[]): string | null {
  return terms.length === 0 ? null : terms.map((term) => `"${term}"*`).join(" ");
}

/**
 * The words cut to their first half (at least RELAXED_MIN characters), for a second try when the
 * words as typed matched nothing: spellings that part after the start ("coracao", "Corazón") meet.
 * Null when no word is long enough to cut.
 */
export function relaxedTerms(terms: readonly string[]): string[] | null {
  const cut = terms.map((term) => {
    const chars = [...term];
    return chars.length > RELAXED_MIN ? chars.slice(0, Math.max(RELAXED_MIN, Math.ceil(chars.length / 2))).join("") : term;
  });
  return cut.some((term, i) => term !== terms[i]) ? cut : null;
}
