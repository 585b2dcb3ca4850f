// Visible strings of an event card's "Get tickets" block (decision 055), in the events feature's
// catalogs (messages.pt-BR.json for Portuguese, ids events.tickets.*), and the checkout's refusals as it says them.
import { defineMessage, defineMessages } from "react-intl";
import type { ErrorTexts } from "../../lib/forms/errorText";

export const ticketsMessages = {
  ...defineMessages({
    title: { id: "events.tickets.title", defaultMessage: "Get tickets" },
    soldOut: { id: "events.tickets.soldOut", defaultMessage: "Sold out" },
    ended: { id: "events.tickets.ended", defaultMessage: "Ticket sales have ended" },
    vipNow: { id: "events.tickets.vipNow", defaultMessage: "VIP presale on now: VIP members buy before everyone else" },
    vipOnly: { id: "events.tickets.vipOnly", defaultMessage: "VIP only" },
    becomeVip: { id: "events.tickets.becomeVip", defaultMessage: "Become a VIP" },
    email: { id: "events.tickets.email", defaultMessage: "Your e-mail for the tickets" },
    emailHint: { id: "events.tickets.emailHint", defaultMessage: "Your tickets and their QR codes are sent here." },
    emailInvalid: { id: "events.tickets.emailInvalid", defaultMessage: "Enter a valid e-mail address." },
    buy: { id: "events.tickets.buy", defaultMessage: "Buy tickets" },
    buying: { id: "events.tickets.buying", defaultMessage: "Going to checkout..." },
    pickOne: { id: "events.tickets.pickOne", defaultMessage: "Choose how many tickets you want." },
    failed: { id: "events.tickets.failed", defaultMessage: "The checkout could not be started. Please try again." },
  }),
  onSale: defineMessage<{ time: string }>({ id: "events.tickets.onSale", defaultMessage: "On sale {time}" }),
  vipPresale: defineMessage<{ time: string }>({ id: "events.tickets.vipPresale", defaultMessage: "VIP presale {time}" }),
  until: defineMessage<{ time: string }>({ id: "events.tickets.until", defaultMessage: "On sale until {time}" }),
  left: defineMessage<{ count: number }>({ id: "events.tickets.left", defaultMessage: "{count, plural, one {# left} other {# left}}" }),
  quantityLabel: defineMessage<{ name: string }>({ id: "events.tickets.quantityLabel", defaultMessage: "How many {name} tickets" }),
  groupLabel: defineMessage<{ title: string }>({ id: "events.tickets.groupLabel", defaultMessage: "Tickets for {title}" }),
  /** The block's landmark name: two events selling tickets on one page need two names. */
  sectionLabel: defineMessage<{ title: string }>({ id: "events.tickets.sectionLabel", defaultMessage: "Get tickets: {title}" }),
};

const errors = defineMessages({
  sold_out: { id: "events.tickets.error.soldOut", defaultMessage: "Sold out: someone else took the last tickets. Choose fewer or another type." },
  tickets_not_on_sale: { id: "events.tickets.error.notOnSale", defaultMessage: "Tickets for this event are not on sale right now." },
  tickets_vip_only: { id: "events.tickets.error.vipOnly", defaultMessage: "These tickets are for VIP members only." },
  tier_required: { id: "events.tickets.error.tierRequired", defaultMessage: "These tickets are for a higher membership tier." },
  tickets_currency_mismatch: { id: "events.tickets.error.currency", defaultMessage: "These tickets are sold in another currency." },
  ticket_type_not_found: { id: "events.tickets.error.typeGone", defaultMessage: "A ticket type is no longer on sale: reload the page." },
  quantity_over_limit: { id: "events.tickets.error.overLimit", defaultMessage: "That is more tickets than one order may hold." },
  cart_empty: { id: "events.tickets.error.empty", defaultMessage: "Choose how many tickets you want." },
});

/** The checkout's refusals of a ticket order; other codes (email_unverified, rate_limited...) keep the site's text. */
export const TICKET_CHECKOUT_ERROR_TEXTS: ErrorTexts = errors;
