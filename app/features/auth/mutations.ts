// Account mutations: sign in, sign up, sign out and the two halves of a password reset.
// The Worker answers sign-in and sign-up with the user itself, so ['me'] is set directly
// (no refetch loop, see DESIGN.md section 5.4).
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { api } from "../../lib/api";
import { meQueryOptions } from "./queries";
import type { AuthUserResponse, MeResponse, OkResponse, SessionUser } from "../../../worker/contracts/auth";
import type { LoginFields, NewPasswordFields, SignupFields } from "./validation";

/**
 * Queries that do not depend on who is signed in and so survive a change of user. "auth" holds
 * the reset-link check: refetching it right after a successful reset would find the link used
 * and replace the success message with "Invalid password reset link".
 */
const USER_INDEPENDENT_KEYS = new Set(["me", "config", "auth"]);

/**
 * After the signed-in user changes, everything cached may belong to the previous one: reset it
 * (active queries refetch with the new session, inactive ones are dropped to their initial state).
 */
function forgetPreviousUsersData(queryClient: QueryClient) {
  void queryClient.resetQueries({ predicate: (q) => !USER_INDEPENDENT_KEYS.has(String(q.queryKey[0])) });
}

export function setSessionUser(queryClient: QueryClient, user: SessionUser | null) {
  queryClient.setQueryData<MeResponse>(meQueryOptions().queryKey, { user });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginFields) =>
      api<AuthUserResponse>("/api/auth/login", { method: "POST", json: { email: input.email.trim(), password: input.password } }),
    onSuccess: ({ user }) => {
      setSessionUser(queryClient, user);
      forgetPreviousUsersData(queryClient);
    },
  });
}

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignupFields) =>
      api<AuthUserResponse>("/api/auth/signup", {
        method: "POST",
        json: { ...input, username: input.username.trim(), email: input.email.trim() },
      }),
    onSuccess: ({ user }) => {
      setSessionUser(queryClient, user);
      forgetPreviousUsersData(queryClient);
    },
  });
}

/**
 * Sign out (spec 2.2): revoke the server session, forget the user and their cached data, go home.
 * Shared by the site header and the admin layout. On failure nothing local changes, so the page
 * never claims a sign-out the server did not do; show `isError` to the person.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api<void>("/api/auth/logout", { method: "POST" }),
    onSuccess: async () => {
      setSessionUser(queryClient, null);
      // Leave the (possibly protected) page first, so nothing on it refetches as a visitor.
      await navigate({ to: "/" });
      forgetPreviousUsersData(queryClient);
    },
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => api<OkResponse>("/api/auth/reset/request", { method: "POST", json: { email: email.trim() } }),
  });
}

export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewPasswordFields & { token: string }) =>
      api<OkResponse>("/api/auth/reset/confirm", { method: "POST", json: input }),
    // The Worker revokes every session of the account, this browser's included.
    onSuccess: () => {
      setSessionUser(queryClient, null);
      forgetPreviousUsersData(queryClient);
    },
  });
}
