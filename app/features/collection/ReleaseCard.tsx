// A release the member bought: its cover, title and year (a lone track says which album it is
// from), a download per format with the zip's size, and Play, which the page's route supplies
// (the music player belongs to another feature). A pre-order (decision 118) says when it is out and
// which tracks download now (its teasers: the zip holds only those) and which are locked until then.
import type { ReactNode } from "react";
import { useIntl, type IntlShape } from "react-intl";
import type { CollectionRelease } from "#contracts/store/collection.ts";
import { Icon } from "../../components/Icon";
import { DownloadButton } from "./DownloadButton";
import { collectionMessages as m } from "./messages";

/** What the Play button gets: the release's tracks and its words. */
export type PlayButtonProps = { release: CollectionRelease; playLabel: string; pauseLabel: string };
export type RenderPlayButton = (props: PlayButtonProps) => ReactNode;

export function ReleaseCard({ release, playButton }: { release: CollectionRelease; playButton?: RenderPlayButton }) {
  const intl = useIntl();
  const headingId = `release-${release.entitlementId}`;
  return (
    <article className="card collection-release" aria-labelledby={headingId}>
      {release.coverUrl ? (
        <img className="collection-cover" src={release.coverUrl} alt="" width={160} height={160} loading="lazy" />
      ) : (
        <span className="collection-cover collection-cover-default" aria-hidden="true">
          <Icon name="disc" size={48} />
        </span>
      )}
      <div className="collection-release-text">
        <p className="muted collection-kind">{intl.formatMessage(release.kind === "album" ? m.albumLabel : m.trackLabel)}</p>
        <h3 id={headingId}>{release.title}</h3>
        <p className="muted">{release.kind === "track" ? intl.formatMessage(m.fromAlbum, { album: release.albumTitle, year: release.year }) : release.year}</p>
        {release.preorder && <PreorderState preorder={release.preorder} />}
      </div>
      <div className="collection-release-actions">
        {playButton && release.tracks.length > 0 ? (
          playButton({ release, playLabel: intl.formatMessage(m.playNamed, { title: release.title }), pauseLabel: intl.formatMessage(m.pause) })
        ) : (
          <p className="muted">{intl.formatMessage(m.noTracks)}</p>
        )}
        {/* A pre-order without a teaser has nothing to download before its day. */}
        {release.preorder && !release.preorder.tracks.some((t) => t.teaser) ? (
          <p className="muted">{intl.formatMessage(m.preorderNothingYet, { date: dayOf(intl, release.preorder.outAt) })}</p>
        ) : (
          <div className="collection-downloads" role="group" aria-label={intl.formatMessage(m.downloadsLabel)}>
            {release.links.map((link) => (
              <DownloadButton key={link.format} release={release} link={link} />
            ))}
          </div>
        )}
      </div>
    </article>
  );
}

const dayOf = (intl: IntlShape, at: string) => intl.formatDate(at, { dateStyle: "long", timeZone: "UTC" });

function PreorderState({ preorder }: { preorder: NonNullable<CollectionRelease["preorder"]> }) {
  const intl = useIntl();
  const date = dayOf(intl, preorder.outAt);
  return (
    <div className="collection-preorder">
      <p className="badge collection-preorder-badge">{intl.formatMessage(m.preordered, { date })}</p>
      <ol className="collection-preorder-tracks" aria-label={intl.formatMessage(m.preorderTracks)}>
        {preorder.tracks.map((track) => (
          <li key={track.id} value={track.number} className={track.teaser ? undefined : "muted"}>
            {track.title} —{" "}
            {track.teaser ? (
              intl.formatMessage(m.preorderTeaser)
            ) : (
              <>
                <Icon name="lock" size={14} /> {intl.formatMessage(m.preorderLocked, { date })}
              </>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
