// The popup radio's lists: every station to choose from, and the Master Playlist (Featured Tracks)
// and Your Playlists tabs.
import { useId, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { TrackView } from "#contracts/music/music.ts";
import type { RadioStationView } from "#contracts/radio.ts";
import { PlayerIcon } from "../../../components/player/PlayerIcons";
import { PopupTabs } from "../../../components/player/popup/PopupTabs";
import { TrackButton } from "../../../components/player/popup/TrackButton";
import { TrackListHead } from "../../../components/player/popup/TrackListHead";
import { useTabs } from "../../../components/Tabs";
import { radioPopupMessages as m, trackCountMessage } from "./messages";

/** A featured track row's own buttons after its play button (they sit in the row's <li>). */
export type TrackActions = (track: TrackView) => ReactNode;

export function StationArt({ station, size }: { station: RadioStationView; size: number }) {
  return station.imageUrl ? (
    <img className="rp-art" src={station.imageUrl} alt="" width={size} height={size} />
  ) : (
    <span className="rp-art rp-art-empty" style={{ width: size, height: size }} aria-hidden="true">
      <PlayerIcon name="disc" size={Math.round(size / 2)} />
    </span>
  );
}

// ---------- Stations ----------

export function StationList({
  stations,
  index,
  pending,
  onSelect,
}: {
  stations: readonly RadioStationView[];
  index: number;
  pending: boolean;
  onSelect: (index: number) => void;
}) {
  const intl = useIntl();
  if (stations.length === 0) {
    return (
      <p className="rp-hint muted">
        <FormattedMessage {...(pending ? m.stationsLoading : m.noStations)} />
      </p>
    );
  }
  return (
    <ul className="rp-stations" aria-label={intl.formatMessage(m.stations)}>
      {stations.map((station, i) => (
        <li key={station.id}>
          <button
            type="button"
            className={i === index ? "rp-station-btn is-current" : "rp-station-btn"}
            aria-current={i === index ? "true" : undefined}
            onClick={() => onSelect(i)}
          >
            <StationArt station={station} size={28} />
            <span className="rp-station-btn-name">{station.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

// ---------- Master Playlist / Your Playlists ----------

type ListTab = "master" | "playlists";
const LIST_TABS: readonly ListTab[] = ["master", "playlists"];

type ListsProps = {
  featured: readonly TrackView[];
  current: TrackView | null;
  onPlay: (track: TrackView, queue: readonly TrackView[]) => void;
  trackActions?: TrackActions;
  playlists: ReactNode;
};

/** The featured tracks (the Master Playlist) and the member's playlists, as tabs. */
export function Lists({ featured, current, onPlay, trackActions, playlists }: ListsProps) {
  const intl = useIntl();
  const tabs = useTabs(LIST_TABS);
  return (
    <PopupTabs
      tabs={tabs}
      label={intl.formatMessage(m.lists)}
      labels={{ master: <FormattedMessage {...m.masterPlaylist} />, playlists: <FormattedMessage {...m.yourPlaylists} /> }}
      className="rp-lists"
    >
      {tabs.selected === "master" ? <FeaturedTracks tracks={featured} current={current} onPlay={onPlay} trackActions={trackActions} /> : playlists}
    </PopupTabs>
  );
}

function FeaturedTracks({ tracks, current, onPlay, trackActions }: Omit<ListsProps, "featured" | "playlists"> & { tracks: readonly TrackView[] }) {
  const headingId = useId();
  return (
    <div className="rp-featured" role="group" aria-labelledby={headingId}>
      <TrackListHead
        className="rp-featured-head"
        headingId={headingId}
        heading={<FormattedMessage {...m.featured} />}
        count={<FormattedMessage {...trackCountMessage} values={{ count: tracks.length }} />}
      />
      {tracks.length === 0 ? (
        <p className="muted">
          <FormattedMessage {...m.noFeatured} />
        </p>
      ) : (
        <ol className="mp-tracks">
          {tracks.map((track, index) => (
            <li key={track.id} className="mp-fav-row">
              <TrackButton track={track} index={index} isCurrent={current?.id === track.id} onPlay={() => onPlay(track, tracks)} />
              {trackActions?.(track)}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
