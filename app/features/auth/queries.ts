import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import type { MeResponse, OkResponse } from "../../../worker/contracts/auth";
import type { PublicConfig } from "../../../worker/contracts/config";

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ["me"],
    queryFn: () => api<MeResponse>("/api/auth/me"),
    staleTime: 30_000,
  });

export const configQueryOptions = () =>
  queryOptions({
    queryKey: ["config"],
    queryFn: () => api<PublicConfig>("/api/config"),
    staleTime: 5 * 60_000,
  });

/** Whether a password reset link is still good (GET /api/auth/reset/verify). Never cached: a link works once. */
export const resetLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["auth", "reset-link", token],
    queryFn: () => api<OkResponse>(`/api/auth/reset/verify?${new URLSearchParams({ token })}`),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
