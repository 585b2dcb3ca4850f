// Visible strings of an event card's VIP presale (decision 029), in the events feature's catalogs
// (messages.pt-BR.json for Portuguese, ids events.presale.*).
import { defineMessage, defineMessages } from "react-intl";

export const presaleMessages = {
  ...defineMessages({
    show: { id: "events.presale.show", defaultMessage: "Show my presale code" },
    showing: { id: "events.presale.showing", defaultMessage: "Getting your code..." },
    code: { id: "events.presale.code", defaultMessage: "Your presale code" },
    becomeVip: { id: "events.presale.becomeVip", defaultMessage: "Become a VIP for presale access" },
    notOpen: { id: "events.presale.notOpen", defaultMessage: "The VIP presale is not open right now." },
    failed: { id: "events.presale.failed", defaultMessage: "Your presale code could not be fetched. Please try again." },
    buy: { id: "events.presale.buy", defaultMessage: "Buy presale tickets" },
  }),
  upcoming: defineMessage<{ time: string }>({ id: "events.presale.upcoming", defaultMessage: "VIP presale from {time}" }),
  openVip: defineMessage<{ time: string }>({ id: "events.presale.openVip", defaultMessage: "VIP presale — now until {time}" }),
  openOthers: defineMessage<{ until: string; general: string }>({
    id: "events.presale.openOthers",
    defaultMessage: "VIP presale until {until} · general sale from {general}",
  }),
  closed: defineMessage<{ time: string }>({ id: "events.presale.closed", defaultMessage: "General sale from {time}" }),
  codesGone: defineMessage<{ time: string }>({
    id: "events.presale.codesGone",
    defaultMessage: "All presale codes have been handed out — tickets go on general sale {time}",
  }),
  buyLabel: defineMessage<{ title: string }>({ id: "events.presale.buyLabel", defaultMessage: "Buy presale tickets for {title} (opens in a new tab)" }),
};
