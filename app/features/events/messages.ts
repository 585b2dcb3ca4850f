// Visible strings of the events list and the virtual meet page. 'Failed to load events' is the
// spec's, verbatim (worker/contracts/events.ts EVENT_MESSAGES.loadFailed). The empty state reuses
// the site's home.events.empty / home.events.emptyHint.
import { defineMessage, defineMessages } from "react-intl";

const plainMessages = defineMessages({
  loading: { id: "events.list.loading", defaultMessage: "Loading events..." },
  loadFailed: { id: "events.list.loadFailed", defaultMessage: "Failed to load events" },
  retry: { id: "events.list.retry", defaultMessage: "Try again" },
  soldOut: { id: "events.badge.soldOut", defaultMessage: "Sold out" },
  online: { id: "events.online", defaultMessage: "Online" },
  onlineDetails: { id: "events.online.details", defaultMessage: "About the virtual meet" },
  watch: { id: "events.watch", defaultMessage: "Watch live" },
  watchPast: { id: "events.watch.past", defaultMessage: "The show's page" },
  venueTba: { id: "events.venue.tba", defaultMessage: "Venue TBA" },
  capacity: { id: "events.capacity", defaultMessage: "Capacity" },
  tba: { id: "events.capacity.tba", defaultMessage: "TBA" },
  price: { id: "events.price", defaultMessage: "Tickets" },
  free: { id: "events.price.free", defaultMessage: "Free" },
  buy: { id: "events.buy", defaultMessage: "Buy Tickets" },
  addToCalendar: { id: "events.calendar.title", defaultMessage: "Add to calendar" },
  ics: { id: "events.calendar.ics", defaultMessage: "Download .ics" },
  google: { id: "events.calendar.google", defaultMessage: "Google Calendar" },
  newTab: { id: "events.newTab", defaultMessage: "(opens in a new tab)" },
  subscribe: { id: "events.subscribe", defaultMessage: "Subscribe to the calendar" },
  subscribeApp: { id: "events.subscribe.app", defaultMessage: "Open in my calendar app" },

  meetsLoading: { id: "virtualMeet.loading", defaultMessage: "Loading virtual meets..." },
  meetsFailed: { id: "virtualMeet.loadFailed", defaultMessage: "Failed to load virtual meets" },
  aboutTitle: { id: "virtualMeet.about.title", defaultMessage: "What is a virtual meet?" },
  aboutBody: {
    id: "virtualMeet.about.body",
    defaultMessage:
      "A live video meet-up with the artist: the stories behind the songs, a few acoustic moments and your questions answered, together with fans from all over the world.",
  },
  nextTitle: { id: "virtualMeet.next.title", defaultMessage: "Next virtual meet" },
  noneTitle: { id: "virtualMeet.none.title", defaultMessage: "No virtual meet scheduled yet" },
  noneHint: { id: "virtualMeet.none.hint", defaultMessage: "The next date is announced here and in the events calendar." },
  upcomingTitle: { id: "virtualMeet.upcoming.title", defaultMessage: "Upcoming virtual meets" },
  pastTitle: { id: "events.past.title", defaultMessage: "Past shows" },
  join: { id: "virtualMeet.join", defaultMessage: "Join now" },
});

/** Every events message; those with arguments are typed so their values are checked. */
export const eventsMessages = {
  ...plainMessages,
  priceRange: defineMessage<{ min: string; max: string }>({ id: "events.price.range", defaultMessage: "{min} – {max}" }),
  buyLabel: defineMessage<{ title: string }>({ id: "events.buy.label", defaultMessage: "Buy tickets for {title} (opens in a new tab)" }),
  soldOutLabel: defineMessage<{ title: string }>({ id: "events.buy.soldOutLabel", defaultMessage: "Buy tickets for {title}: sold out" }),
  watchLabel: defineMessage<{ title: string }>({ id: "events.watch.label", defaultMessage: "Watch live: {title}" }),
  watchPastLabel: defineMessage<{ title: string }>({ id: "events.watch.pastLabel", defaultMessage: "The show's page: {title}" }),
  calendarGroup: defineMessage<{ title: string }>({ id: "events.calendar.group", defaultMessage: "Add {title} to your calendar" }),
  subscribeHint: defineMessage<{ url: string }>({
    id: "events.subscribe.hint",
    defaultMessage: "Every announced event in your calendar, kept up to date. In Google Calendar, add a calendar 'From URL' with {url}",
  }),
  vipOnly: defineMessage<{ minutes: number }>({
    id: "virtualMeet.about.vip",
    defaultMessage: "Virtual meets are a VIP benefit: members find the join link on this page {minutes} minutes before the start.",
  }),
  joinWindow: defineMessage<{ minutes: number }>({
    id: "virtualMeet.joinWindow",
    defaultMessage: "The join link appears here {minutes} minutes before each meet starts.",
  }),
  joinFrom: defineMessage<{ time: string }>({ id: "virtualMeet.joinFrom", defaultMessage: "Join link from {time}" }),
  joinNeedsTier: defineMessage<{ tier: string }>({ id: "virtualMeet.joinNeedsTier", defaultMessage: "The join link of this meet is for {tier} and above." }),
  yourTime: defineMessage<{ time: string }>({ id: "events.when.yours", defaultMessage: "your time: {time}" }),
  joinLabel: defineMessage<{ title: string }>({ id: "virtualMeet.join.label", defaultMessage: "Join now: {title} (opens in a new tab)" }),
};
