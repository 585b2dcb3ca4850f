import { defineMessage, defineMessages } from "react-intl";

export const tracksMessages = {
  ...defineMessages({
    summary: { id: "admin.tracks.summary", defaultMessage: "Summary" },
    loading: { id: "admin.tracks.loading", defaultMessage: "Loading track statistics..." },
    failed: { id: "admin.tracks.failed", defaultMessage: "Failed to load track statistics" },
    totalPlays: { id: "admin.tracks.card.totalPlays", defaultMessage: "Total Plays" },
    totalPreviewPlays: { id: "admin.tracks.card.previewPlays", defaultMessage: "Preview Plays" },
    previewPlaysHint: { id: "admin.tracks.card.previewPlaysHint", defaultMessage: "30-second previews, by visitors and free members" },
    topTrack: { id: "admin.tracks.card.topTrack", defaultMessage: "Top Track" },
    dailyAverage: { id: "admin.tracks.card.dailyAverage", defaultMessage: "Daily Average" },
    playsPerDay: { id: "admin.tracks.card.playsPerDay", defaultMessage: "plays per day" },
    lastPlayed: { id: "admin.tracks.card.lastPlayed", defaultMessage: "Last Played" },
    tableTitle: { id: "admin.tracks.table.title", defaultMessage: "Plays per track" },
    track: { id: "admin.tracks.col.track", defaultMessage: "Track" },
    album: { id: "admin.tracks.col.album", defaultMessage: "Album" },
    plays: { id: "admin.tracks.col.totalPlays", defaultMessage: "Total Plays" },
    previewPlays: { id: "admin.tracks.col.previewPlays", defaultMessage: "Preview Plays" },
    dailyAvg: { id: "admin.tracks.col.dailyAvg", defaultMessage: "Daily Avg" },
    weeklyAvg: { id: "admin.tracks.col.weeklyAvg", defaultMessage: "Weekly Avg" },
    monthlyAvg: { id: "admin.tracks.col.monthlyAvg", defaultMessage: "Monthly Avg" },
    lastPlayedCol: { id: "admin.tracks.col.lastPlayed", defaultMessage: "Last Played" },
    sortHint: { id: "admin.tracks.table.sortHint", defaultMessage: "Select a column heading to sort by it; select it again to reverse the order." },
    emptyTitle: { id: "admin.tracks.empty.title", defaultMessage: "No play data available" },
    emptyHint: { id: "admin.tracks.empty.hint", defaultMessage: "Tracks will appear here once they've been played" },
  }),
  topTrackPlays: defineMessage<{ count: number }>({ id: "admin.tracks.card.topTrackPlays", defaultMessage: "{count, plural, one {# play} other {# plays}}" }),
};
