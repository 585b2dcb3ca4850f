// /music: the Music Hub. Everyone can look; playing needs VIP or admin (the server enforces it).
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { FormattedMessage, FormattedNumber, useIntl } from "react-intl";
import type { TrackView } from "#contracts/music/music.ts";
import { Icon } from "../../../components/Icon";
import { QueryFailed, QueryState } from "../../../components/QueryState";
import { searchMessages } from "../../../components/search/messages";
import { useLocale } from "../../../i18n/I18nProvider";
import { searchableText, searchKindQueryOptions } from "../../../lib/search/queries";
import { useDebounced } from "../../../lib/useDebounced";
import { openMusicPlayer } from "../../../lib/popups";
import { useSessionUser } from "../../../lib/session/useSession";
import { FavoritesDrawer } from "../collections/FavoritesDrawer";
import { PlaylistsGrid } from "../collections/PlaylistsGrid";
import { trackRowActions } from "../collections/TrackRowActions";
import { favoritesMessages } from "../collections/favoritesMessages";
import { usePlayerAccess } from "../player/PlayerProvider";
import { tracksQueryOptions } from "../queries";
import { musicMessages } from "./messages";
import { ShareDialog } from "./ShareDialog";
import { TrackTable } from "./TrackTable";
import "./music.css";

/** How many rows the Popular table shows when nothing is searched. */
const POPULAR_ROWS = 20;

/**
 * The catalog's tracks in the order the site's search found them (GET /api/search?kind=tracks,
 * decision 056: case, accents and word starts, best first); ids the catalog list lacks are left out.
 */
export function tracksInOrder(tracks: readonly TrackView[], ids: readonly string[]): TrackView[] {
  const byId = new Map(tracks.map((t) => [t.id, t]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export function MusicHubPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const query = useQuery(tracksQueryOptions());
  const { canPlay } = usePlayerAccess();
  const signedIn = useSessionUser().user !== null;
  const [favoritesOpen, setFavoritesOpen] = useState(false);
  const { locale } = useLocale();
  const [search, setSearch] = useState("");
  // The search asks the Worker once typing pauses; until its answer, the last one stays.
  const typed = searchableText(search);
  const asked = useDebounced(typed);
  const found = useInfiniteQuery(searchKindQueryOptions(asked, "tracks", locale));
  const foundIds = useMemo(() => found.data?.pages.flatMap((page) => page.groups[0]?.items.map((item) => item.id) ?? []) ?? [], [found.data]);
  const deferredSearch = typed === "" ? "" : asked;
  const [sharing, setSharing] = useState<TrackView | null>(null);

  const all = query.data?.tracks;
  const featured = useMemo(() => (all ?? []).filter((t) => t.featuredPosition !== null), [all]);
  const shown = useMemo(() => {
    if (!all) return [];
    if (deferredSearch) return tracksInOrder(all, foundIds);
    return [...all].sort((a, b) => b.plays - a.plays || a.title.localeCompare(b.title)).slice(0, POPULAR_ROWS);
  }, [all, deferredSearch, foundIds]);
  const searching = deferredSearch !== "" && found.isPending;
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
            {!deferredSearch && featured.length > 0 && (
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
                {deferredSearch ? (
                  <FormattedMessage {...musicMessages.results} values={{ count: shown.length }} />
                ) : (
                  <FormattedMessage {...musicMessages.popular} />
                )}
              </h2>
              {searching ? (
                <p className="muted" role="status">
                  <FormattedMessage {...searchMessages.searching} />
                </p>
              ) : deferredSearch && found.isError ? (
                <QueryFailed message={<FormattedMessage {...searchMessages.failed} />} error={found.error} />
              ) : shown.length === 0 ? (
                <p className="empty-state-title" role="status">
                  <FormattedMessage {...musicMessages.noMatch} values={{ search: deferredSearch }} />
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
                  {deferredSearch && found.hasNextPage && (
                    <button type="button" className="btn btn-ghost btn-sm" disabled={found.isFetchingNextPage} onClick={() => void found.fetchNextPage()}>
                      <FormattedMessage {...searchMessages.showMore} />
                    </button>
                  )}
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
