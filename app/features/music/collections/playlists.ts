// The member's playlists: one query (GET /api/playlists, every playlist with its tracks) and the
// mutations that change them. Every mutation puts the server's PlaylistResponse into the cache, so
// the grid, the opened playlist and the add-to-playlist dialog show the same thing at once.
// Reordering is optimistic: the new order shows at once and is put back if the server refuses it;
// an order is saved even when the page is left while it is on its way or waiting its turn.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { MessageDescriptor } from "react-intl";
import { MAX_PLAYLISTS_PER_USER, MAX_TRACKS_PER_PLAYLIST, playlistNameKey } from "#contracts/music/collection-limits.ts";
import type { PlaylistResponse, PlaylistsResponse, PlaylistView } from "#contracts/music/collections.ts";
import type { TrackView } from "#contracts/music/music.ts";
import { api, apiErrorOf, ApiRequestError } from "../../../lib/api";
import { canUseVipContent, useSessionUser } from "../../../lib/session/useSession";
import { playlistMessages } from "./playlistMessages";

const PLAYLISTS_KEY = ["music", "playlists"] as const;

const playlistPath = (id: string) => `/api/playlists/${encodeURIComponent(id)}`;

export const playlistsQueryOptions = () =>
  queryOptions({
    queryKey: PLAYLISTS_KEY,
    queryFn: ({ signal }) => api<PlaylistsResponse>("/api/playlists", { signal }),
    staleTime: 30_000,
  });

/** The signed-in member's playlists; never asked for a visitor (the server would answer 401). */
export function usePlaylists() {
  const { user } = useSessionUser();
  return useQuery({ ...playlistsQueryOptions(), enabled: user !== null });
}

/** Changing playlists (create, add, reorder, rename, delete) needs VIP or admin, like playing. */
export function useCanEditPlaylists(): boolean {
  return canUseVipContent(useSessionUser().user);
}

/** One playlist from the cache (kept current by every mutation), or undefined. */
export function usePlaylist(id: string): { playlist: PlaylistView | undefined; isPending: boolean; isError: boolean } {
  const query = usePlaylists();
  return { playlist: query.data?.playlists.find((p) => p.id === id), isPending: query.isPending, isError: query.isError };
}

export const playableTracks = (playlist: PlaylistView): TrackView[] => playlist.tracks.filter((t) => t.playable);

/** Whether a name is already used by one of these playlists (docs/features.md#music: case-insensitive, trimmed). */
export function nameTaken(playlists: readonly PlaylistView[] | undefined, name: string, exceptId?: string): boolean {
  const key = playlistNameKey(name.trim());
  return (playlists ?? []).some((p) => p.id !== exceptId && playlistNameKey(p.name) === key);
}

// ---------------------------------------------------------------------------------------------
// Cache updates

/** Puts the server's copy of one playlist in the list (replacing it, or appending a new one). */
export function putPlaylist(client: QueryClient, playlist: PlaylistView) {
  const key = playlistsQueryOptions().queryKey;
  if (!client.getQueryData(key)) {
    // Never loaded: do not invent a partial list, read the whole one instead.
    void client.invalidateQueries({ queryKey: key, exact: true });
    return;
  }
  client.setQueryData(key, (old) => {
    if (!old) return old;
    const exists = old.playlists.some((p) => p.id === playlist.id);
    return { playlists: exists ? old.playlists.map((p) => (p.id === playlist.id ? playlist : p)) : [...old.playlists, playlist] };
  });
}

function dropPlaylist(client: QueryClient, id: string) {
  client.setQueryData(playlistsQueryOptions().queryKey, (old) => (old ? { playlists: old.playlists.filter((p) => p.id !== id) } : old));
}

function setTracks(client: QueryClient, id: string, tracks: TrackView[]) {
  client.setQueryData(playlistsQueryOptions().queryKey, (old) => (old ? { playlists: old.playlists.map((p) => (p.id === id ? { ...p, tracks } : p)) } : old));
}

