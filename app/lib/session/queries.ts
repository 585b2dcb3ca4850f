// The two queries every page may need: who is signed in, and the public site settings.
import { queryOptions } from "@tanstack/react-query";
import { api } from "../api";
import type { MeResponse } from "#contracts/auth.ts";
import type { PublicConfig } from "#contracts/config.ts";

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
