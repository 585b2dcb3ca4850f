// Logout shared by the site header and the admin sidebar: revoke the server session, forget the
// cached user, refresh everything user-specific and go home (spec 2.2: "Logout signs out and goes to /").
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { api } from "../../lib/api";
import { meQueryOptions } from "../auth/queries";
import type { MeResponse } from "../../../worker/contracts/auth";

const KEEP_ON_LOGOUT = new Set(["me", "config"]);

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api<void>("/api/auth/logout", { method: "POST" }),
    onSuccess: async () => {
      queryClient.setQueryData<MeResponse>(meQueryOptions().queryKey, { user: null });
      // Other cached data may belong to the signed-out user. ['me'] is already right and the public
      // site settings do not depend on who is signed in.
      await queryClient.invalidateQueries({ predicate: (q) => !KEEP_ON_LOGOUT.has(String(q.queryKey[0])) });
      await navigate({ to: "/" });
    },
  });
}
