// The member's favorite tracks: the query (GET /api/favorites, newest first) and the toggle
// (PUT/DELETE /api/favorites/:trackId). Reading needs a session; changing needs VIP or admin.
//
// The toggle is optimistic: the favorites list in the cache changes at once, so every heart and
// list on screen follows before the server answers. On failure this change alone is undone (other
// toggles made meanwhile stay), and the error is only logged (docs/features.md#music). Toggles run one after the
// other (one mutation scope), so a quick add-then-remove reaches the server in that order.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { FavoritesResponse } from "#contracts/music/collections.ts";
import type { TrackView } from "#contracts/music/music.ts";
import { api } from "../../../lib/api";
import { useSessionUser } from "../../../lib/session/useSession";
import { useAsServerRendered } from "../../../lib/useAsServerRendered";

export const favoritesQueryKey = ["music", "favorites"] as const;
const favoritesMutationKey = ["music", "favorites", "toggle"] as const;

const favoritePath = (trackId: string) => `/api/favorites/${encodeURIComponent(trackId)}`;

/**
 * The member's favorites, newest first. `signedIn` false (a visitor, or the session still
 * loading) keeps the query idle: the server would answer 401.
 */
export const favoritesQueryOptions = (signedIn = true) =>
  queryOptions({
    queryKey: favoritesQueryKey,
    queryFn: ({ signal }) => api<FavoritesResponse>("/api/favorites", { signal }),
    enabled: signedIn,
    staleTime: 60_000,
  });

/** The favorites query for the current session (idle for a visitor). */
export function useFavorites() {
  const { user } = useSessionUser();
  return useQuery(favoritesQueryOptions(user !== null));
}

const EMPTY: ReadonlySet<string> = new Set();
const toIdSet = (data: FavoritesResponse): ReadonlySet<string> => new Set(data.tracks.map((t) => t.id));

/**
 * The ids of the member's favorite tracks, for O(1) lookups (empty while unknown). The Worker never
 * reads them, so a row hydrating after they arrived reads none yet (see useAsServerRendered).
 */
export function useFavoriteIds(): ReadonlySet<string> {
  const { user } = useSessionUser();
  const ids = useQuery({ ...favoritesQueryOptions(user !== null), select: toIdSet }).data;
  return (useAsServerRendered() ? undefined : ids) ?? EMPTY;
}

export type ToggleFavoriteVariables = {
  track: TrackView;
  /** The state asked for: true adds the track, false removes it. */
  favorite: boolean;
};

type ToggleContext = { removedAt: number; wasFavorite: boolean };

/** Puts `track` in or takes it out of the cached list; returns where it was (-1: absent). */
function applyToggle(client: QueryClient, track: TrackView, favorite: boolean): { removedAt: number; wasFavorite: boolean } {
  let removedAt = -1;
  let wasFavorite = false;
  client.setQueryData<FavoritesResponse>(favoritesQueryKey, (old) => {
    const tracks = old?.tracks ?? [];
    const at = tracks.findIndex((t) => t.id === track.id);
    wasFavorite = at >= 0;
    if (favorite) return wasFavorite ? old : { tracks: [track, ...tracks] }; // newest first
    if (!wasFavorite) return old;
    removedAt = at;
    return { tracks: tracks.filter((t) => t.id !== track.id) };
  });
  return { removedAt, wasFavorite };
}

/** Undoes one toggle on the list as it is now (later toggles of other tracks are kept). */
function undoToggle(client: QueryClient, track: TrackView, favorite: boolean, context: ToggleContext) {
  if (context.wasFavorite === favorite) return; // the toggle changed nothing
  client.setQueryData<FavoritesResponse>(favoritesQueryKey, (old) => {
    if (!old) return old;
    const without = old.tracks.filter((t) => t.id !== track.id);
    if (favorite) return { tracks: without }; // the add failed: take it out again
    const at = Math.min(Math.max(context.removedAt, 0), without.length); // the removal failed: put it back
    return { tracks: [...without.slice(0, at), track, ...without.slice(at)] };
  });
}

/** Favorites errors are only logged (docs/features.md#music). */
function logFailure(error: unknown, { track, favorite }: ToggleFavoriteVariables) {
  console.warn(`[favorites] could not ${favorite ? "add" : "remove"} ${track.id}`, error);
}

/**
 * Adds or removes one favorite: `mutate({ track, favorite })`. The cached list changes at once;
 * a failure (403 vip_required, 409 favorites_limit, 5xx, network) puts it back and is logged.
 */
export function useToggleFavorite() {
  const client = useQueryClient();
  return useMutation<void, unknown, ToggleFavoriteVariables, ToggleContext>({
    mutationKey: favoritesMutationKey,
    scope: { id: "music-favorites" },
    mutationFn: ({ track, favorite }) => api<void>(favoritePath(track.id), { method: favorite ? "PUT" : "DELETE" }),
    onMutate: async ({ track, favorite }) => {
      // A refetch in flight would overwrite the optimistic list with the server's older one.
      await client.cancelQueries({ queryKey: favoritesQueryKey, exact: true });
      return applyToggle(client, track, favorite);
    },
    onError: (error, variables, context) => {
      logFailure(error, variables);
      if (context) undoToggle(client, variables.track, variables.favorite, context);
    },
    onSettled: () => {
      // Refetch once the last queued toggle is done: earlier answers would undo later toggles.
      if (client.isMutating({ mutationKey: favoritesMutationKey }) <= 1) {
        return client.invalidateQueries({ queryKey: favoritesQueryKey, exact: true });
      }
    },
  });
}
