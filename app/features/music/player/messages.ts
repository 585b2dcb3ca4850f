// Every visible string of the player bar and its queue dialog (the keyboard shortcuts help has its
// own: app/components/player/messages.ts).
// The playback error keeps the spec's wording (docs/features.md#music: 'Unable to play audio. Please try again.').
import { defineMessage, defineMessages } from "react-intl";
import type { PlayerErrorCode } from "./engine";

export const playerMessages = defineMessages({
  region: { id: "player.region", defaultMessage: "Audio player" },
  lossless: { id: "player.lossless", defaultMessage: "Lossless" },
  losslessDownload: { id: "player.losslessDownload", defaultMessage: "Download the lossless master" },
  theArtist: { id: "player.theArtist", defaultMessage: "The artist" },
  play: { id: "player.play", defaultMessage: "Play" },
  pause: { id: "player.pause", defaultMessage: "Pause" },
  previous: { id: "player.previous", defaultMessage: "Previous track" },
  next: { id: "player.next", defaultMessage: "Next track" },
  shuffle: { id: "player.shuffle", defaultMessage: "Shuffle" },
  repeat: { id: "player.repeat", defaultMessage: "Repeat" },
  mute: { id: "player.mute", defaultMessage: "Mute" },
  seek: { id: "player.seek", defaultMessage: "Seek" },
  volume: { id: "player.volume", defaultMessage: "Volume" },
  queue: { id: "player.queue", defaultMessage: "Queue" },
  moreControls: { id: "player.moreControls", defaultMessage: "More player controls" },
  queueTitle: { id: "player.queue.title", defaultMessage: "Play Queue" },
  nowPlaying: { id: "player.queue.nowPlaying", defaultMessage: "Now playing" },
  unavailable: { id: "player.queue.unavailable", defaultMessage: "Not available yet" },
  dismiss: { id: "player.dismissError", defaultMessage: "Dismiss" },
  previewOffer: { id: "player.preview.offer", defaultMessage: "That was the preview. VIP members hear every track in full." },
  previewOfferLink: { id: "player.preview.offerLink", defaultMessage: "Become VIP" },
});

/** The player's line under the title while it plays previews: "Preview · 0:30". */
export const previewBadgeMessage = defineMessage<{ length: string }>({ id: "player.preview.badge", defaultMessage: "Preview · {length}" });

/** The seek slider's spoken value: "1:05 of 3:30". */
export const timeOfMessage = defineMessage<{ current: string; total: string }>({ id: "player.timeOf", defaultMessage: "{current} of {total}" });
/** The volume slider's spoken value. */
export const volumeValueMessage = defineMessage<{ volume: number }>({ id: "player.volumeValue", defaultMessage: "{volume}%" });

export const playerErrorMessages = defineMessages({
  play_failed: { id: "player.error.playFailed", defaultMessage: "Unable to play audio. Please try again." },
  not_playable: { id: "player.error.notPlayable", defaultMessage: "This track cannot be played yet" },
  access_denied: { id: "player.error.accessDenied", defaultMessage: "VIP Access Required" },
} satisfies Record<PlayerErrorCode, unknown>);

/** The quality label's parts (decision 121): "FLAC · 24-bit · 96 kHz", "MP3 · 320 kbps", "Preview". */
export const qualityMessages = {
  bits: defineMessage<{ bits: number }>({ id: "player.quality.bits", defaultMessage: "{bits}-bit" }),
  kilohertz: defineMessage<{ rate: string }>({ id: "player.quality.kilohertz", defaultMessage: "{rate} kHz" }),
  kbps: defineMessage<{ kbps: number }>({ id: "player.quality.kbps", defaultMessage: "{kbps} kbps" }),
  preview: defineMessage({ id: "player.quality.preview", defaultMessage: "Preview" }),
  spoken: defineMessage<{ quality: string }>({ id: "player.quality.spoken", defaultMessage: "Playing quality: {quality}" }),
};
