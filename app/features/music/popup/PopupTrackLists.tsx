// The music player's lists: the Master Playlist's rows and, for a member, the Master Playlist, their
// favorites (a heart per row) and their playlists as tabs.
import { useRef, type Ref } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { PlaylistView } from "#contracts/music/collections.ts";
import type { TrackView } from "#contracts/music/music.ts";
import { PlayerIcon } from "../../../components/player/PlayerIcons";
import { PopupTabs } from "../../../components/player/popup/PopupTabs";
import { TrackButton } from "../../../components/player/popup/TrackButton";
import { useTabs } from "../../../components/Tabs";
import { FavoriteHeartButton, useRefocusAfterRemoval } from "../collections/FavoriteToggle";
import { favoritesMessages } from "../collections/favoritesMessages";
import { playlistMessages } from "../collections/playlistMessages";
import { popupMessages, trackCountMessage } from "./messages";
import type { MusicPlayerPopupActions, MusicPlayerPopupFavorites } from "./popupTypes";

type TrackRowsProps = {
  tracks: TrackView[];
  current: TrackView | null;
  onPlay: (track: TrackView) => void;
  /** With favorites, each row gets its heart; `onRemoved` hears of a heart switched off. */
  favorites?: MusicPlayerPopupFavorites;
  onRemoved?: (index: number) => void;
  listRef?: Ref<HTMLOListElement>;
};

export function TrackRows({ tracks, current, onPlay, favorites, onRemoved, listRef }: TrackRowsProps) {
  return (
    <ol className="mp-tracks" ref={listRef}>
      {tracks.map((track, index) => {
        const isCurrent = current?.id === track.id;
        const favorite = favorites?.ids.has(track.id) ?? false;
        return (
          <li key={track.id} className={favorites ? "mp-fav-row" : undefined}>
            <TrackButton track={track} index={index} isCurrent={isCurrent} onPlay={() => onPlay(track)} />
            {favorites && (
              <FavoriteHeartButton
                className="mp-fav"
                title={track.title}
                favorite={favorite}
                onToggle={() => {
                  favorites.toggle(track, !favorite);
                  if (favorite) onRemoved?.(index);
                }}
              />
            )}
          </li>
        );
      })}
    </ol>
  );
}

type ListTab = "master" | "favorites" | "playlists";
const LIST_TABS: readonly ListTab[] = ["master", "favorites", "playlists"];

/** The Master Playlist, the member's favorites and playlists as tabs (WAI-ARIA tabs, arrow keys move). */
export function TrackLists({
  queue,
  current,
  actions,
  favorites,
  playlists,
}: {
  queue: TrackView[];
  current: TrackView | null;
  actions: MusicPlayerPopupActions;
  favorites: MusicPlayerPopupFavorites;
  playlists: readonly PlaylistView[];
}) {
  const intl = useIntl();
  const tabs = useTabs(LIST_TABS);
  const tab = tabs.selected;
  const listRef = useRef<HTMLOListElement>(null);
  const favoriteQueue = favorites.tracks.filter((track) => track.playable);
  // Switching a heart off in the Favorites tab takes its row away: focus goes to the next heart.
  const onRemoved = useRefocusAfterRemoval(favoriteQueue.map((t) => t.id).join(), listRef, tabs.tabRef("favorites"));
  const shown = tab === "master" ? queue : tab === "favorites" ? favoriteQueue : [];

  return (
    <PopupTabs
      tabs={tabs}
      label={intl.formatMessage(favoritesMessages.popupLists)}
      labels={{
        master: <FormattedMessage {...popupMessages.masterPlaylist} />,
        favorites: <FormattedMessage {...favoritesMessages.popupTab} />,
        playlists: <FormattedMessage {...playlistMessages.yourPlaylists} />,
      }}
      aside={
        tab !== "playlists" && (
          <span className="muted">
            <FormattedMessage {...trackCountMessage} values={{ count: shown.length }} />
          </span>
        )
      }
      panelFocusable={shown.length === 0}
    >
      {tab === "playlists" ? (
        <PlaylistRows playlists={playlists} onPlay={(tracks) => tracks[0] && actions.playTrack(tracks[0], tracks)} />
      ) : shown.length === 0 ? (
        <p className="muted">
          <FormattedMessage {...(tab === "master" ? popupMessages.empty : favoritesMessages.empty)} />
        </p>
      ) : (
        <TrackRows
          tracks={shown}
          current={current}
          favorites={favorites}
          listRef={listRef}
          onRemoved={tab === "favorites" ? onRemoved : undefined}
          onPlay={(track) => actions.playTrack(track, tab === "master" ? queue : favoriteQueue)}
        />
      )}
    </PopupTabs>
  );
}

/** The Your Playlists tab: each playlist with its track count and a Play button. */
function PlaylistRows({ playlists, onPlay }: { playlists: readonly PlaylistView[]; onPlay: (tracks: TrackView[]) => void }) {
  const intl = useIntl();
  if (playlists.length === 0) {
    return (
      <p className="muted">
        <FormattedMessage {...playlistMessages.empty} />
      </p>
    );
  }
  return (
    <ol className="mp-tracks">
      {playlists.map((list) => {
        const playable = list.tracks.filter((t) => t.playable);
        return (
          <li key={list.id}>
            <button
              type="button"
              className="mp-track"
              disabled={playable.length === 0}
              onClick={() => onPlay(playable)}
              aria-label={intl.formatMessage(playlistMessages.playLabel, { name: list.name })}
            >
              <span className="mp-track-index" aria-hidden="true">
                <PlayerIcon name="play" size={14} />
              </span>
              <span className="mp-track-text">
                <span className="mp-track-title">{list.name}</span>
                <span className="mp-track-album">
                  <FormattedMessage {...trackCountMessage} values={{ count: list.tracks.length }} />
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
