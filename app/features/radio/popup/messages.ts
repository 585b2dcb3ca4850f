// Texts of the popup radio player (/radio/player). The error texts are the spec's (docs/features.md#radio-and-tv).
import { defineMessage, defineMessages } from "react-intl";

export const radioPopupMessages = defineMessages({
  title: { id: "radioPopup.title", defaultMessage: "Radio Player" },
  close: { id: "radioPopup.close", defaultMessage: "Close player" },
  live: { id: "radioPopup.live", defaultMessage: "LIVE" },
  nowPlaying: { id: "radioPopup.nowPlaying", defaultMessage: "Now playing" },
  tuneIn: { id: "radioPopup.tuneIn", defaultMessage: "Press play to tune in" },
  liveStream: { id: "radioPopup.liveStream", defaultMessage: "Live stream: track titles are not available" },
  tuning: { id: "radioPopup.tuning", defaultMessage: "Tuning in..." },
  loading: { id: "radioPopup.loading", defaultMessage: "Loading..." },
  stations: { id: "radioPopup.stations", defaultMessage: "Stations" },
  stationsLoading: { id: "radioPopup.stationsLoading", defaultMessage: "Loading stations..." },
  noStations: { id: "radioPopup.noStations", defaultMessage: "No stations available right now" },
  sourceRadio: { id: "radioPopup.source.radio", defaultMessage: "Live radio" },
  sourceMusic: { id: "radioPopup.source.music", defaultMessage: "On demand" },
  progress: { id: "radioPopup.progress", defaultMessage: "Track progress" },
  controls: { id: "radioPopup.controls", defaultMessage: "Player controls" },
  shuffle: { id: "radioPopup.shuffle", defaultMessage: "Shuffle" },
  repeat: { id: "radioPopup.repeat", defaultMessage: "Repeat" },
  shuffleLive: { id: "radioPopup.shuffleLive", defaultMessage: "Shuffle is not available on live radio" },
  repeatLive: { id: "radioPopup.repeatLive", defaultMessage: "Repeat is not available on live radio" },
  previousStation: { id: "radioPopup.previousStation", defaultMessage: "Previous station" },
  nextStation: { id: "radioPopup.nextStation", defaultMessage: "Next station" },
  previousTrack: { id: "radioPopup.previousTrack", defaultMessage: "Previous track" },
  nextTrack: { id: "radioPopup.nextTrack", defaultMessage: "Next track" },
  play: { id: "radioPopup.play", defaultMessage: "Play" },
  pause: { id: "radioPopup.pause", defaultMessage: "Pause" },
  mute: { id: "radioPopup.mute", defaultMessage: "Mute" },
  volume: { id: "radioPopup.volume", defaultMessage: "Volume" },
  lists: { id: "radioPopup.lists", defaultMessage: "Playlists" },
  masterPlaylist: { id: "radioPopup.masterPlaylist", defaultMessage: "Master Playlist" },
  yourPlaylists: { id: "radioPopup.yourPlaylists", defaultMessage: "Your Playlists" },
  featured: { id: "radioPopup.featured", defaultMessage: "Featured Tracks" },
  noFeatured: { id: "radioPopup.noFeatured", defaultMessage: "No featured tracks yet" },
});

export const themeButtonMessage = defineMessage<{ theme: string; next: string }>({
  id: "radioPopup.theme",
  defaultMessage: "Theme: {theme}. Switch to {next}",
});
export const styleButtonMessage = defineMessage<{ style: string; next: string }>({
  id: "radioPopup.style",
  defaultMessage: "Visualizer style: {style}. Switch to {next}",
});
export const listenersMessage = defineMessage<{ count: number }>({
  id: "radioPopup.listeners",
  defaultMessage: "{count, plural, one {# listener} other {# listeners}}",
});
export const timeOfMessage = defineMessage<{ current: string; total: string }>({ id: "radioPopup.timeOf", defaultMessage: "{current} of {total}" });
export const volumeValueMessage = defineMessage<{ volume: number }>({ id: "radioPopup.volumeValue", defaultMessage: "{volume}%" });
export const trackCountMessage = defineMessage<{ count: number }>({
  id: "radioPopup.trackCount",
  defaultMessage: "{count, plural, one {# track} other {# tracks}}",
});

/** What the popup says when playback fails (shown for RADIO_ERROR_MS, then cleared). */
export const radioPopupErrors = defineMessages({
  station: { id: "radioPopup.error.station", defaultMessage: "Unable to play this station. Please try again." },
  audioSystem: { id: "radioPopup.error.audioSystem", defaultMessage: "Failed to initialize audio system" },
  playTrack: { id: "radioPopup.error.playTrack", defaultMessage: "Failed to play track" },
  toggle: { id: "radioPopup.error.toggle", defaultMessage: "Failed to toggle playback" },
  notPlayable: { id: "radioPopup.error.notPlayable", defaultMessage: "This track cannot be played yet" },
  accessDenied: { id: "radioPopup.error.accessDenied", defaultMessage: "VIP Access Required" },
});
export type RadioPopupErrorKey = keyof typeof radioPopupErrors;
