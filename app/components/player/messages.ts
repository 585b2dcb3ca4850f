// Texts of the players' keyboard shortcuts help (ShortcutsHelpDialog.tsx), in the site's catalog:
// the music player bar and both popups show it.
import { defineMessages } from "react-intl";

export const shortcutsMessages = defineMessages({
  title: { id: "player.shortcuts", defaultMessage: "Keyboard shortcuts" },
  intro: {
    id: "player.shortcuts.intro",
    defaultMessage: "These keys work anywhere on the page except while you are typing in a field.",
  },
  ctrlNote: {
    id: "player.shortcuts.ctrlNote",
    defaultMessage: "Ctrl+S and Ctrl+R work only while the player has the focus; elsewhere they keep the browser's save and reload.",
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
  close: { id: "player.close", defaultMessage: "Close" },
});
