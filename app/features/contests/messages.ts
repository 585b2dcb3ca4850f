// Visible strings of a remix contest's page (/contests/:contest), in this feature's catalogs.
import { defineMessage, defineMessages } from "react-intl";

export const contestMessages = {
  ...defineMessages({
    loading: { id: "contests.loading", defaultMessage: "Loading the contest..." },
    loadFailed: { id: "contests.loadFailed", defaultMessage: "Failed to load the contest" },
    retry: { id: "contests.retry", defaultMessage: "Try again" },
    phaseEnded: { id: "contests.phase.ended", defaultMessage: "Voting is over" },
    rules: { id: "contests.rules", defaultMessage: "Rules and licence" },
    prizes: { id: "contests.prizes", defaultMessage: "Prizes" },
    entriesTitle: { id: "contests.entries.title", defaultMessage: "Entries" },
    entriesOrder: { id: "contests.entries.order", defaultMessage: "Listed in an order shuffled for you, never by time or votes." },
    noEntries: { id: "contests.entries.none", defaultMessage: "No entries yet" },
    voted: { id: "contests.voted", defaultMessage: "Your vote" },
    voteFailed: { id: "contests.vote.failed", defaultMessage: "Your vote could not be changed. Please try again." },
  }),
  phaseUpcoming: defineMessage<{ date: string }>({ id: "contests.phase.upcoming", defaultMessage: "Opens {date}" }),
  phaseEntries: defineMessage<{ date: string }>({ id: "contests.phase.entries", defaultMessage: "Taking entries until {date}" }),
  phaseWaiting: defineMessage<{ date: string }>({ id: "contests.phase.waiting", defaultMessage: "Voting opens {date}" }),
  phaseVoting: defineMessage<{ date: string }>({ id: "contests.phase.voting", defaultMessage: "Voting until {date}" }),
  byRemixer: defineMessage<{ username: string }>({ id: "contests.entry.by", defaultMessage: "by {username}" }),
  votesLeft: defineMessage<{ count: number }>({
    id: "contests.votes.left",
    defaultMessage: "{count, plural, one {You have # vote left} other {You have # votes left}}",
  }),
  vote: defineMessage<{ title: string }>({ id: "contests.vote", defaultMessage: "Vote for {title}" }),
  unvote: defineMessage<{ title: string }>({ id: "contests.unvote", defaultMessage: "Take back my vote for {title}" }),
};
