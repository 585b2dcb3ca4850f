// The account settings' requests: the Devices list (GET /api/account/sessions), ending one
// session or every other one, and the password change (decision 039). Each change fetches the
// list again, so it shows what the Worker kept.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { ACCOUNT_API, type DeviceSessionsResponse, type SessionsEndedResponse } from "#contracts/account-api.ts";
import type { ChangePasswordBody } from "#contracts/account.ts";

export const settingsKeys = { sessions: ["account", "sessions"] as const };

export const deviceSessionsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.sessions,
    queryFn: ({ signal }) => api<DeviceSessionsResponse>(`${ACCOUNT_API}/sessions`, { signal }),
  });

function useRefreshDevices() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: settingsKeys.sessions });
}

export function useRevokeSession() {
  const refresh = useRefreshDevices();
  return useMutation({
    mutationFn: (id: string) => api<void>(`${ACCOUNT_API}/sessions/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSettled: refresh,
  });
}

export function useRevokeOtherSessions() {
  const refresh = useRefreshDevices();
  return useMutation({
    mutationFn: () => api<SessionsEndedResponse>(`${ACCOUNT_API}/sessions/revoke-others`, { method: "POST" }),
    onSettled: refresh,
  });
}

export function useChangePassword() {
  const refresh = useRefreshDevices();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api<SessionsEndedResponse>(`${ACCOUNT_API}/password`, { method: "POST", json: body }),
    onSuccess: refresh, // the other devices are gone
  });
}
