// /music/track/{trackId}: the public page a shared link opens. Its share tags (Open Graph,
// Twitter) are written into the HTML by the Worker; this is what a person sees.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useRef, useState, type ReactNode } from "react";
import { FormattedMessage, FormattedNumber } from "react-intl";
import { EmptyState } from "../../../components/EmptyState";
import { QueryState } from "../../../components/QueryState";
import type { TrackView } from "#contracts/music/music.ts";
import { Icon } from "../../../components/Icon";
import { TrackRowActions } from "../collections/TrackRowActions";
import { formatTime } from "../../../lib/audio/formatTime";
import { usePlayerAccess } from "../player/PlayerProvider";
import { isMissing, trackQueryOptions } from "../queries";
import { Cover } from "./Cover";
import { CoverHeadPlaceholder } from "./LoadState";
import { musicMessages } from "./messages";
import { ShareDialog } from "./ShareDialog";
import { TrackPlayButton } from "./TrackPlayButton";
import { TrackDetails } from "./TrackDetails";
import { isComing, ReleaseNote } from "./ReleaseNote";
import { NotifyMe } from "../../../components/notify-me/NotifyMe";
import "./music.css";

/** `buy`: what the store offers for this track (composed by the route: a feature never imports another). */
export function TrackPage({ trackId, buy }: { trackId: string; buy?: ReactNode }) {
  const query = useQuery(trackQueryOptions(trackId));
  return (
    <section className="page">
      {query.isError && isMissing(query.error) ? (
        <EmptyState icon="music" title={<FormattedMessage {...musicMessages.trackNotFound} />} hint={<FormattedMessage {...musicMessages.trackNotFoundBody} />}>
          <Link to="/music/catalog" className="btn btn-ghost btn-sm">
            <FormattedMessage {...musicMessages.browseCatalog} />
          </Link>
        </EmptyState>
      ) : (
        <QueryState
          query={query}
          placeholder={<CoverHeadPlaceholder className="track-hero card" />}
          failed={<FormattedMessage {...musicMessages.loadFailed} />}
          retry={<FormattedMessage {...musicMessages.retry} />}
        >
          {({ track }) => <Track track={track} buy={buy} />}
        </QueryState>
      )}
    </section>
  );
}

function Track({ track, buy }: { track: TrackView; buy?: ReactNode }) {
  const { canPlay, previewOnly } = usePlayerAccess();
  const [sharing, setSharing] = useState(false);
  const shareButton = useRef<HTMLButtonElement>(null);
  return (
    <>
      <article className="track-hero card">
        <Cover url={track.coverUrl} title={track.albumTitle} size={400} eager />
        <div className="track-hero-text">
          <h1>{track.title}</h1>
          <p className="muted">
            {isComing(track) ? (
              <FormattedMessage {...musicMessages.fromComingAlbum} values={{ album: track.albumTitle }} />
            ) : (
              <FormattedMessage {...musicMessages.fromAlbum} values={{ album: track.albumTitle, year: track.albumYear }} />
            )}
          </p>
          <ReleaseNote item={track} />
          {track.earlyAccess && <NotifyMe item={{ kind: "track", id: track.id, title: track.title, early: true }} />}
          <p className="track-hero-meta">
            {formatTime(track.durationSeconds)} · <FormattedMessage {...musicMessages.totalPlays} values={{ count: track.plays }} />
            <span className="sr-only">
              (<FormattedNumber value={track.plays} />)
            </span>
          </p>
          <div className="track-hero-actions">
            {/* Everyone else plays its preview, beside the way to hear it in full. */}
            {(canPlay || (previewOnly && track.preview)) && <TrackPlayButton track={track} queue={[track]} />}
            {!canPlay && (
              <Link to="/vip-signup" className="btn btn-primary">
                <Icon name="lock" size={18} /> <FormattedMessage {...musicMessages.listenVip} />
              </Link>
            )}
            <TrackRowActions track={track} />
            <button ref={shareButton} type="button" className="btn btn-ghost btn-sm" onClick={() => setSharing(true)}>
              <FormattedMessage {...musicMessages.shareTitle} />
            </button>
            <Link to="/music/catalog/$id" params={{ id: track.albumId }} className="btn btn-ghost btn-sm">
              <FormattedMessage {...musicMessages.viewAlbum} />
            </Link>
          </div>
          {buy}
        </div>
      </article>
      <TrackDetails trackId={track.id} />
      {sharing && <ShareDialog kind="track" track={track} onClose={() => setSharing(false)} returnFocusTo={shareButton} />}
    </>
  );
}
