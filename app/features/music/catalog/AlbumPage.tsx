// /music/catalog/{id}: cover, type, title, year, track count and the numbered track list.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Suspense, useRef, useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { EmptyState } from "../../../components/EmptyState";
import { QueryState } from "../../../components/QueryState";
import type { AlbumDetail } from "#contracts/music/music.ts";
import { Icon } from "../../../components/Icon";
import { trackRowActions } from "../collections/TrackRowActions";
import { PlayerIcon } from "../../../components/player/PlayerIcons";
import { usePlayerAccess } from "../player/PlayerProvider";
import { albumQueryOptions, isMissing } from "../queries";
import { AlbumTypeLabel } from "./CatalogPage";
import { Cover } from "./Cover";
import { CoverHeadPlaceholder } from "./LoadState";
import { musicMessages } from "./messages";
import { ReleaseLine } from "./ReleaseNote";
import { NotifyMe } from "../../../components/notify-me/NotifyMe";
import { ShareIcon } from "./ShareIcon";
import { ShareDialog } from "./ShareDialog";
import { TrackTable } from "./TrackTable";
import "./music.css";

/** The favorite heart of each row (a lock link to /vip-signup without VIP). */

const BackLink = () => (
  <p>
    <Link to="/music/catalog" className="btn btn-ghost btn-sm">
      <FormattedMessage {...musicMessages.backToCatalog} />
    </Link>
  </p>
);

/** The album's notes (plain text from the back office): a paragraph per line, as text, never HTML. */
function AlbumNotes({ notes }: { notes: string }) {
  const paragraphs = notes.split("\n").filter((line) => line.trim() !== "");
  return (
    <div className="album-notes" data-testid="album-notes">
      {paragraphs.map((line, i) => (
        <p key={i}>{line}</p>
      ))}
    </div>
  );
}

/** `buy`: what the store offers for this album (composed by the route: a feature never imports another). */
export function AlbumPage({ albumId, buy }: { albumId: string; buy?: ReactNode }) {
  const intl = useIntl();
  const query = useQuery(albumQueryOptions(albumId, intl.locale));
  return (
    <section className="page">
      {query.isError && isMissing(query.error) ? (
        <>
          <BackLink />
          <EmptyState
            icon="disc"
            title={<FormattedMessage {...musicMessages.albumNotFound} />}
            hint={<FormattedMessage {...musicMessages.albumNotFoundBody} />}
          />
        </>
      ) : (
        <QueryState
          query={query}
          placeholder={
            <>
              <BackLink />
              <CoverHeadPlaceholder className="album-head" />
            </>
          }
          failed={<FormattedMessage {...musicMessages.loadFailed} />}
          retry={<FormattedMessage {...musicMessages.retry} />}
        >
          {({ album }) => <Album album={album} buy={buy} />}
        </QueryState>
      )}
    </section>
  );
}

function Album({ album, buy }: { album: AlbumDetail; buy?: ReactNode }) {
  const intl = useIntl();
  const { canPlay, actions } = usePlayerAccess();
  const [sharing, setSharing] = useState(false);
  const shareButton = useRef<HTMLButtonElement>(null);
  const playable = album.tracks.filter((t) => t.playable);
  return (
    <>
      <BackLink />
      {/* A hydration pass of its own: the head (cover, notes, buttons) apart from the track list's. */}
      <Suspense>
        <header className="album-head">
          <Cover url={album.coverUrl} title={album.title} size={400} eager />
          <div className="album-head-text">
            <p className="album-type">
              <AlbumTypeLabel type={album.type} />
            </p>
            <h1>{album.title}</h1>
            <p className="muted">
              <ReleaseLine item={album} year={album.year} /> · <FormattedMessage {...musicMessages.trackCount} values={{ count: album.trackCount }} />
            </p>
            {album.notes && <AlbumNotes notes={album.notes} />}
            {album.earlyAccess && !album.preorder && <NotifyMe item={{ kind: "album", id: album.id, title: album.title, early: true }} />}
            <div className="album-head-actions">
              {album.trackCount > 0 &&
                (canPlay ? (
                  <button type="button" className="btn btn-primary" disabled={playable.length === 0} onClick={() => actions.playQueue(playable, 0)}>
                    <PlayerIcon name="play" size={18} /> <FormattedMessage {...musicMessages.playAlbum} />
                  </button>
                ) : (
                  <Link to="/vip-signup" className="btn btn-primary">
                    <Icon name="lock" size={18} /> <FormattedMessage {...musicMessages.unlockWithVip} />
                  </Link>
                ))}
              <button
                ref={shareButton}
                type="button"
                className="btn btn-ghost"
                aria-label={intl.formatMessage(musicMessages.share, { title: album.title })}
                onClick={() => setSharing(true)}
              >
                <ShareIcon /> <FormattedMessage {...musicMessages.shareShort} />
              </button>
            </div>
            {buy}
          </div>
        </header>
      </Suspense>
      {album.tracks.length === 0 ? (
        <EmptyState icon="music" title={<FormattedMessage {...musicMessages.tracksComingSoon} />} />
      ) : (
        <div className="table-wrap">
          <TrackTable tracks={album.tracks} queue={playable} caption={album.title} showAlbum={false} numberByTrack rowActions={trackRowActions} />
        </div>
      )}
      {sharing && <ShareDialog kind="album" album={album} onClose={() => setSharing(false)} returnFocusTo={shareButton} />}
    </>
  );
}
