// Visible strings of the TV page. The error text is the spec's, verbatim (worker/contracts/tv.ts
// TV_MESSAGES.playFailed).
import { defineMessage, defineMessages, type MessageDescriptor } from "react-intl";
import type { TvCaptionLang, TvChannelCategory } from "#contracts/tv.ts";

const plainMessages = defineMessages({
  player: { id: "tv.player.region", defaultMessage: "TV player" },
  play: { id: "tv.player.play", defaultMessage: "Play" },
  pause: { id: "tv.player.pause", defaultMessage: "Pause" },
  playVideo: { id: "tv.player.playVideo", defaultMessage: "Play video" },
  fullscreen: { id: "tv.player.fullscreen", defaultMessage: "Fullscreen" },
  exitFullscreen: { id: "tv.player.exitFullscreen", defaultMessage: "Exit fullscreen" },
  playFailed: { id: "tv.player.error", defaultMessage: "Unable to play video. Please try again." },
  noSource: { id: "tv.player.noSource", defaultMessage: "This channel has nothing to play yet" },
  tryAgain: { id: "tv.player.tryAgain", defaultMessage: "Try Again" },
  live: { id: "tv.player.live", defaultMessage: "LIVE" },
  liveNoSkip: { id: "tv.player.liveNoSkip", defaultMessage: "A live channel cannot be skipped: everyone watches the same moment." },
  loadingPlayer: { id: "tv.player.loading", defaultMessage: "Loading the player..." },
  channels: { id: "tv.channels.title", defaultMessage: "Channels" },
  channelsLoading: { id: "tv.channels.loading", defaultMessage: "Loading channels..." },
  channelsFailed: { id: "tv.channels.loadFailed", defaultMessage: "Failed to load channels" },
  retry: { id: "tv.channels.retry", defaultMessage: "Try again" },
  noChannels: { id: "tv.channels.empty", defaultMessage: "No channels yet" },
  noChannelsHint: { id: "tv.channels.emptyHint", defaultMessage: "Music videos and live shows will appear here soon." },
  onAir: { id: "tv.channels.onAir", defaultMessage: "On screen" },
  mute: { id: "tv.player.mute", defaultMessage: "Mute" },
  unmute: { id: "tv.player.unmute", defaultMessage: "Unmute" },
  volume: { id: "tv.player.volume", defaultMessage: "Volume" },
  captions: { id: "tv.player.captions", defaultMessage: "Captions" },
  // The button shows "CC": its name starts with what it shows (WCAG 2.5.3, label in name).
  captionsButton: { id: "tv.player.captionsButton", defaultMessage: "CC: captions" },
  noCaptions: { id: "tv.player.noCaptions", defaultMessage: "This video has no captions" },
});

/** A caption track's name in the menu of the browser and in the player, in the page's language. */
export const captionLabelMessages: Record<TvCaptionLang, MessageDescriptor> = defineMessages({
  en: { id: "tv.captions.en", defaultMessage: "English" },
  "pt-BR": { id: "tv.captions.ptBR", defaultMessage: "Portuguese (Brazil)" },
});

export const categoryMessages: Record<TvChannelCategory, MessageDescriptor> = defineMessages({
  music_video: { id: "tv.category.musicVideo", defaultMessage: "Music Video" },
  live: { id: "tv.category.live", defaultMessage: "Live Stream" },
  behind_the_scenes: { id: "tv.category.behindTheScenes", defaultMessage: "Behind the Scenes" },
});

/** Every TV message; those with arguments are typed so their values are checked. */
export const tvMessages = {
  ...plainMessages,
  skipBack: defineMessage<{ seconds: number }>({ id: "tv.player.skipBack", defaultMessage: "Skip back {seconds} seconds" }),
  skipForward: defineMessage<{ seconds: number }>({ id: "tv.player.skipForward", defaultMessage: "Skip forward {seconds} seconds" }),
  tuning: defineMessage<{ channel: string }>({ id: "tv.player.tuning", defaultMessage: "Tuning in to {channel}..." }),
  video: defineMessage<{ channel: string }>({ id: "tv.player.video", defaultMessage: "Video: {channel}" }),
  volumeValue: defineMessage<{ volume: number }>({ id: "tv.player.volumeValue", defaultMessage: "{volume}%" }),
  liveStream: defineMessage<{ channel: string }>({ id: "tv.player.liveStream", defaultMessage: "{channel} live stream" }),
  shortcuts: defineMessage<{ seconds: number }>({
    id: "tv.player.shortcuts",
    defaultMessage:
      "With the player focused: Space or K play/pause · J or ← back {seconds} s · L or → forward {seconds} s · M mute · C captions · F fullscreen",
  }),
};
