// PUT /api/auth/locale: a signed-in member switched the app's language; the account keeps it, so
// the mails the site sends them later are in it (worker/services/mail/templates.ts).
import { z } from "./zod";
import { LOCALES, type Locale } from "./locale";

export const MEMBER_LOCALE_MESSAGES = { localeInvalid: "The language must be en or pt-BR" } as const;

export const memberLocaleSchema = z.strictObject({
  locale: z.enum(LOCALES, { error: MEMBER_LOCALE_MESSAGES.localeInvalid }),
});

/** The answer: the language now stored for the account. */
export type MemberLocaleResponse = { locale: Locale };
