// Visible strings of the event form's ticket types (decision 055), in the events pages' catalogs
// (messages.pt-BR.json for Portuguese, ids adminEvents.ticketTypes.*), and the translations of the codes the
// ticket-type routes answer (form rules and refusals).
import { defineMessage, defineMessages } from "react-intl";
import type { ErrorTexts } from "../../../lib/forms/errorText";

export const ticketTypeMessages = {
  ...defineMessages({
    title: { id: "adminEvents.ticketTypes.title", defaultMessage: "Ticket types" },
    intro: {
      id: "adminEvents.ticketTypes.intro",
      defaultMessage:
        "Tickets sold on this site. Each type is sold from the ticket sale start (or the general sale after a VIP presale) until the sale end or the event's start; VIP members buy during the VIP presale. Changes here are saved at once.",
    },
    saveFirst: { id: "adminEvents.ticketTypes.saveFirst", defaultMessage: "Save the event first, then add its ticket types." },
    notSellable: {
      id: "adminEvents.ticketTypes.notSellable",
      defaultMessage: "Tickets are sold on this site only for custom events priced in USD or BRL. Sell the others through their ticket link.",
    },
    loading: { id: "adminEvents.ticketTypes.loading", defaultMessage: "Loading ticket types..." },
    loadFailed: { id: "adminEvents.ticketTypes.loadFailed", defaultMessage: "The ticket types could not be loaded." },
    empty: { id: "adminEvents.ticketTypes.empty", defaultMessage: "No ticket types yet: this event sells no tickets on this site." },
    add: { id: "adminEvents.ticketTypes.add", defaultMessage: "Add ticket type" },
    caption: { id: "adminEvents.ticketTypes.caption", defaultMessage: "Ticket types of this event" },
    colName: { id: "adminEvents.ticketTypes.col.name", defaultMessage: "Name" },
    colPrice: { id: "adminEvents.ticketTypes.col.price", defaultMessage: "Price" },
    colQuantity: { id: "adminEvents.ticketTypes.col.quantity", defaultMessage: "Quantity" },
    colSold: { id: "adminEvents.ticketTypes.col.sold", defaultMessage: "Sold" },
    colLeft: { id: "adminEvents.ticketTypes.col.left", defaultMessage: "Left" },
    colLimit: { id: "adminEvents.ticketTypes.col.limit", defaultMessage: "Per order" },
    colActions: { id: "adminEvents.ticketTypes.col.actions", defaultMessage: "Actions" },
    vipOnly: { id: "adminEvents.ticketTypes.vipOnly", defaultMessage: "VIP only" },
    addTitle: { id: "adminEvents.ticketTypes.addTitle", defaultMessage: "New ticket type" },
    editTitle: { id: "adminEvents.ticketTypes.editTitle", defaultMessage: "Edit ticket type" },
    fieldName: { id: "adminEvents.ticketTypes.field.name", defaultMessage: "Name (English)" },
    fieldNameHint: { id: "adminEvents.ticketTypes.field.nameHint", defaultMessage: "General, VIP area, Early bird..." },
    fieldNamePtBr: { id: "adminEvents.ticketTypes.field.namePtBr", defaultMessage: "Name (Portuguese)" },
    fieldQuantity: { id: "adminEvents.ticketTypes.field.quantity", defaultMessage: "Quantity" },
    fieldPerOrder: { id: "adminEvents.ticketTypes.field.perOrder", defaultMessage: "Most tickets in one order" },
    fieldPosition: { id: "adminEvents.ticketTypes.field.position", defaultMessage: "Position in the list" },
    fieldVipOnly: { id: "adminEvents.ticketTypes.field.vipOnly", defaultMessage: "VIP members only" },
    fieldVipOnlyHint: {
      id: "adminEvents.ticketTypes.field.vipOnlyHint",
      defaultMessage: "Only VIP members (and admins) may buy this type, whenever it is on sale.",
    },
    fieldMinTier: { id: "adminEvents.ticketTypes.field.minTier", defaultMessage: "Lowest membership tier" },
    fieldKind: { id: "adminEvents.ticketTypes.field.kind", defaultMessage: "Kind" },
    fieldKindHint: { id: "adminEvents.ticketTypes.field.kindHint", defaultMessage: "An online ticket watches the live show: no seat, no QR code, no door." },
    kindVenue: { id: "adminEvents.ticketTypes.kind.venue", defaultMessage: "At the venue" },
    kindOnline: { id: "adminEvents.ticketTypes.kind.online", defaultMessage: "Online (live show)" },
    fieldMinTierNone: { id: "adminEvents.ticketTypes.field.minTierNone", defaultMessage: "Any buyer (no tier asked)" },
    fieldMinTierHint: {
      id: "adminEvents.ticketTypes.field.minTierHint",
      defaultMessage: "Only members of this tier and above (and admins) may buy this type.",
    },
    removeTitle: { id: "adminEvents.ticketTypes.removeTitle", defaultMessage: "Remove ticket type" },
    removeQuestion: { id: "adminEvents.ticketTypes.removeQuestion", defaultMessage: "Remove this ticket type? Only a type nothing was sold of can go." },
    saveFailed: { id: "adminEvents.ticketTypes.saveFailed", defaultMessage: "The ticket type could not be saved. Please try again." },
    removeFailed: { id: "adminEvents.ticketTypes.removeFailed", defaultMessage: "The ticket type could not be removed. Please try again." },
  }),
  priceLabel: defineMessage<{ currency: string }>({ id: "adminEvents.ticketTypes.field.price", defaultMessage: "Price ({currency})" }),
  soldHeld: defineMessage<{ sold: number; held: number }>({
    id: "adminEvents.ticketTypes.soldHeld",
    defaultMessage: "{sold}{held, plural, =0 {} other { (+# in checkouts)}}",
  }),
  editNamed: defineMessage<{ name: string }>({ id: "adminEvents.ticketTypes.editNamed", defaultMessage: "Edit {name}" }),
  removeNamed: defineMessage<{ name: string }>({ id: "adminEvents.ticketTypes.removeNamed", defaultMessage: "Remove {name}" }),
};

