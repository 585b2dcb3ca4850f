// Visible strings of the players' lyrics button and panel (the bar, the popup and the embed).
import { defineMessages } from "react-intl";

export const lyricsMessages = defineMessages({
  button: { id: "lyricsPanel.button", defaultMessage: "Lyrics" },
  title: { id: "lyricsPanel.title", defaultMessage: "Lyrics" },
  close: { id: "lyricsPanel.close", defaultMessage: "Close the lyrics" },
  loading: { id: "lyricsPanel.loading", defaultMessage: "Loading the lyrics…" },
  none: { id: "lyricsPanel.none", defaultMessage: "This track has no lyrics." },
  failed: { id: "lyricsPanel.failed", defaultMessage: "The lyrics could not be loaded. Try again later." },
  locked: { id: "lyricsPanel.locked", defaultMessage: "The lyrics of this release are for VIP members." },
  becomeVip: { id: "lyricsPanel.becomeVip", defaultMessage: "Become a VIP Member" },
  // Each in the language it offers: a listener who cannot read the page's language still finds it.
  showEnglish: { id: "lyricsPanel.showEnglish", defaultMessage: "Show in English" },
  showPortuguese: { id: "lyricsPanel.showPortuguese", defaultMessage: "Mostrar em português" },
});
