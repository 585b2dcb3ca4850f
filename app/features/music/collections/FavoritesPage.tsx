// /music/favorites (docs/features.md#music): 'Your Collection', Play all, and the member's
// favorites newest first in a table of #, Title (cover, title, play count), Album and Actions
// (play and unfavorite). Without VIP the play control is a lock link to /vip-signup. The route
// makes sure someone is signed in; the player bar is the site's global one.
import { Link } from "@tanstack/react-router";
import { useMemo, useRef } from "react";
import { FormattedMessage } from "react-intl";
import type { TrackView } from "#contracts/music/music.ts";
import { EmptyState } from "../../../components/EmptyState";
import { Icon } from "../../../components/Icon";
import { QueryState } from "../../../components/QueryState";
import { canUseVipContent, useSessionUser } from "../../../lib/session/useSession";
import { Cover } from "../catalog/Cover";
import { musicMessages } from "../catalog/messages";
import { TrackPlayButton } from "../catalog/TrackPlayButton";
import { PlayerIcon } from "../../../components/player/PlayerIcons";
import { usePlayerActions, usePlayerSelector } from "../player/PlayerProvider";
import { useFavorites } from "./favorites";
import { FavoriteToggle, useRefocusAfterRemoval } from "./FavoriteToggle";
import { favoritesMessages } from "./favoritesMessages";
import "../catalog/music.css";
import "./collections.css";

const NO_TRACKS: readonly TrackView[] = [];

export function FavoritesPage() {
  const query = useFavorites();
  const canPlay = canUseVipContent(useSessionUser().user);
  const actions = usePlayerActions();
  const tracks = query.data?.tracks ?? NO_TRACKS;
  const playable = useMemo(() => tracks.filter((t) => t.playable), [tracks]);
  const favoriteIds = useMemo(() => new Set(tracks.map((t) => t.id)), [tracks]);

  // The favorites' play error (docs/features.md#music): the engine failed to play a track started from this list, that is,
  // while the queue is made of favorite tracks.
  const playFailed = usePlayerSelector(
    (s) => s.error === "play_failed" && s.current !== null && s.queue.length > 0 && s.queue.every((t) => favoriteIds.has(t.id)),
  );

  const headingRef = useRef<HTMLHeadingElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const onRemoved = useRefocusAfterRemoval(tracks, tableRef, headingRef);

  return (
    <section className="page favorites-page">
      <header className="page-head favorites-head">
        <div>
          <p className="hub-kicker">
            <FormattedMessage {...favoritesMessages.kicker} />
          </p>
          <h1 ref={headingRef} tabIndex={-1}>
            <FormattedMessage {...favoritesMessages.heading} />
          </h1>
          {query.data && (
            <p className="muted">
              <FormattedMessage {...favoritesMessages.count} values={{ count: tracks.length }} />
            </p>
          )}
        </div>
        {tracks.length > 0 &&
          (canPlay ? (
            <button type="button" className="btn btn-primary" disabled={playable.length === 0} onClick={() => actions.playQueue(playable, 0)}>
              <PlayerIcon name="play" size={18} /> <FormattedMessage {...favoritesMessages.playAll} />
            </button>
          ) : (
            <Link to="/vip-signup" className="btn btn-primary">
              <Icon name="lock" size={18} /> <FormattedMessage {...musicMessages.unlockWithVip} />
            </Link>
          ))}
      </header>

      {playFailed && (
        <p className="error-banner" role="alert">
          <FormattedMessage {...favoritesMessages.playFailed} />
        </p>
      )}

      <QueryState
        query={query}
        loading={<FormattedMessage {...favoritesMessages.loading} />}
        failed={<FormattedMessage {...favoritesMessages.loadFailed} />}
        retry={<FormattedMessage {...musicMessages.retry} />}
      >
        {() =>
          tracks.length === 0 ? (
            <FavoritesEmpty canFavorite={canPlay} />
          ) : (
            <div className="table-wrap">
              <FavoritesTable ref={tableRef} tracks={tracks} queue={playable} canPlay={canPlay} onRemoved={onRemoved} />
            </div>
          )
        }
      </QueryState>
    </section>
  );
}

/** 'No favorite tracks yet / Start adding tracks to your favorites', with the way to the catalog.
 *  A member without VIP cannot add any (the hearts are lock links), so they are told favorites
 *  are a VIP feature and shown the way to /vip-signup instead. */
export function FavoritesEmpty({ canFavorite }: { canFavorite: boolean }) {
  if (!canFavorite) {
    return (
      <EmptyState icon="lock" title={<FormattedMessage {...favoritesMessages.vipOnly} />} hint={<FormattedMessage {...favoritesMessages.vipOnlyHint} />}>
        <Link to="/vip-signup" className="btn btn-primary btn-sm">
          <FormattedMessage {...musicMessages.becomeVip} />
        </Link>
      </EmptyState>
    );
  }
  return (
    <EmptyState icon="heart" title={<FormattedMessage {...favoritesMessages.empty} />} hint={<FormattedMessage {...favoritesMessages.emptyHint} />}>
      <Link to="/music/catalog" className="btn btn-ghost btn-sm">
        <FormattedMessage {...musicMessages.browseCatalog} />
      </Link>
    </EmptyState>
  );
}

type FavoritesTableProps = {
  ref: React.Ref<HTMLTableElement>;
  tracks: readonly TrackView[];
  queue: readonly TrackView[];
  canPlay: boolean;
  onRemoved: (index: number) => void;
};

function FavoritesTable({ ref, tracks, queue, canPlay, onRemoved }: FavoritesTableProps) {
  const currentId = usePlayerSelector((s) => s.current?.id ?? null);
  return (
    <table ref={ref} className="track-table fav-table">
      <caption className="sr-only">
        <FormattedMessage {...favoritesMessages.caption} />
      </caption>
      <thead>
        <tr>
          <th scope="col" className="track-num">
            <FormattedMessage {...musicMessages.colNumber} />
          </th>
          <th scope="col">
            <FormattedMessage {...musicMessages.colTitle} />
          </th>
          <th scope="col" className="track-album">
            <FormattedMessage {...musicMessages.colAlbum} />
          </th>
          <th scope="col" className="fav-actions">
            <FormattedMessage {...musicMessages.colActions} />
          </th>
        </tr>
      </thead>
      <tbody>
        {tracks.map((track, i) => {
          const current = track.id === currentId;
          return (
            <tr key={track.id} className={current ? "track-row track-row-current" : "track-row"} aria-current={current ? "true" : undefined}>
              <td className="track-num">{i + 1}</td>
              <td className="track-title">
                <div className="fav-title">
                  <Cover url={track.coverUrl} title={track.albumTitle} size={48} />
                  <div className="fav-title-text">
                    <Link to="/music/track/$trackId" params={{ trackId: track.id }}>
                      {track.title}
                    </Link>
                    <span className="fav-plays">
                      <FormattedMessage {...musicMessages.totalPlays} values={{ count: track.plays }} />
                    </span>
                  </div>
                </div>
              </td>
              <td className="track-album">
                <Link to="/music/catalog/$id" params={{ id: track.albumId }}>
                  {track.albumTitle}
                </Link>
              </td>
              <td className="fav-actions">
                <div className="fav-actions-inner">
                  <TrackPlayButton track={track} queue={queue} />
                  {/* Without VIP the lock link above says it all: removing needs VIP too. */}
                  {canPlay && <FavoriteToggle track={track} onToggled={(favorite) => !favorite && onRemoved(i)} />}
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
