// The channel grid: one button per channel (thumbnail, name, category, LIVE badge, description in
// the active language); the one on screen is aria-pressed. Public: visitors see it too.
import { useIntl } from "react-intl";
import type { TvChannelView } from "#contracts/tv.ts";
import { Icon } from "../../components/Icon";
import { categoryMessages, tvMessages as m } from "./messages";

/** Thumbnails are 16:9; the box is reserved at this size so nothing moves while they load. */
export const THUMB_WIDTH = 320;
export const THUMB_HEIGHT = 180;

function ChannelCard({ channel, chosen, onChoose }: { channel: TvChannelView; chosen: boolean; onChoose: (id: string) => void }) {
  const intl = useIntl();
  return (
    <button type="button" className={chosen ? "tv-card is-chosen" : "tv-card"} aria-pressed={chosen} onClick={() => onChoose(channel.id)}>
      {/* The card's name is all of its text (WCAG 2.5.3: the name contains what is shown), the
          channel's name first: the text comes before the thumbnail in the DOM, and CSS puts the
          thumbnail, with its LIVE and on-air badges, back on top. */}
      <span className="tv-card-body">
        {/* The spaces keep the words of the name apart (a flex container does not render them). */}
        <span className="tv-card-name">{channel.name}</span> <span className="tv-card-meta">{intl.formatMessage(categoryMessages[channel.category])}</span>{" "}
        <span className="tv-card-desc">{channel.description}</span>
      </span>{" "}
      <span className="tv-card-thumb">
        {channel.thumbnailUrl ? (
          <img src={channel.thumbnailUrl} alt="" width={THUMB_WIDTH} height={THUMB_HEIGHT} loading="lazy" decoding="async" />
        ) : (
          <span className="tv-card-thumb-default" aria-hidden="true">
            <Icon name="video" size={40} />
          </span>
        )}
        {channel.live && <span className="tv-live-badge tv-card-live">{intl.formatMessage(m.live)}</span>}{" "}
        {chosen && <span className="tv-card-onair">{intl.formatMessage(m.onAir)}</span>}
      </span>
    </button>
  );
}

export function ChannelGrid({ channels, chosenId, onChoose }: { channels: readonly TvChannelView[]; chosenId: string | null; onChoose: (id: string) => void }) {
  return (
    <ul className="tv-grid">
      {channels.map((channel) => (
        <li key={channel.id}>
          <ChannelCard channel={channel} chosen={channel.id === chosenId} onChoose={onChoose} />
        </li>
      ))}
    </ul>
  );
}

/** Five placeholder cards at the real cards' size while the list loads. */
export function ChannelGridSkeleton() {
  const intl = useIntl();
  return (
    <div className="tv-grid-loading" role="status" aria-busy="true">
      <span className="sr-only">{intl.formatMessage(m.channelsLoading)}</span>
      <ul className="tv-grid" aria-hidden="true">
        {Array.from({ length: 5 }, (_, i) => (
          <li key={i}>
            <span className="tv-card tv-card-skeleton">
              <span className="tv-card-thumb" />
              <span className="tv-card-body">
                <span className="tv-skeleton-line" />
                <span className="tv-skeleton-line tv-skeleton-line-short" />
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
