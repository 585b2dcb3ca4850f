// The saved settings: read (prefetched by the route's loader) and saved. Types only from the
// contract: its values would pull zod into the admin chunks.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ApiRequestError } from "../../../lib/api";
import type {
  AdminSettingsResponse,
  ARTIST_NAME_MAX as ContractArtistNameMax,
  SessionTimeoutHours,
  SettingsUpdate,
} from "../../../../worker/contracts/admin-settings";
import { adminKeys } from "../queries";

/** The spec's choices; the contract's SESSION_TIMEOUT_OPTIONS, checked against its type. */
export const TIMEOUT_OPTIONS = [12, 24, 48] as const satisfies readonly SessionTimeoutHours[];
export const DEFAULT_TIMEOUT: SessionTimeoutHours = 24;
/** The contract's ARTIST_NAME_MAX (its literal type checks that they agree). */
export const ARTIST_NAME_MAX: typeof ContractArtistNameMax = 80;

export const settingsKey = [...adminKeys.all, "settings"] as const;

/** 4xx answers will not change on a retry; 5xx and network errors might. */
const retryTransient = (failureCount: number, error: unknown) => failureCount < 1 && !(error instanceof ApiRequestError && error.status < 500);

export const adminSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api<AdminSettingsResponse>("/api/admin/settings", { signal }),
    // Fresh long enough that the page does not fetch again what its loader just fetched; a save
    // replaces the cached copy, a reload starts without one.
    staleTime: 30_000,
    retry: retryTransient,
  });

/** Saves the settings sent (the page sends all but an unedited artist name); the answer becomes the cached read. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SettingsUpdate) => api<AdminSettingsResponse>("/api/admin/settings", { method: "PUT", json: settings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      // The save wrote an audit row.
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll });
    },
  });
}
