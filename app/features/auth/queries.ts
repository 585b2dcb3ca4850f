import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import type { OkResponse } from "#contracts/auth.ts";

/** Whether a password reset link is still good (GET /api/auth/reset/verify). Never cached: a link works once. */
export const resetLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["auth", "reset-link", token],
    queryFn: () => api<OkResponse>(`/api/auth/reset/verify?${new URLSearchParams({ token })}`),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
