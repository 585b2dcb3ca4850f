// The favorites drawer of the Music Hub (docs/features.md#music): a side panel with dialog semantics (the shared
// Modal: focus moved in and trapped, Escape and the backdrop close it, focus returns to the
// opener) listing the member's favorites with play and unfavorite, and the way to the full page.
import { Link } from "@tanstack/react-router";
import { useMemo, useRef } from "react";
import { FormattedMessage } from "react-intl";
import type { TrackView } from "#contracts/music/music.ts";
import { Modal } from "../../../components/Modal";
import { QueryState } from "../../../components/QueryState";
import { canUseVipContent, useSessionUser } from "../../../lib/session/useSession";
import { Cover } from "../catalog/Cover";
import { musicMessages } from "../catalog/messages";
import { TrackPlayButton } from "../catalog/TrackPlayButton";
import { usePlayerSelector } from "../player/PlayerProvider";
import { useFavorites } from "./favorites";
import { FavoriteToggle, useRefocusAfterRemoval } from "./FavoriteToggle";
import { favoritesMessages } from "./favoritesMessages";
import { FavoritesEmpty } from "./FavoritesPage";
import "../catalog/music.css";
import "./collections.css";

const NO_TRACKS: readonly TrackView[] = [];

export function FavoritesDrawer({ onClose }: { onClose: () => void }) {
  const query = useFavorites();
  const canPlay = canUseVipContent(useSessionUser().user);
  const tracks = query.data?.tracks ?? NO_TRACKS;
  const playable = useMemo(() => tracks.filter((t) => t.playable), [tracks]);
  const currentId = usePlayerSelector((s) => s.current?.id ?? null);
  const listRef = useRef<HTMLUListElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const onRemoved = useRefocusAfterRemoval(tracks, listRef, closeRef);

  return (
    <Modal
      className="favorites-drawer"
      title={<FormattedMessage {...favoritesMessages.drawerTitle} />}
      onClose={onClose}
      footer={
        <div className="dialog-actions fav-drawer-actions">
          <Link to="/music/favorites" className="btn btn-primary btn-sm" onClick={onClose}>
            <FormattedMessage {...favoritesMessages.viewAll} />
          </Link>
          <button ref={closeRef} type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
            <FormattedMessage {...favoritesMessages.drawerClose} />
          </button>
        </div>
      }
    >
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
            <>
              <p className="muted fav-drawer-count">
                <FormattedMessage {...favoritesMessages.count} values={{ count: tracks.length }} />
              </p>
              <ul ref={listRef} className="fav-drawer-list">
                {tracks.map((track, i) => (
                  <li
                    key={track.id}
                    className={track.id === currentId ? "fav-drawer-row is-current" : "fav-drawer-row"}
                    aria-current={track.id === currentId ? "true" : undefined}
                  >
                    <TrackPlayButton track={track} queue={playable} />
                    <Cover url={track.coverUrl} title={track.albumTitle} size={48} />
                    <span className="fav-drawer-text">
                      <span className="fav-drawer-title">{track.title}</span>
                      <span className="fav-drawer-album">{track.albumTitle}</span>
                    </span>
                    {/* Without VIP the play control is already the lock link: removing needs VIP too. */}
                    {canPlay && <FavoriteToggle track={track} onToggled={(favorite) => !favorite && onRemoved(i)} />}
                  </li>
                ))}
              </ul>
            </>
          )
        }
      </QueryState>
    </Modal>
  );
}
