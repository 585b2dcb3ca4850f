// The language a request is read in: the one resolver for pages (their server render) and API
// answers alike, and the headers of a public answer whose texts exist in both site languages
// (events, stations, channels, albums): such an answer cached in public (Cache-Control: public)
// must vary by what chose its language.
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { HonoEnv } from "../types";
import { isLocale, LANG_PARAM, LOCALE_COOKIE, type Locale } from "#contracts/locale.ts";
import { isEmbedPath } from "#contracts/ssr.ts";
import { CONTENT_LANGUAGE_VARY, localeOfRequest } from "../lib/content-language";

/**
 * The request's language: its ?lang= (a page's address in one language, for hreflang; the SPA
 * sends it with its API requests, and so does a page's server render, whatever the cookie says),
 * else the visitor's choice (the locale cookie the app writes; not on an embed, which renders for
 * nobody in particular), else the first site language of Accept-Language, else English. Also what
 * is stored with a new account or contact message and the language of a mail sent now.
 */
// Any route's context: guards that add variables (requireUser) do not change what is read here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function requestLanguage(c: Context<any>): Locale {
  const asked = c.req.query(LANG_PARAM);
  if (isLocale(asked)) return asked;
  const chosen = isEmbedPath(c.req.path) ? undefined : getCookie(c, LOCALE_COOKIE);
  return localeOfRequest(c.req.header("accept-language"), chosen ?? null);
}

/** The answer's language, and its Content-Language and Vary headers set. */
export function answerLanguage(c: Context<HonoEnv>): Locale {
  const locale = requestLanguage(c);
  c.header("Content-Language", locale);
  c.header("Vary", CONTENT_LANGUAGE_VARY, { append: true });
  return locale;
}
