// The channel grid: one button per channel (thumbnail, name, category, LIVE badge, description in
// the active language); the one on screen is aria-pressed. Public: visitors see it too.
import { useId } from "react";
import { useIntl } from "react-intl";
import type { TvChannelView } from "../../../worker/contracts/tv";
import { Icon } from "../../components/Icon";
import { categoryMessages, tvMessages as m } from "./messages";
import { channelDescription } from "./queries";

/** Thumbnails are 16:9; the box is reserved at this size so nothing moves while they load. */
export const THUMB_WIDTH = 320;
export const THUMB_HEIGHT = 180;

function ChannelCard({ channel, chosen, onChoose }: { channel: TvChannelView; chosen: boolean; onChoose: (id: string) => void }) {
  const intl = useIntl();
  const id = useId();
  return (
    <button
      type="button"
      className={chosen ? "tv-card is-chosen" : "tv-card"}
      aria-pressed={chosen}
      aria-labelledby={`${id}-name`}
      aria-describedby={`${id}-meta ${id}-desc`}
      onClick={() => onChoose(channel.id)}
    >
      <span className="tv-card-thumb">
        {channel.thumbnailUrl ? (
          <img src={channel.thumbnailUrl} alt="" width={THUMB_WIDTH} height={THUMB_HEIGHT} loading="lazy" decoding="async" />
        ) : (
          <span className="tv-card-thumb-default" aria-hidden="true">
            <Icon name="video" size={40} />
          </span>
        )}
        {channel.live && <span className="tv-live-badge tv-card-live">{intl.formatMessage(m.live)}</span>}
        {chosen && <span className="tv-card-onair">{intl.formatMessage(m.onAir)}</span>}
      </span>
      <span className="tv-card-body">
        <span className="tv-card-name" id={`${id}-name`}>
          {channel.name}
        </span>
        <span className="tv-card-meta" id={`${id}-meta`}>
          {intl.formatMessage(categoryMessages[channel.category])}
        </span>
        <span className="tv-card-desc" id={`${id}-desc`}>
          {channelDescription(channel, intl.locale)}
        </span>
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
