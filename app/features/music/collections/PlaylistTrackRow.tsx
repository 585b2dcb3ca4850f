// One track of an opened playlist: its number, play (the playlist is the queue), title, album and
// length, and for VIP members and admins the grip to drag it, Move up / Move down and Remove. The
// row's keys and drag events come from the list (PlaylistDetail), which knows the whole order.
import { Link } from "@tanstack/react-router";
import type { HTMLAttributes } from "react";
import { useIntl } from "react-intl";
import type { TrackView } from "#contracts/music/music.ts";
import { PlayerIcon } from "../../../components/player/PlayerIcons";
import { formatTime } from "../../../lib/audio/formatTime";
import { TrackPlayButton } from "../catalog/TrackPlayButton";
import { playlistMessages as m } from "./playlistMessages";

type Props = {
  track: TrackView;
  index: number;
  count: number;
  queue: readonly TrackView[];
  canEdit: boolean;
  dragging: boolean;
  dropTarget: boolean;
  removing: boolean;
  rowRef: (row: HTMLLIElement | null) => void;
  /** The list's key and drag handlers for this row. */
  rowProps: HTMLAttributes<HTMLLIElement>;
  onMove: (where: "up" | "down", control: HTMLElement) => void;
  onRemove: () => void;
};

export function PlaylistTrackRow({ track, index, count, queue, canEdit, dragging, dropTarget, removing, rowRef, rowProps, onMove, onRemove }: Props) {
  const intl = useIntl();
  const values = { title: track.title };
  const classes = ["playlist-track"];
  if (dragging) classes.push("is-dragging");
  if (dropTarget && !dragging) classes.push("is-drop-target");
  return (
    <li ref={rowRef} className={classes.join(" ")} data-track-id={track.id} {...rowProps}>
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
            onClick={(e) => onMove("up", e.currentTarget)}
          >
            <Chevron up />
          </button>
          <button
            type="button"
            className="playlist-icon-button"
            data-control="down"
            aria-label={intl.formatMessage(m.moveDown, values)}
            disabled={index === count - 1}
            onClick={(e) => onMove("down", e.currentTarget)}
          >
            <Chevron />
          </button>
          <button
            type="button"
            className="playlist-icon-button"
            data-control="remove"
            aria-label={intl.formatMessage(m.remove, values)}
            disabled={removing}
            onClick={onRemove}
          >
            <PlayerIcon name="close" size={16} />
          </button>
        </span>
      )}
    </li>
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
