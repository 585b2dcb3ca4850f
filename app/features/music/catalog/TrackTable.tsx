// A numbered track list: #, play control, title, album, duration (and plays, where asked), and
// optionally a trailing cell of per-row actions (favorite, add to playlist, ...).
import { Link } from "@tanstack/react-router";
import { Suspense, type ReactNode } from "react";
import { FormattedMessage, FormattedNumber } from "react-intl";
import type { TrackView } from "#contracts/music/music.ts";
import { formatTime } from "../../../lib/audio/formatTime";
import { SessionAnswerScope } from "../../../lib/session/SessionAnswerScope";
import { usePlayerSelector } from "../player/PlayerProvider";
import { musicMessages } from "./messages";
import { ReleaseNote } from "./ReleaseNote";
import { ShareIcon } from "./ShareIcon";
import { TrackPlayButton } from "./TrackPlayButton";
import "../collections/collections.css";

/**
 * Rows per Suspense boundary: hydrating a server-rendered list (an album's, the music hub's), React
 * takes each group in a pass and a commit of its own, so no single task hydrates every row with
 * its play button, links and actions.
 */
const ROWS_PER_PASS = 4;

const groupsOf = <T,>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

type TrackTableProps = {
  tracks: readonly TrackView[];
  /** What plays when a row's play control is used (default: the rows themselves). */
  queue?: readonly TrackView[];
  caption: React.ReactNode;
  showAlbum?: boolean;
  showPlays?: boolean;
  /** Number rows by their album track number instead of their place in the list. */
  numberByTrack?: boolean;
  onShare?: (track: TrackView) => void;
  /** Controls for each row (e.g. the favorite heart), shown in a trailing actions cell. */
  rowActions?: (track: TrackView) => ReactNode;
};

export function TrackTable({
  tracks,
  queue = tracks,
  caption,
  showAlbum = true,
  showPlays = false,
  numberByTrack = false,
  onShare,
  rowActions,
}: TrackTableProps) {
  const currentId = usePlayerSelector((s) => s.current?.id ?? null);
  return (
    <SessionAnswerScope>
      <table className="track-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="track-num">
              <FormattedMessage {...musicMessages.colNumber} />
            </th>
            <th scope="col" className="track-action">
              <span className="sr-only">
                <FormattedMessage {...musicMessages.colActions} />
              </span>
            </th>
            <th scope="col">
              <FormattedMessage {...musicMessages.colTitle} />
            </th>
            {showAlbum && (
              <th scope="col" className="track-album">
                <FormattedMessage {...musicMessages.colAlbum} />
              </th>
            )}
            {showPlays && (
              <th scope="col" className="track-plays">
                <FormattedMessage {...musicMessages.colPlays} />
              </th>
            )}
            <th scope="col" className="track-duration">
              <FormattedMessage {...musicMessages.colDuration} />
            </th>
            {onShare && (
              <th scope="col" className="track-action track-share-cell">
                <span className="sr-only">
                  <FormattedMessage id="music.table.share" defaultMessage="Share" />
                </span>
              </th>
            )}
            {rowActions && (
              <th scope="col" className="track-row-actions">
                <span className="sr-only">
                  <FormattedMessage {...musicMessages.colActions} />
                </span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {groupsOf(tracks, ROWS_PER_PASS).map((group, g) => (
            <Suspense key={group[0]!.id}>
              {group.map((track, i) => (
                <TrackRow
                  key={track.id}
                  track={track}
                  number={numberByTrack ? track.number : g * ROWS_PER_PASS + i + 1}
                  current={track.id === currentId}
                  queue={queue}
                  showAlbum={showAlbum}
                  showPlays={showPlays}
                  onShare={onShare}
                  rowActions={rowActions}
                />
              ))}
            </Suspense>
          ))}
        </tbody>
      </table>
    </SessionAnswerScope>
  );
}

function ShareButton({ track, onShare }: { track: TrackView; onShare: (track: TrackView) => void }) {
  return (
    <FormattedMessage {...musicMessages.share} values={{ title: track.title }}>
      {(label) => (
        <button type="button" className="track-share" aria-label={String(label)} onClick={() => onShare(track)}>
          <ShareIcon />
        </button>
      )}
    </FormattedMessage>
  );
}

type TrackRowProps = Pick<TrackTableProps, "showAlbum" | "showPlays" | "onShare" | "rowActions"> & {
  track: TrackView;
  number: number;
  current: boolean;
  queue: readonly TrackView[];
};

function TrackRow({ track, number, current, queue, showAlbum, showPlays, onShare, rowActions }: TrackRowProps) {
  return (
    <tr className={current ? "track-row track-row-current" : "track-row"} aria-current={current ? "true" : undefined}>
      <td className="track-num">{number}</td>
      <td className="track-action">
        <TrackPlayButton track={track} queue={queue} />
      </td>
      <td className="track-title">
        <Link to="/music/track/$trackId" params={{ trackId: track.id }}>
          {track.title}
        </Link>
        <ReleaseNote item={track} />
      </td>
      {showAlbum && (
        <td className="track-album">
          <Link to="/music/catalog/$id" params={{ id: track.albumId }}>
            {track.albumTitle}
          </Link>
        </td>
      )}
      {showPlays && (
        <td className="track-plays">
          <FormattedNumber value={track.plays} />
        </td>
      )}
      <td className="track-duration">{formatTime(track.durationSeconds)}</td>
      {onShare && (
        <td className="track-action track-share-cell">
          <ShareButton track={track} onShare={onShare} />
        </td>
      )}
      {rowActions && (
        <td className="track-row-actions">
          <div className="track-row-actions-inner">{rowActions(track)}</div>
        </td>
      )}
    </tr>
  );
}
