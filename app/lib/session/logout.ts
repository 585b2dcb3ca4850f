// Who is signed in changes: sign-out, and the cache rules that sign-in and sign-up share with it.
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { api } from "../api";
import { meQueryOptions } from "./queries";
import { forgetOfflineCopies } from "../serviceWorker";
import type { MeResponse, SessionUser } from "#contracts/auth.ts";

/**
 * Queries that do not depend on who is signed in and so survive a change of user. "auth" holds
 * the reset-link check: refetching it right after a successful reset would find the link used
 * and replace the success message with "Invalid password reset link".
 */
const USER_INDEPENDENT_KEYS = new Set(["me", "config", "auth"]);

/**
 * After the signed-in user changes, everything cached may belong to the previous one: reset it
 * (active queries refetch with the new session, inactive ones are dropped to their initial state),
 * and drop the service worker's page copies (decision 058).
 */
export function forgetPreviousUsersData(queryClient: QueryClient) {
  void forgetOfflineCopies();
  void queryClient.resetQueries({ predicate: (q) => !USER_INDEPENDENT_KEYS.has(String(q.queryKey[0])) });
}

export function setSessionUser(queryClient: QueryClient, user: SessionUser | null) {
  queryClient.setQueryData<MeResponse>(meQueryOptions().queryKey, { user });
}

/**
 * Sign out (docs/features.md#header-footer-and-popups): revoke the server session, forget the user and their cached data, go home.
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
