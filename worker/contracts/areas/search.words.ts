// Search's words: the search field's rules, each with its English.
import type { ValidationCodeWords } from "./area";
import { SEARCH_MESSAGES, SEARCH_QUERY_MAX } from "../search-limits.ts";

/** The rules a person can break in its forms: each code's English text and the values it names (worker/contracts/validation-codes.ts gathers them). */
export const validationCodes = {
  search_query_required: { message: SEARCH_MESSAGES.queryRequired },
  search_query_too_long: { message: SEARCH_MESSAGES.queryTooLong, params: { max: SEARCH_QUERY_MAX } },
} as const satisfies ValidationCodeWords;
