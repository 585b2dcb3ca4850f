// The language of a public answer with texts in both site languages (stations, channels, albums),
// read from the request (worker/lib/content-language.ts), and the headers that say so: such an
// answer cached in public (Cache-Control: public) must vary by what chose its language.
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { HonoEnv } from "../types";
import { LANG_PARAM, LOCALE_COOKIE, type Locale } from "../contracts/locale";
import { CONTENT_LANGUAGE_VARY, contentLanguage } from "../lib/content-language";

/**
 * The language the person making the request reads the site in, for what the answer does not
 * carry (the language stored with a new account or contact message, a mail sent now).
 */
// Any route's context: guards that add variables (requireUser) do not change what is read here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const requestLanguage = (c: Context<any>): Locale =>
  contentLanguage({
    lang: c.req.query(LANG_PARAM),
    cookie: getCookie(c, LOCALE_COOKIE),
    acceptLanguage: c.req.header("accept-language"),
  });

/** The answer's language, and its Content-Language and Vary headers set. */
export function answerLanguage(c: Context<HonoEnv>): Locale {
  const locale = requestLanguage(c);
  c.header("Content-Language", locale);
  c.header("Vary", CONTENT_LANGUAGE_VARY, { append: true });
  return locale;
}
