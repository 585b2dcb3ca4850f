// An opened playlist: its tracks in order, each with play (the playlist is the queue), and for VIP
// members and admins remove and reorder. Reordering works by drag and drop and by keyboard (the
// Move up / Move down buttons, or Alt+Up / Alt+Down on any control of a track); every move sends
// the whole new order, is announced to screen readers, and keeps focus on the moved track's control.
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useLayoutEffect, useRef, useState, type DragEvent, type FormEvent, type KeyboardEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { PlaylistView } from "../../../../worker/contracts/collections";
import type { TrackView } from "../../../../worker/contracts/music";
import { Loading } from "../../../components/Loading";
import { ApiRequestError } from "../../../lib/api";
import { TrackPlayButton } from "../catalog/TrackPlayButton";
import { formatTime } from "../../../lib/audio/formatTime";
import { PlayerIcon } from "../../../components/player/PlayerIcons";
import { usePlayerActions } from "../player/PlayerProvider";
import { PlaylistNameField } from "./CreatePlaylistDialog";
import {
  nameTaken,
  playableTracks,
  playlistsQueryOptions,
  playlistErrorText,
  playlistNameError,
  useCanEditPlaylists,
  usePlaylist,
  usePlaylists,
  useRemoveTrackFromPlaylist,
  useRenamePlaylist,
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
  return (
    <p className={isError ? "error-banner" : "muted"} role={isError ? "alert" : undefined}>
      <FormattedMessage {...(isError ? m.loadFailed : m.notFound)} />
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
            {tracks.map((track, index) => {
              const values = { title: track.title };
              const classes = ["playlist-track"];
              if (dragging === track.id) classes.push("is-dragging");
              if (dropTarget === track.id && dragging !== track.id) classes.push("is-drop-target");
              return (
                <li
                  key={track.id}
                  ref={(el) => {
                    if (el) rows.current.set(track.id, el);
                    else rows.current.delete(track.id);
                  }}
                  className={classes.join(" ")}
                  data-track-id={track.id}
                  onKeyDown={onRowKeyDown(track)}
                  {...dragProps(track)}
                >
                  {canEdit && (
                    <span className="playlist-track-grip" aria-hidden="true">
                      ⋮⋮
                    </span>
                  )}
                  <span className="playlist-track-number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <TrackPlayButton track={track} queue={queue} />
                  <span className="playlist-track-text">
                    <Link to="/music/track/$trackId" params={{ trackId: track.id }} className="playlist-track-title" draggable={false}>
                      {track.title}
                    </Link>
                    <span className="playlist-track-album">{track.albumTitle}</span>
                  </span>
                  <span className="playlist-track-duration">{formatTime(track.durationSeconds)}</span>
                  {canEdit && (
                    <span className="playlist-track-actions">
                      <button
                        type="button"
                        className="playlist-icon-button"
                        data-control="up"
                        aria-label={intl.formatMessage(m.moveUp, values)}
                        disabled={index === 0}
                        onClick={(e) => move(track, "up", e.currentTarget)}
                      >
                        <Chevron up />
                      </button>
                      <button
                        type="button"
                        className="playlist-icon-button"
                        data-control="down"
                        aria-label={intl.formatMessage(m.moveDown, values)}
                        disabled={index === tracks.length - 1}
                        onClick={(e) => move(track, "down", e.currentTarget)}
                      >
                        <Chevron />
                      </button>
                      <button
                        type="button"
                        className="playlist-icon-button"
                        data-control="remove"
                        aria-label={intl.formatMessage(m.remove, values)}
                        disabled={removeTrack.isPending && removeTrack.variables?.trackId === track.id}
                        onClick={() => remove(track, index)}
                      >
                        <PlayerIcon name="close" size={16} />
                      </button>
                    </span>
                  )}
                </li>
              );
            })}
          </ol>
        </>
      )}
    </div>
  );
}

function Chevron({ up = false }: { up?: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={16}
      height={16}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={up ? "M6 15l6-6 6 6" : "M6 9l6 6 6-6"} />
    </svg>
  );
}

/** Rename in place: a Rename button that becomes a small name form. */
function RenamePlaylist({ playlist }: { playlist: PlaylistView }) {
  const intl = useIntl();
  const rename = useRenamePlaylist();
  const { data } = usePlaylists();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(playlist.name);
  const [failure, setFailure] = useState<{ text: PlaylistErrorText; atField: boolean } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const trimmed = name.trim();

  const stop = () => {
    setEditing(false);
    setFailure(null);
    requestAnimationFrame(() => buttonRef.current?.focus());
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!trimmed || rename.isPending) return;
    if (trimmed === playlist.name) return stop();
    if (nameTaken(data?.playlists, trimmed, playlist.id)) {
      setFailure({ text: { message: m.nameTaken }, atField: true });
      return;
    }
    setFailure(null);
    rename.mutate(
      { id: playlist.id, name: trimmed },
      {
        onSuccess: stop,
        onError: (err) => setFailure({ text: playlistErrorText(err, m.renameFailed), atField: playlistNameError(err) !== undefined }),
      },
    );
  };

  if (!editing) {
    return (
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-ghost btn-sm"
        aria-label={intl.formatMessage(m.renameLabel, { name: playlist.name })}
        onClick={() => {
          setName(playlist.name);
          setEditing(true);
        }}
      >
        <FormattedMessage {...m.rename} />
      </button>
    );
  }

  return (
    <form
      className="playlist-rename"
      noValidate
      onSubmit={onSubmit}
      onKeyDown={(e) => {
        // Escape leaves the form, not the whole dialog.
        if (e.key === "Escape") {
          e.stopPropagation();
          stop();
        }
      }}
    >
      <PlaylistNameField
        label={<FormattedMessage {...m.nameLabel} />}
        value={name}
        autoFocus
        onChange={(value) => {
          setName(value);
          if (failure) setFailure(null);
        }}
        error={failure?.atField ? failure.text : undefined}
      />
      {failure && !failure.atField && (
        <p className="field-error" role="alert">
          <FormattedMessage {...failure.text.message} values={failure.text.values} />
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="btn btn-ghost btn-sm" onClick={stop}>
          <FormattedMessage {...m.cancel} />
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={!trimmed || rename.isPending}>
          <FormattedMessage {...(rename.isPending ? m.saving : m.save)} />
        </button>
      </div>
    </form>
  );
}