const reload = (client: QueryClient) => void client.invalidateQueries({ queryKey: playlistsQueryOptions().queryKey, exact: true });

const isCode = (error: unknown, code: string) => error instanceof ApiRequestError && error.code === code;

// ---------------------------------------------------------------------------------------------
// Mutations

export function useCreatePlaylist() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...PLAYLISTS_KEY, "create"],
    mutationFn: (name: string) => api<PlaylistResponse>("/api/playlists", { method: "POST", json: { name: name.trim() } }),
    onSuccess: ({ playlist }) => putPlaylist(client, playlist),
    // Taken by a playlist made in another window: show it here too.
    onError: (error) => {
      if (isCode(error, "playlist_name_taken") || isCode(error, "playlists_limit")) reload(client);
    },
  });
}

export function useRenamePlaylist() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...PLAYLISTS_KEY, "rename"],
    mutationFn: ({ id, name }: { id: string; name: string }) => api<PlaylistResponse>(playlistPath(id), { method: "PATCH", json: { name: name.trim() } }),
    onSuccess: ({ playlist }) => putPlaylist(client, playlist),
    onError: (error, { id }) => {
      if (isCode(error, "playlist_not_found")) dropPlaylist(client, id);
      if (isCode(error, "playlist_name_taken")) reload(client);
    },
  });
}

export function useDeletePlaylist() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...PLAYLISTS_KEY, "delete"],
    mutationFn: async (id: string) => {
      try {
        await api<void>(playlistPath(id), { method: "DELETE" });
      } catch (error) {
        // Already gone (deleted in another window): what the member asked for is true.
        if (!isCode(error, "playlist_not_found")) throw error;
      }
      return id;
    },
    onSuccess: (id) => dropPlaylist(client, id),
  });
}

export type PlaylistTrackVariables = { playlistId: string; trackId: string };

export function useAddTrackToPlaylist() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...PLAYLISTS_KEY, "add-track"],
    mutationFn: ({ playlistId, trackId }: PlaylistTrackVariables) =>
      api<PlaylistResponse>(`${playlistPath(playlistId)}/tracks`, { method: "POST", json: { trackId } }),
    onSuccess: ({ playlist }) => putPlaylist(client, playlist),
    onError: (error, { playlistId }) => {
      if (isCode(error, "playlist_not_found")) dropPlaylist(client, playlistId);
      // Already there, or full: another window changed it; show what the server holds.
      if (isCode(error, "track_in_playlist") || isCode(error, "playlist_full")) reload(client);
    },
  });
}

export function useRemoveTrackFromPlaylist() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...PLAYLISTS_KEY, "remove-track"],
    mutationFn: ({ playlistId, trackId }: PlaylistTrackVariables) =>
      api<PlaylistResponse>(`${playlistPath(playlistId)}/tracks/${encodeURIComponent(trackId)}`, { method: "DELETE" }),
    onSuccess: ({ playlist }) => putPlaylist(client, playlist),
    onError: (error, { playlistId }) => {
      if (isCode(error, "playlist_not_found")) dropPlaylist(client, playlistId);
      else reload(client);
    },
  });
}

/**
 * Reordering state per playlist, shared by every component of one QueryClient. Several moves in a
 * row (Move down, Move down...) are sent one after the other (the mutation scope), each with the
 * whole order the member sees. If one fails, the ones queued after it are not sent, and when the
 * last settles the playlist goes back to what the server last confirmed.
 */
type OrderSync = {
  pending: number;
  confirmed: TrackView[];
  failed: boolean;
  reload: boolean;
  /** The order on screen (the latest asked for), and the latest one sent. */
  wanted: string[];
  sent: string[];
};
const orderSyncs = new WeakMap<QueryClient, Map<string, OrderSync>>();

