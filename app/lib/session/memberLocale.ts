// A signed-in member's language choice is also kept on the account (PUT /api/auth/locale), so the
// mails the site sends them later are in it. The browser's own choice (localStorage and the
// locale cookie, I18nProvider) is applied either way. Shared by the header's switcher (which says
// nothing when the save fails: the next switch corrects it) and /settings › Language (which does).
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "../api";
import { useLocale } from "../../i18n/I18nProvider";
import { meQueryOptions } from "./queries";
import { setSessionUser } from "./logout";
import { useSessionUser } from "./useSession";
import type { Locale } from "#contracts/locale.ts";
import type { MemberLocaleResponse } from "#contracts/member-locale.ts";
import type { MeResponse } from "#contracts/auth.ts";

/**
 * The language a signed-in member's account holds: the session's, else (older answers without
 * it) the page's, which every earlier switch saved.
 */
export function useAccountLocale(): Locale | null {
  const { user } = useSessionUser();
  const { locale } = useLocale();
  return user ? (user.locale ?? locale) : null;
}

/**
 * Switch the page to `next` at once and, for a member whose account holds another language, save
 * it there; the promise rejects with the API's error when that save fails.
 */
export function useChooseLocale(): (next: Locale) => Promise<void> {
  const { setLocale } = useLocale();
  const accountLocale = useAccountLocale();
  const queryClient = useQueryClient();
  return useCallback(
    async (next: Locale) => {
      setLocale(next);
      if (accountLocale === null || next === accountLocale) return;
      const saved = await api<MemberLocaleResponse>("/api/auth/locale", { method: "PUT", json: { locale: next } });
      const user = queryClient.getQueryData<MeResponse>(meQueryOptions().queryKey)?.user;
      if (user) setSessionUser(queryClient, { ...user, locale: saved?.locale ?? next });
    },
    [setLocale, accountLocale, queryClient],
  );
}
