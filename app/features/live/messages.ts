// Visible strings of the live show page (/live/:event); their translations are in this feature's
// messages.pt-BR.json.
import { defineMessage, defineMessages } from "react-intl";

export const liveMessages = {
  ...defineMessages({
    pageTitle: { id: "live.pageTitle", defaultMessage: "Live show" },
    loading: { id: "live.loading", defaultMessage: "Loading the show..." },
    loadFailed: { id: "live.loadFailed", defaultMessage: "The show could not be loaded." },
    retry: { id: "live.retry", defaultMessage: "Try again" },
    liveBadge: { id: "live.badge", defaultMessage: "LIVE" },
    startsSoon: { id: "live.startsSoon", defaultMessage: "Starting soon" },
    ended: { id: "live.ended", defaultMessage: "Ended" },
    signIn: { id: "live.lock.signIn", defaultMessage: "Sign in to watch this show." },
    signInLink: { id: "live.lock.signInLink", defaultMessage: "Sign in" },
    ticketRequired: { id: "live.lock.ticket", defaultMessage: "This show is for ticket holders." },
    getTicket: { id: "live.lock.getTicket", defaultMessage: "Get a ticket" },
    someTier: { id: "live.lock.someTier", defaultMessage: "This show is for a higher membership tier." },
    tierLink: { id: "live.lock.tierLink", defaultMessage: "See the tiers" },
    membershipRequired: { id: "live.lock.membership", defaultMessage: "This show is for members of a paid tier." },
    joinLink: { id: "live.lock.join", defaultMessage: "Become a member" },
    banned: { id: "live.lock.banned", defaultMessage: "Your account may not watch shows." },
    notFound: { id: "live.notFound", defaultMessage: "This show does not exist or is not online." },
    playerLoading: { id: "live.player.loading", defaultMessage: "Starting the stream..." },
    playerFailed: { id: "live.player.failed", defaultMessage: "The stream could not be played." },
    notLive: { id: "live.player.notLive", defaultMessage: "The show is not on air right now." },
    room: { id: "live.room", defaultMessage: "The show's room" },
    shop: { id: "live.shop", defaultMessage: "From the store" },
    videoLabel: { id: "live.videoLabel", defaultMessage: "The show's video" },
    unmute: { id: "live.player.unmute", defaultMessage: "Unmute" },
  }),
  countdown: defineMessage<{ time: string }>({ id: "live.countdown", defaultMessage: "Starts in {time}" }),
  startsAt: defineMessage<{ when: string }>({ id: "live.startsAt", defaultMessage: "Starts {when}" }),
  viewers: defineMessage<{ count: number }>({
    id: "live.viewers",
    defaultMessage: "{count, plural, one {# watching} other {# watching}}",
  }),
  replayUntil: defineMessage<{ time: string }>({ id: "live.replayUntil", defaultMessage: "Ended — replay until {time}" }),
  tierRequired: defineMessage<{ tier: string }>({ id: "live.lock.tier", defaultMessage: "This show is for {tier} and above." }),
};