function orderSync(client: QueryClient, playlistId: string): OrderSync {
  let byPlaylist = orderSyncs.get(client);
  if (!byPlaylist) orderSyncs.set(client, (byPlaylist = new Map()));
  let sync = byPlaylist.get(playlistId);
  if (!sync) byPlaylist.set(playlistId, (sync = { pending: 0, confirmed: [], failed: false, reload: false, wanted: [], sent: [] }));
  return sync;
}

/**
 * Leaving the page (reload, another site, closing the tab) ends its requests, and a reorder the
 * member saw applied would be lost. So an order goes out with keepalive, which the browser delivers
 * even after the page is gone; keepalive bodies share a 64 KiB allowance, and past it the order goes
 * as an ordinary request. An order still waiting for the one before it has not gone out at all:
 * when the page is left, the latest order of each such playlist goes out at once
 * (flushPendingOrders).
 */
function sendOrder(playlistId: string, trackIds: string[]): Promise<Response> {
  const url = `${playlistPath(playlistId)}/order`;
  const init: RequestInit = {
    method: "PUT",
    headers: { accept: "application/json", "content-type": "application/json" },
    body: JSON.stringify({ trackIds }),
    credentials: "same-origin",
  };
  return fetch(url, { ...init, keepalive: true }).catch(() => fetch(url, init));
}

/** PUT …/order, answered like api() answers: the playlist, or an ApiRequestError. */
async function putOrder(playlistId: string, trackIds: string[]): Promise<PlaylistResponse> {
  const res = await sendOrder(playlistId, trackIds);
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) throw apiErrorOf(res.status, data, res.statusText);
  return data as PlaylistResponse;
}

/**
 * Sends, now, each playlist's latest order that is waiting its turn (the page is being left). It
 * goes out after the order still on its way, and being the whole list it is the one that stays.
 */
function flushPendingOrders(client: QueryClient) {
  for (const [playlistId, sync] of orderSyncs.get(client) ?? []) {
    if (sync.pending === 0 || sync.failed || sync.sent === sync.wanted) continue;
    sync.sent = sync.wanted;
    sendOrder(playlistId, sync.wanted).catch(() => undefined);
  }
}

const pageLeaveFlushes = new WeakMap<QueryClient, () => void>();
const LEAVE_EVENTS = ["beforeunload", "pagehide"] as const;

/**
 * Flushes when the page is being left, while some reorder of `client` is unconfirmed and only then:
 * at beforeunload, which comes before the browser drops the page's requests (and with them the
 * answer the next order waits for), and at pagehide, for browsers without beforeunload (Safari on
 * iOS). Neither listener asks the member anything.
 */
function watchPageLeave(client: QueryClient, watching: boolean) {
  if (typeof window === "undefined") return;
  const flush = pageLeaveFlushes.get(client);
  if (watching && !flush) {
    const listener = () => flushPendingOrders(client);
    pageLeaveFlushes.set(client, listener);
    for (const event of LEAVE_EVENTS) window.addEventListener(event, listener);
  } else if (!watching && flush) {
    pageLeaveFlushes.delete(client);
    for (const event of LEAVE_EVENTS) window.removeEventListener(event, flush);
  }
}

/** A reorder not sent because an earlier one of the same burst failed. */
class ReorderSkipped extends Error {}

export type ReorderVariables = { playlistId: string; trackIds: string[] };

