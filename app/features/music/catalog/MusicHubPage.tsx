// /music: the Music Hub. Everyone can look; playing needs VIP or admin (the server enforces it).
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useDeferredValue, useMemo, useState } from "react";
import { FormattedMessage, FormattedNumber, useIntl } from "react-intl";
import type { TrackView } from "../../../../worker/contracts/music";
import { Icon } from "../../../components/Icon";
import { QueryState } from "../../../components/QueryState";
import { openMusicPlayer } from "../../../lib/popups";
import { useSessionUser } from "../../../lib/session/useSession";
import { FavoritesDrawer } from "../collections/FavoritesDrawer";
import { PlaylistsGrid } from "../collections/PlaylistsGrid";
import { trackRowActions } from "../collections/TrackRowActions";
import { favoritesMessages } from "../collections/favoritesMessages";
import { usePlayer } from "../player/PlayerProvider";
import { tracksQueryOptions } from "../queries";
import { musicMessages } from "./messages";
import { ShareDialog } from "./ShareDialog";
import { TrackTable } from "./TrackTable";
import "./music.css";

/** How many rows the Popular table shows when nothing is searched. */
const POPULAR_ROWS = 20;

/** Case- and accent-insensitive match on title or album. */
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** The favorite heart of each row (a lock link to /vip-signup without VIP). */

export function searchTracks(tracks: readonly TrackView[], search: string): TrackView[] {
  const needle = fold(search.trim());
  if (!needle) return [...tracks];
  return tracks.filter((t) => fold(t.title).includes(needle) || fold(t.albumTitle).includes(needle));
}

export function MusicHubPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const query = useQuery(tracksQueryOptions());
  const { canPlay } = usePlayer();
  const signedIn = useSessionUser().user !== null;
  const [favoritesOpen, setFavoritesOpen] = useState(false);
  const [search, setSearch] = useState("");
  const deferredSearch = useDeferredValue(search);
  const [sharing, setSharing] = useState<TrackView | null>(null);

  const all = query.data?.tracks;
  const featured = useMemo(() => (all ?? []).filter((t) => t.featuredPosition !== null), [all]);
  const shown = useMemo(() => {
    if (!all) return [];
    if (deferredSearch.trim()) return searchTracks(all, deferredSearch);
    return [...all].sort((a, b) => b.plays - a.plays || a.title.localeCompare(b.title)).slice(0, POPULAR_ROWS);
  }, [all, deferredSearch]);
  const playableShown = useMemo(() => shown.filter((t) => t.playable), [shown]);

  return (
    <section className="page music-hub">
      <header className="hub-cover">
        <div>
          <p className="hub-kicker">
            <FormattedMessage {...musicMessages.hubTitle} />
          </p>
          <h1>
            <FormattedMessage {...musicMessages.hubArtist} />
          </h1>
          <p className="muted">
            <FormattedMessage {...musicMessages.hubTagline} />
          </p>
        </div>
        <p className="hub-plays" aria-live="polite">
          <span className="hub-plays-count">
            <FormattedNumber value={query.data?.totalPlays ?? 0} />
          </span>
          <span className="hub-plays-label">
            <FormattedMessage {...musicMessages.playsLabel} values={{ count: query.data?.totalPlays ?? 0 }} />
          </span>
        </p>
      </header>

      {!canPlay && (
        <div className="info-banner hub-vip-banner">
          <Icon name="lock" size={20} />
          <span>
            <FormattedMessage {...musicMessages.vipBanner} />
          </span>
          <Link to="/vip-signup" className="btn btn-primary btn-sm">
            <FormattedMessage {...musicMessages.becomeVip} />
          </Link>
        </div>
      )}

      <div className="hub-tools">
        <label className="hub-search">
          <span className="sr-only">
            <FormattedMessage {...musicMessages.searchLabel} />
          </span>
          <input
            type="search"
            className="input"
            placeholder={intl.formatMessage(musicMessages.search)}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
        <Link to="/music/catalog" className="btn btn-ghost btn-sm">
          <FormattedMessage {...musicMessages.browseCatalog} />
        </Link>
        {signedIn && (
          <button type="button" className="btn btn-ghost btn-sm" aria-haspopup="dialog" onClick={() => setFavoritesOpen(true)}>
            <Icon name="heart" size={16} /> <FormattedMessage {...favoritesMessages.openDrawer} />
          </button>
        )}
        {canPlay && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => openMusicPlayer(window, "desktop", (path) => void navigate({ to: path }))}>
            <FormattedMessage {...musicMessages.openPlayer} />
          </button>
        )}
      </div>

      <QueryState
        query={query}
        loading={<FormattedMessage {...musicMessages.loading} />}
        failed={<FormattedMessage {...musicMessages.loadFailed} />}
        retry={<FormattedMessage {...musicMessages.retry} />}
      >
        {() => (
          <>
            {!deferredSearch.trim() && featured.length > 0 && (
              <section aria-labelledby="hub-featured" className="hub-section">
                <h2 id="hub-featured">
                  <FormattedMessage {...musicMessages.featured} />
                </h2>
                <div className="table-wrap">
                  <TrackTable
                    tracks={featured}
                    queue={featured.filter((t) => t.playable)}
                    caption={<FormattedMessage {...musicMessages.featured} />}
                    onShare={setSharing}
                    rowActions={trackRowActions}
                  />
                </div>
              </section>
            )}

            <section aria-labelledby="hub-popular" className="hub-section">
              <h2 id="hub-popular">
                {deferredSearch.trim() ? (
                  <FormattedMessage {...musicMessages.results} values={{ count: shown.length }} />
                ) : (
                  <FormattedMessage {...musicMessages.popular} />
                )}
              </h2>
              {shown.length === 0 ? (
                <p className="empty-state-title" role="status">
                  <FormattedMessage {...musicMessages.noMatch} values={{ search: deferredSearch.trim() }} />
                </p>
              ) : (
                <div className="table-wrap">
                  <TrackTable
                    tracks={shown}
                    queue={playableShown}
                    caption={<FormattedMessage {...musicMessages.popular} />}
                    showPlays
                    onShare={setSharing}
                    rowActions={trackRowActions}
                  />
                </div>
              )}
            </section>
          </>
        )}
      </QueryState>

      <PlaylistsGrid className="hub-section" />
      {sharing && <ShareDialog kind="track" track={sharing} onClose={() => setSharing(null)} />}
      {favoritesOpen && <FavoritesDrawer onClose={() => setFavoritesOpen(false)} />}
    </section>
  );
}
