// Texts of the full music player popup (/music/player).
import { defineMessage, defineMessages } from "react-intl";

export const popupMessages = defineMessages({
  title: { id: "musicPopup.title", defaultMessage: "Audio Player" },
  close: { id: "musicPopup.close", defaultMessage: "Close player" },
  nowPlaying: { id: "musicPopup.nowPlaying", defaultMessage: "Now playing" },
  nothingPlaying: { id: "musicPopup.nothingPlaying", defaultMessage: "Pick a track to start listening" },
  loading: { id: "musicPopup.loading", defaultMessage: "Loading..." },
  seek: { id: "musicPopup.seek", defaultMessage: "Track position" },
  controls: { id: "musicPopup.controls", defaultMessage: "Player controls" },
  shuffle: { id: "musicPopup.shuffle", defaultMessage: "Shuffle" },
  previous: { id: "musicPopup.previous", defaultMessage: "Previous track" },
  play: { id: "musicPopup.play", defaultMessage: "Play" },
  pause: { id: "musicPopup.pause", defaultMessage: "Pause" },
  next: { id: "musicPopup.next", defaultMessage: "Next track" },
  repeat: { id: "musicPopup.repeat", defaultMessage: "Repeat" },
  mute: { id: "musicPopup.mute", defaultMessage: "Mute" },
  volume: { id: "musicPopup.volume", defaultMessage: "Volume" },
  masterPlaylist: { id: "musicPopup.masterPlaylist", defaultMessage: "Master Playlist" },
  empty: { id: "musicPopup.empty", defaultMessage: "No tracks available yet" },
});

export const themeButtonMessage = defineMessage<{ theme: string }>({ id: "musicPopup.theme", defaultMessage: "Theme: {theme}. Change theme" });
export const styleButtonMessage = defineMessage<{ style: string }>({
  id: "musicPopup.style",
  defaultMessage: "Visualizer style: {style}. Change style",
});
export const timeOfMessage = defineMessage<{ current: string; total: string }>({ id: "musicPopup.timeOf", defaultMessage: "{current} of {total}" });
export const volumeValueMessage = defineMessage<{ volume: number }>({ id: "musicPopup.volumeValue", defaultMessage: "{volume}%" });
export const trackCountMessage = defineMessage<{ count: number }>({
  id: "musicPopup.trackCount",
  defaultMessage: "{count, plural, one {# track} other {# tracks}}",
});

/** Player errors, translated (see errorMessageKey in MusicPlayerPopup.tsx for the codes). */
export const popupErrorMessages = defineMessages({
  playFailed: { id: "musicPopup.error.playFailed", defaultMessage: "Unable to play audio. Please try again." },
  notPlayable: { id: "musicPopup.error.notPlayable", defaultMessage: "This track cannot be played yet" },
  linkExpired: { id: "musicPopup.error.linkExpired", defaultMessage: "This media link has expired or is not yours" },
  trackNotFound: { id: "musicPopup.error.trackNotFound", defaultMessage: "Track not found" },
  accessDenied: { id: "musicPopup.error.accessDenied", defaultMessage: "VIP Access Required" },
});
