import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { canUseVipContent, useSessionUser } from "../../lib/session/useSession";
import { Icon } from "../../components/Icon";
import { artistQueryOptions } from "../../lib/artist";

/**
 * The three iconic hits (docs/features.md#landing-page): catalog tracks (scripts/catalog/catalog.mjs ICONIC_TRACK_IDS).
 * Song titles are names and stay untranslated. VIP members and admins play them here or go to the
 * Music Hub; everyone else plays their 30-second previews, next to the way to VIP signup.
 */
const ICONIC_HITS = [
  { key: "spring-love", trackId: "spring-love", title: "Spring Love", year: 1988 },
  { key: "dreamin-of-love", trackId: "moonlight-boulevard-1", title: "Dreamin' of Love", year: 1988 },
  { key: "i-wanna-be-the-one", trackId: "i-wanna-be-the-one", title: "I Wanna Be the One", year: 1989 },
] as const;

/** `onPlay` plays a catalog track by id on the site's music player (the page composes it in). */
export function MusicSection({ onPlay }: { onPlay: (trackId: string, options: { preview: boolean }) => Promise<void> }) {
  const { user } = useSessionUser();
  const canListen = canUseVipContent(user);
  const [failed, setFailed] = useState<string | null>(null);
  // Each hit's album cover (GET /api/artist); the gradient tile until it loads, or without one.
  const hits = useQuery(artistQueryOptions()).data?.hits;
  const coverOf = (trackId: string) => hits?.find((hit) => hit.trackId === trackId)?.coverUrl ?? null;
  return (
    <section id="music" className="landing-section" aria-labelledby="music-title">
      <header className="section-head">
        <h2 id="music-title">
          <FormattedMessage id="home.music.title" defaultMessage="Iconic Hits" />
        </h2>
        <p className="section-intro">
          <FormattedMessage id="home.music.intro" defaultMessage="The songs that defined an era of freestyle, still filling dance floors today." />
        </p>
      </header>
      <ul className="grid grid-3">
        {ICONIC_HITS.map((hit) => (
          <li key={hit.key} className="card hit-card">
            <div className={`hit-cover hit-cover-${hit.key}`} aria-hidden="true">
              {coverOf(hit.trackId) ? (
                // The title is the card's heading: the cover is decoration (alt="").
                <img className="hit-cover-img" src={coverOf(hit.trackId)!} alt="" width={300} height={300} loading="lazy" decoding="async" />
              ) : (
                <span className="hit-cover-note">♪</span>
              )}
            </div>
            <h3 className="hit-title">{hit.title}</h3>
            <p className="hit-year">{String(hit.year)}</p>
            {canListen ? (
              <span className="hit-actions">
                <button
                  type="button"
                  className="btn btn-primary btn-sm"
                  onClick={() => void onPlay(hit.trackId, { preview: false }).catch(() => setFailed(hit.trackId))}
                >
                  <FormattedMessage id="home.music.play" defaultMessage="Play" />
                  <span className="sr-only">: {hit.title}</span>
                </button>
                <Link to="/music" className="btn btn-ghost btn-sm">
                  <FormattedMessage id="home.music.listen" defaultMessage="Listen now" />
                  <span className="sr-only">: {hit.title}</span>
                </Link>
              </span>
            ) : (
              <span className="hit-actions">
                <button
                  type="button"
                  className="btn btn-primary btn-sm"
                  onClick={() => void onPlay(hit.trackId, { preview: true }).catch(() => setFailed(hit.trackId))}
                >
                  <FormattedMessage id="home.music.preview" defaultMessage="Play preview" />
                  <span className="sr-only">: {hit.title}</span>
                </button>
                <Link to="/vip-signup" className="btn btn-ghost btn-sm">
                  <Icon name="lock" size={16} />
                  <FormattedMessage id="home.music.listenAsVip" defaultMessage="Listen as VIP" />
                  <span className="sr-only">: {hit.title}</span>
                </Link>
              </span>
            )}
            {failed === hit.trackId && (
              <p className="form-error" role="alert">
                <FormattedMessage id="home.music.playFailed" defaultMessage="Unable to play audio. Please try again." />
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
