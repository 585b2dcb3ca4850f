// Every visible string of the player bar, its dialogs and the keyboard shortcuts help.
// The playback error keeps the spec's wording (spec 8: 'Unable to play audio. Please try again.').
import { defineMessage, defineMessages } from "react-intl";
import type { PlayerErrorCode } from "./engine";

export const playerMessages = defineMessages({
  region: { id: "player.region", defaultMessage: "Audio player" },
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
  queueTitle: { id: "player.queue.title", defaultMessage: "Play Queue" },
  nowPlaying: { id: "player.queue.nowPlaying", defaultMessage: "Now playing" },
  unavailable: { id: "player.queue.unavailable", defaultMessage: "Not available yet" },
  shortcuts: { id: "player.shortcuts", defaultMessage: "Keyboard shortcuts" },
  shortcutsIntro: {
    id: "player.shortcuts.intro",
    defaultMessage: "These keys work anywhere on the page except while you are typing in a field.",
  },
  keyColumn: { id: "player.shortcuts.key", defaultMessage: "Key" },
  actionColumn: { id: "player.shortcuts.action", defaultMessage: "Action" },
  actionPlayPause: { id: "player.shortcuts.playPause", defaultMessage: "Play or pause" },
  actionNext: { id: "player.shortcuts.next", defaultMessage: "Next track" },
  actionPrevious: { id: "player.shortcuts.previous", defaultMessage: "Previous track" },
  actionMute: { id: "player.shortcuts.mute", defaultMessage: "Mute or unmute" },
  actionVolumeUp: { id: "player.shortcuts.volumeUp", defaultMessage: "Volume up by 10" },
  actionVolumeDown: { id: "player.shortcuts.volumeDown", defaultMessage: "Volume down by 10" },
  actionShuffle: { id: "player.shortcuts.shuffle", defaultMessage: "Shuffle on or off" },
  actionRepeat: { id: "player.shortcuts.repeat", defaultMessage: "Repeat on or off" },
  actionHelp: { id: "player.shortcuts.help", defaultMessage: "Show this list" },
  keySpace: { id: "player.key.space", defaultMessage: "Space" },
  keyShift: { id: "player.key.shift", defaultMessage: "Shift" },
  keyCtrl: { id: "player.key.ctrl", defaultMessage: "Ctrl" },
  keyAlt: { id: "player.key.alt", defaultMessage: "Alt" },
  keyRight: { id: "player.key.right", defaultMessage: "Right arrow" },
  keyLeft: { id: "player.key.left", defaultMessage: "Left arrow" },
  keyUp: { id: "player.key.up", defaultMessage: "Up arrow" },
  keyDown: { id: "player.key.down", defaultMessage: "Down arrow" },
  dismiss: { id: "player.dismissError", defaultMessage: "Dismiss" },
});

/** The seek slider's spoken value: "1:05 of 3:30". */
export const timeOfMessage = defineMessage<{ current: string; total: string }>({ id: "player.timeOf", defaultMessage: "{current} of {total}" });
/** The volume slider's spoken value. */
export const volumeValueMessage = defineMessage<{ volume: number }>({ id: "player.volumeValue", defaultMessage: "{volume}%" });

export const playerErrorMessages = defineMessages({
  play_failed: { id: "player.error.playFailed", defaultMessage: "Unable to play audio. Please try again." },
  not_playable: { id: "player.error.notPlayable", defaultMessage: "This track cannot be played yet" },
  access_denied: { id: "player.error.accessDenied", defaultMessage: "VIP Access Required" },
} satisfies Record<PlayerErrorCode, unknown>);