const errors = defineMessages({
  event_not_sellable: {
    id: "adminEvents.ticketTypes.error.notSellable",
    defaultMessage: "Only a custom event priced in USD or BRL can sell tickets here. Save the event's source and currency first.",
  },
  ticket_types_full: { id: "adminEvents.ticketTypes.error.full", defaultMessage: "An event can have at most 8 ticket types." },
  ticket_quantity_below_sold: {
    id: "adminEvents.ticketTypes.error.belowSold",
    defaultMessage: "The quantity cannot go below the tickets already sold or held in checkouts.",
  },
  ticket_type_has_sales: {
    id: "adminEvents.ticketTypes.error.hasSales",
    defaultMessage: "This type has tickets sold or in checkouts, so it stays. Lower its quantity to what is sold to stop selling it.",
  },
  ticket_type_not_found: { id: "adminEvents.ticketTypes.error.notFound", defaultMessage: "This ticket type no longer exists." },
  tier_gate_unknown: { id: "adminEvents.ticketTypes.error.tierUnknown", defaultMessage: "That membership tier no longer exists. Choose another." },
  ticket_type_name_too_long: { id: "adminEvents.ticketTypes.error.nameTooLong", defaultMessage: "A name is at most {max} characters." },
  ticket_type_price_invalid: { id: "adminEvents.ticketTypes.error.priceInvalid", defaultMessage: "Enter a price of 0 or more, with at most two decimals." },
  ticket_type_quantity_invalid: { id: "adminEvents.ticketTypes.error.quantityInvalid", defaultMessage: "Enter a whole number from 0 to {max}." },
  ticket_type_per_order_limit_invalid: { id: "adminEvents.ticketTypes.error.perOrderInvalid", defaultMessage: "Enter a whole number from 1 to {max}." },
  ticket_type_position_invalid: { id: "adminEvents.ticketTypes.error.positionInvalid", defaultMessage: "Enter a whole number from 0 to {max}." },
});

/** The ticket-type routes' codes as this page says them (the site's table covers name_required). */
export const TICKET_TYPE_ERROR_TEXTS: ErrorTexts = errors;
