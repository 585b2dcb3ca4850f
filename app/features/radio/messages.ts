// Every visible string of the radio page and the mini radio player. Error texts keep the spec's
// wording (docs/features.md#radio-and-tv: e.g. 'Unable to connect to radio stream. Please try again later.').
import { defineMessage, defineMessages } from "react-intl";
import type { StationFeature } from "#contracts/radio.ts";
import type { RadioErrorCode } from "./engine";

export const radioMessages = defineMessages({
  stationsTitle: { id: "radio.stations.title", defaultMessage: "Channels" },
  stationsFailed: { id: "radio.stations.failed", defaultMessage: "Failed to load stations" },
  retry: { id: "radio.retry", defaultMessage: "Try again" },
  listen: { id: "radio.listen", defaultMessage: "Listen" },
  tuned: { id: "radio.tuned", defaultMessage: "On air" },
  live: { id: "radio.live", defaultMessage: "LIVE" },
  nowPlaying: { id: "radio.nowPlaying", defaultMessage: "Now playing" },
  upNext: { id: "radio.upNext", defaultMessage: "Up next" },
  recentlyPlayed: { id: "radio.recentlyPlayed", defaultMessage: "Recently played" },
  nothingYet: { id: "radio.nothingYet", defaultMessage: "Nothing has played yet." },
  streamNoTitles: { id: "radio.streamNoTitles", defaultMessage: "Live stream: titles are announced on air." },
  tuning: { id: "radio.tuning", defaultMessage: "Tuning in…" },
  features: { id: "radio.features", defaultMessage: "Features" },
  about: { id: "radio.about", defaultMessage: "About this channel" },
  play: { id: "radio.play", defaultMessage: "Play" },
  pause: { id: "radio.pause", defaultMessage: "Pause" },
  previousStation: { id: "radio.previousStation", defaultMessage: "Previous station" },
  nextStation: { id: "radio.nextStation", defaultMessage: "Next station" },
  volume: { id: "radio.volume", defaultMessage: "Volume" },
  mute: { id: "radio.mute", defaultMessage: "Mute" },
  unmute: { id: "radio.unmute", defaultMessage: "Unmute" },
  playlist: { id: "radio.playlist", defaultMessage: "Stations and playlist" },
  closePlaylist: { id: "radio.closePlaylist", defaultMessage: "Close the playlist" },
  popup: { id: "radio.popup", defaultMessage: "Open the radio player" },
  stop: { id: "radio.stop", defaultMessage: "Stop the radio and close this bar" },
  miniRegion: { id: "radio.mini.region", defaultMessage: "Radio player" },
  playerRegion: { id: "radio.player.region", defaultMessage: "Radio" },
  dismiss: { id: "radio.dismissError", defaultMessage: "Dismiss" },
});

export const listenersMessage = defineMessage<{ count: number }>({
  id: "radio.listeners",
  defaultMessage: "{count, plural, one {# listener} other {# listeners}}",
});

/** "Spring Love · Spring Love (1988)": a track line of the playlist drawer and history. */
export const trackLineMessage = defineMessage<{ title: string; album: string; year: number }>({
  id: "radio.trackLine",
  defaultMessage: "{title} · {album} ({year})",
});

export const featureMessages = defineMessages({
  commercial_free: { id: "radio.feature.commercialFree", defaultMessage: "Commercial-free" },
  high_quality: { id: "radio.feature.highQuality", defaultMessage: "High quality" },
  vip_access: { id: "radio.feature.vipAccess", defaultMessage: "VIP access" },
  curated: { id: "radio.feature.curated", defaultMessage: "Curated" },
} satisfies Record<StationFeature, unknown>);

export const radioErrorMessages = defineMessages({
  stream_failed: { id: "radio.error.stream", defaultMessage: "Unable to connect to radio stream. Please try again later." },
  change_failed: { id: "radio.error.change", defaultMessage: "Unable to change station. Please try again." },
  play_failed: { id: "radio.error.play", defaultMessage: "Unable to play audio. Please try again." },
  access_denied: { id: "radio.error.access", defaultMessage: "VIP Access Required" },
} satisfies Record<RadioErrorCode, unknown>);
