// An opened playlist: its tracks in order, each with play (the playlist is the queue), and for VIP
// members and admins remove and reorder. Reordering works by drag and drop and by keyboard (the
// Move up / Move down buttons, or Alt+Up / Alt+Down on any control of a track); every move sends
// the whole new order, is announced to screen readers, and keeps focus on the moved track's control.
import { useQueryClient } from "@tanstack/react-query";
import { useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { PlaylistView } from "#contracts/music/collections.ts";
import type { TrackView } from "#contracts/music/music.ts";
import { Loading } from "../../../components/Loading";
import { QueryFailed } from "../../../components/QueryState";
import { ApiRequestError } from "../../../lib/api";
import { usePlayerActions } from "../player/PlayerProvider";
import { PlaylistTrackRow } from "./PlaylistTrackRow";
import { RenamePlaylist } from "./RenamePlaylist";
import {
  playableTracks,
  playlistsQueryOptions,
  playlistErrorText,
  useCanEditPlaylists,
  usePlaylist,
  useRemoveTrackFromPlaylist,
  useReorderPlaylist,
  type PlaylistErrorText,
} from "./playlists";
import { playlistMessages as m } from "./playlistMessages";
import "../catalog/music.css";
import "./playlists.css";

/** Moves one id to a new index; the rest keep their relative order. */
export function movedOrder(ids: readonly string[], id: string, to: number): string[] {
  const from = ids.indexOf(id);
  if (from < 0 || to < 0 || to >= ids.length || to === from) return [...ids];
  const next = ids.filter((x) => x !== id);
  next.splice(to, 0, id);
  return next;
}

type PlaylistDetailProps = {
  playlistId: string;
  /** Shows the playlist's name as a heading (off when a dialog title already names it). */
  showName?: boolean;
};

export function PlaylistDetail({ playlistId, showName = false }: PlaylistDetailProps) {
  const { playlist, isPending, isError } = usePlaylist(playlistId);
  if (playlist) return <PlaylistTracks playlist={playlist} showName={showName} />;
  if (isPending) return <Loading label={<FormattedMessage {...m.loading} />} />;
  if (isError) return <QueryFailed message={<FormattedMessage {...m.loadFailed} />} />;
  return (
    <p className="muted">
      <FormattedMessage {...m.notFound} />
    </p>
  );
}

/** Where focus goes once the list shows the change (`before`: the tracks it was made on). */
type FocusRequest = { trackId: string; element: HTMLElement | null; before: readonly TrackView[] };

function PlaylistTracks({ playlist, showName }: { playlist: PlaylistView; showName: boolean }) {
  const intl = useIntl();
  const canEdit = useCanEditPlaylists();
  const actions = usePlayerActions();
  const client = useQueryClient();
  const reorder = useReorderPlaylist();
  const removeTrack = useRemoveTrackFromPlaylist();
  const [announcement, setAnnouncement] = useState("");
  const [error, setError] = useState<PlaylistErrorText | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const rows = useRef(new Map<string, HTMLLIElement>());
  const listRef = useRef<HTMLOListElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const focusRequest = useRef<FocusRequest | null>(null);

  const tracks = playlist.tracks;
  const queue = playableTracks(playlist);

  // After a move (or a removal) the list re-renders: put focus where the member expects it.
  useLayoutEffect(() => {
    const request = focusRequest.current;
    // Not yet: this render still shows the old order (e.g. the announcement's own render).
    if (!request || request.before === tracks) return;
    focusRequest.current = null;
    const { element, trackId } = request;
    if (element?.isConnected && !(element as HTMLButtonElement).disabled) {
      element.focus();
      return;
    }
    const row = rows.current.get(trackId);
    const fallback = row?.querySelector<HTMLElement>("[data-control='up']:not(:disabled), [data-control='down']:not(:disabled), [data-control='remove']");
    (fallback ?? listRef.current ?? containerRef.current)?.focus();
  });

  /** Moves a track one place up or down, or to where another track (`onto`) is. */
  const move = (track: TrackView, where: "up" | "down" | { onto: string }, focus: HTMLElement | null) => {
    // The cache, not this render: two quick moves must build on each other.
    const latest = client.getQueryData(playlistsQueryOptions().queryKey)?.playlists.find((p) => p.id === playlist.id)?.tracks ?? tracks;
    const ids = latest.map((t) => t.id);
    const from = ids.indexOf(track.id);
    const to = where === "up" ? from - 1 : where === "down" ? from + 1 : ids.indexOf(where.onto);
    if (!canEdit || from < 0 || to < 0 || to >= ids.length || to === from) return;
    setError(null);
    // Keyboard moves keep focus on the control used; a pointer drop leaves focus alone.
    if (focus) focusRequest.current = { trackId: track.id, element: focus, before: tracks };
    setAnnouncement(intl.formatMessage(m.moved, { title: track.title, position: to + 1, total: ids.length }));
    reorder.mutate(
      { playlistId: playlist.id, trackIds: movedOrder(ids, track.id, to) },
      {
        onError: (err) => {
          // Our order always lists the tracks on screen: refused as not a permutation, or changed
          // under the update, means the playlist changed elsewhere (it is being reloaded).
          const changed = err instanceof ApiRequestError && (err.code === "playlist_changed" || err.code === "not_a_permutation");
          const text = changed ? m.reorderChanged : m.reorderFailed;
          setError({ message: text });
          setAnnouncement(intl.formatMessage(text));
        },
      },
    );
  };

  const remove = (track: TrackView, index: number) => {
    setError(null);
    removeTrack.mutate(
      { playlistId: playlist.id, trackId: track.id },
      {
        onSuccess: () => {
          setAnnouncement(intl.formatMessage(m.removed, { title: track.title }));
          const neighbour = tracks[index + 1] ?? tracks[index - 1];
          const neighbourRow = neighbour ? rows.current.get(neighbour.id) : undefined;
          focusRequest.current = {
            trackId: neighbour?.id ?? "",
            element: neighbourRow?.querySelector<HTMLElement>("[data-control='remove']") ?? null,
            before: tracks,
          };
        },
        onError: (err) => {
          // Already removed (in another window): the reload shows it gone, nothing failed.
          if (err instanceof ApiRequestError && err.code === "track_not_in_playlist") return;
          setError(playlistErrorText(err, m.removeFailed));
        },
      },
    );
  };

  const onRowKeyDown = (track: TrackView) => (e: KeyboardEvent<HTMLLIElement>) => {
    if (!canEdit || !e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.key !== "ArrowUp" && e.key !== "ArrowDown") return;
    // Taken here: the page's Alt+Up / Alt+Down (volume) leave an already handled key alone.
    e.preventDefault();
    const focused = e.target instanceof HTMLElement ? e.target : null;
    move(track, e.key === "ArrowUp" ? "up" : "down", focused);
  };

  const dragProps = (track: TrackView) =>
    canEdit
      ? {
          draggable: true,
          onDragStart: (e: DragEvent<HTMLLIElement>) => {
            setDragging(track.id);
            if (e.dataTransfer) {
              e.dataTransfer.effectAllowed = "move";
              e.dataTransfer.setData("text/plain", track.id);
            }
          },
          onDragOver: (e: DragEvent<HTMLLIElement>) => {
            if (!dragging) return;
            e.preventDefault();
            if (e.dataTransfer) e.dataTransfer.dropEffect = "move";
            if (dropTarget !== track.id) setDropTarget(track.id);
          },
          onDrop: (e: DragEvent<HTMLLIElement>) => {
            e.preventDefault();
            const moving = tracks.find((t) => t.id === dragging);
            setDragging(null);
            setDropTarget(null);
            if (!moving) return;
            move(moving, { onto: track.id }, null);
          },
          onDragEnd: () => {
            setDragging(null);
            setDropTarget(null);
          },
        }
      : {};

  return (
    <div className="playlist-detail" ref={containerRef} tabIndex={-1}>
      {showName && <h3 className="playlist-detail-name">{playlist.name}</h3>}
      <div className="playlist-detail-head">
        <p className="muted">
          <FormattedMessage {...m.trackCount} values={{ count: tracks.length }} />
        </p>
        {canEdit && (
          <div className="playlist-detail-tools">
            <button type="button" className="btn btn-primary btn-sm" disabled={queue.length === 0} onClick={() => actions.playQueue(queue)}>
              <FormattedMessage {...m.playAll} />
            </button>
            <RenamePlaylist playlist={playlist} />
          </div>
        )}
      </div>

      {error && (
        <div className="error-banner" role="alert">
          <FormattedMessage {...error.message} values={error.values} />
        </div>
      )}
      <p className="sr-only" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>

      {tracks.length === 0 ? (
        <p className="muted">
          <FormattedMessage {...m.detailEmpty} />
        </p>
      ) : (
        <>
          {canEdit && tracks.length > 1 && (
            <p className="muted playlist-detail-hint">
              <FormattedMessage {...m.reorderHint} />
            </p>
          )}
          <ol className="playlist-tracks" ref={listRef} tabIndex={-1} aria-label={intl.formatMessage(m.tracksLabel)}>
            {tracks.map((track, index) => (
              <PlaylistTrackRow
                key={track.id}
                track={track}
                index={index}
                count={tracks.length}
                queue={queue}
                canEdit={canEdit}
                dragging={dragging === track.id}
                dropTarget={dropTarget === track.id}
                removing={removeTrack.isPending && removeTrack.variables?.trackId === track.id}
                rowRef={(el) => {
                  if (el) rows.current.set(track.id, el);
                  else rows.current.delete(track.id);
                }}
                rowProps={{ onKeyDown: onRowKeyDown(track), ...dragProps(track) }}
                onMove={(where, control) => move(track, where, control)}
                onRemove={() => remove(track, index)}
              />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