/** Moves tracks by sending the whole new order (PUT …/order); optimistic, rolled back on failure. */
export function useReorderPlaylist() {
  const client = useQueryClient();
  const key = playlistsQueryOptions().queryKey;
  return useMutation({
    mutationKey: [...PLAYLISTS_KEY, "reorder"],
    // One after the other, so the server sees the orders in the sequence they were made.
    scope: { id: "music-playlists-reorder" },
    onMutate: async ({ playlistId, trackIds }: ReorderVariables) => {
      const sync = orderSync(client, playlistId);
      const current = client.getQueryData(key)?.playlists.find((p) => p.id === playlistId);
      if (sync.pending === 0) {
        sync.confirmed = current?.tracks ?? [];
        sync.failed = false;
        sync.reload = false;
      }
      sync.pending++;
      sync.wanted = trackIds;
      watchPageLeave(client, true);
      // A refetch landing now would put the old order back on screen.
      void client.cancelQueries({ queryKey: key, exact: true });
      if (current) {
        const byId = new Map(current.tracks.map((t) => [t.id, t]));
        const tracks = trackIds.map((id) => byId.get(id)).filter((t): t is TrackView => t !== undefined);
        if (tracks.length === current.tracks.length) setTracks(client, playlistId, tracks);
      }
    },
    mutationFn: ({ playlistId, trackIds }: ReorderVariables) => {
      const sync = orderSync(client, playlistId);
      if (sync.failed) return Promise.reject(new ReorderSkipped());
      sync.sent = trackIds;
      return putOrder(playlistId, trackIds);
    },
    onSuccess: ({ playlist }, { playlistId }) => {
      orderSync(client, playlistId).confirmed = playlist.tracks;
    },
    onError: (error, { playlistId }) => {
      const sync = orderSync(client, playlistId);
      if (error instanceof ReorderSkipped) return;
      sync.failed = true;
      // Changed in another window (or gone): the confirmed copy is stale too, read it again.
      if (isCode(error, "playlist_changed") || isCode(error, "not_a_permutation") || isCode(error, "playlist_not_found")) sync.reload = true;
    },
    onSettled: (_data, _error, { playlistId }) => {
      const sync = orderSync(client, playlistId);
      sync.pending--;
      if (sync.pending > 0) return; // later moves are on screen already; the last one settles it
      // Success: the server's last word. Failure: back to what the server last confirmed.
      setTracks(client, playlistId, sync.confirmed);
      if (sync.reload) reload(client);
      if (![...(orderSyncs.get(client)?.values() ?? [])].some((s) => s.pending > 0)) watchPageLeave(client, false);
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Error texts

export type PlaylistErrorText = { message: MessageDescriptor; values?: Record<string, string | number> };

/** A playlist name's own errors (shown at the field), by the code the server names each with. */
const NAME_ERRORS: Record<string, MessageDescriptor> = {
  playlist_name_taken: playlistMessages.nameTaken,
  playlist_name_required: playlistMessages.nameRequired,
  playlist_name_too_long: playlistMessages.nameTooLong,
  invalid_characters: playlistMessages.invalidCharacters,
};

/** Which error of a name field: about the name itself (shown at the field), or undefined. */
export function playlistNameError(error: unknown): PlaylistErrorText | undefined {
  if (!(error instanceof ApiRequestError) || !Object.hasOwn(NAME_ERRORS, error.code)) return undefined;
  const message = NAME_ERRORS[error.code]!;
  return error.params ? { message, values: error.params } : { message };
}

/**
 * The translated text for any playlist error: the known codes by their own message, anything else
 * (network, 5xx) by the operation's `fallback` ('Failed to create playlist', ...).
 */
export function playlistErrorText(error: unknown, fallback: MessageDescriptor): PlaylistErrorText {
  const name = playlistNameError(error);
  if (name) return name;
  if (error instanceof ApiRequestError) {
    switch (error.code) {
      case "playlists_limit":
        return { message: playlistMessages.tooMany, values: { max: MAX_PLAYLISTS_PER_USER } };
      case "playlist_full":
        return { message: playlistMessages.full, values: { max: MAX_TRACKS_PER_PLAYLIST } };
      case "track_in_playlist":
        return { message: playlistMessages.trackAlreadyIn };
      case "playlist_not_found":
        return { message: playlistMessages.notFound };
      case "vip_required":
        return { message: playlistMessages.vipRequired };
    }
  }
  return { message: fallback };
}
