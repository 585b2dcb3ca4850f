// The saved settings: read (prefetched by the route's loader) and saved. Types only from the
// contract: its values would pull zod into the admin chunks.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { artistQueryOptions } from "../../../lib/artist";
import type {
  AdminSettingsResponse,
  ARTIST_BIO_MAX as ContractArtistBioMax,
  ARTIST_NAME_MAX as ContractArtistNameMax,
  SessionTimeoutHours,
  SettingsUpdate,
} from "#contracts/admin/settings.ts";
import type { WEBSITE_MAX as ContractWebsiteMax } from "#contracts/profiles.ts";
import { adminKeys } from "../queries";

/** The spec's choices; the contract's SESSION_TIMEOUT_OPTIONS, checked against its type. */
export const TIMEOUT_OPTIONS = [12, 24, 48] as const satisfies readonly SessionTimeoutHours[];
export const DEFAULT_TIMEOUT: SessionTimeoutHours = 24;
/** The contract's ARTIST_NAME_MAX (its literal type checks that they agree). */
export const ARTIST_NAME_MAX: typeof ContractArtistNameMax = 80;
/** The contract's ARTIST_BIO_MAX, per language. */
export const ARTIST_BIO_MAX: typeof ContractArtistBioMax = 1000;
/** The longest link: the profiles' WEBSITE_MAX, which the contract's links share. */
export const LINK_MAX: typeof ContractWebsiteMax = 2048;
/** Where the portrait is PUT (the picture is the request body). */
export const PORTRAIT_URL = "/api/admin/settings/portrait";

export const settingsKey = [...adminKeys.all, "settings"] as const;

export const adminSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api<AdminSettingsResponse>("/api/admin/settings", { signal }),
    // Fresh long enough that the page does not fetch again what its loader just fetched; a save
    // replaces the cached copy, a reload starts without one.
    staleTime: 30_000,
  });

/** A saved answer (PUT / or PUT /portrait) becomes the cached read; what it changed is read again. */
export function useSettingsSaved() {
  const queryClient = useQueryClient();
  return (saved: AdminSettingsResponse) => {
    queryClient.setQueryData(settingsKey, saved);
    // The save wrote an audit row, and the public artist (name, bio, links, portrait) may have changed.
    void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll });
    void queryClient.invalidateQueries({ queryKey: artistQueryOptions().queryKey });
  };
}

/** Saves the settings sent (the page sends only what it edits); the answer becomes the cached read. */
export function useSaveSettings() {
  const saved = useSettingsSaved();
  return useMutation({
    mutationFn: (settings: SettingsUpdate) => api<AdminSettingsResponse>("/api/admin/settings", { method: "PUT", json: settings }),
    onSuccess: saved,
  });
}
