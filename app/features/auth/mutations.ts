// Account mutations: sign in, sign up and the two halves of a password reset (sign-out is in
// lib/session/logout.ts). The Worker answers sign-in and sign-up with the user itself, so
// ['me'] is set directly (no refetch loop).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { useLocale } from "../../i18n/I18nProvider";
import { forgetPreviousUsersData, setSessionUser } from "../../lib/session/logout";
import type { AuthUserResponse, OkResponse } from "#contracts/auth.ts";
import type { LoginFields, NewPasswordFields, SignupFields } from "./validation";
import { botCheckHeaders } from "../../components/bot-check/token";

export function useLogin() {
  const queryClient = useQueryClient();
  const { locale, setLocale } = useLocale();
  return useMutation({
    mutationFn: (input: LoginFields) =>
      api<AuthUserResponse>("/api/auth/login", { method: "POST", json: { email: input.email.trim(), password: input.password } }),
    onSuccess: ({ user }) => {
      setSessionUser(queryClient, user);
      forgetPreviousUsersData(queryClient);
      // The account's language is one the member chose (sign-up's, the header's switch,
      // /settings › Language), so the site follows it from here on, like the mails do. Sign-up
      // needs no switch: a new account takes the page's language.
      if (user.locale && user.locale !== locale) setLocale(user.locale);
    },
  });
}

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ botCheck, ...input }: SignupFields & { newsletter?: boolean; botCheck?: string }) =>
      api<AuthUserResponse>("/api/auth/signup", {
        method: "POST",
        json: { ...input, username: input.username.trim(), email: input.email.trim() },
        headers: botCheckHeaders(botCheck),
      }),
    onSuccess: ({ user }) => {
      setSessionUser(queryClient, user);
      forgetPreviousUsersData(queryClient);
    },
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: ({ email, botCheck }: { email: string; botCheck?: string }) =>
      api<OkResponse>("/api/auth/reset/request", { method: "POST", json: { email: email.trim() }, headers: botCheckHeaders(botCheck) }),
  });
}

export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewPasswordFields & { token: string }) => api<OkResponse>("/api/auth/reset/confirm", { method: "POST", json: input }),
    // The Worker revokes every session of the account, this browser's included.
    onSuccess: () => {
      setSessionUser(queryClient, null);
      forgetPreviousUsersData(queryClient);
    },
  });
}
