// A signed-in member's language choice is also kept on the account (PUT /api/auth/locale), so the
// mails the site sends them later are in it. The browser's own choice (localStorage and the
// locale cookie, I18nProvider) is applied either way: a failed save only leaves the account's
// language as it was, which the next switch corrects, so it is not shown as an error.
import { api } from "../api";
import type { Locale } from "../../../worker/contracts/locale";
import type { MemberLocaleResponse } from "../../../worker/contracts/member-locale";

export function saveMemberLocale(locale: Locale): Promise<MemberLocaleResponse | undefined> {
  return api<MemberLocaleResponse>("/api/auth/locale", { method: "PUT", json: { locale } }).catch(() => undefined);
}
