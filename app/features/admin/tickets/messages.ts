// Every visible string of /admin/tickets, shipped with its chunk (messages.pt-BR.json for Portuguese, merged
// in by TicketsMessages). Import row problems come from the server as codes, translated here.
import { defineMessage, defineMessages, type MessageDescriptor } from "react-intl";
import type { ImportField, ImportRowCode, TicketSource, TicketStatus, TicketTimeFilter } from "#contracts/tickets/admin-limits.ts";
import type { DoorSort } from "#contracts/tickets/admin-sales.ts";
import type { EventTicketStatus, TicketSaleState } from "#contracts/tickets/event-tickets-model.ts";

const plain = defineMessages({
  filters: { id: "adminTickets.filters", defaultMessage: "Filter tickets" },
  searchLabel: { id: "adminTickets.search.label", defaultMessage: "Search" },
  searchPlaceholder: { id: "adminTickets.search.placeholder", defaultMessage: "Search tickets..." },
  statusLabel: { id: "adminTickets.status.label", defaultMessage: "Status" },
  allStatus: { id: "adminTickets.status.all", defaultMessage: "All Status" },
  timeLabel: { id: "adminTickets.time.label", defaultMessage: "Period" },
  totalValue: { id: "adminTickets.total.label", defaultMessage: "Total Value" },
  exportCsv: { id: "adminTickets.export", defaultMessage: "Export CSV" },
  importCsv: { id: "adminTickets.import", defaultMessage: "Import CSV" },
  loading: { id: "adminTickets.loading", defaultMessage: "Loading tickets..." },
  failed: { id: "adminTickets.failed", defaultMessage: "Failed to load tickets" },
  retry: { id: "adminTickets.retry", defaultMessage: "Try again" },
  emptyTitle: { id: "adminTickets.empty.title", defaultMessage: "No tickets found" },
  emptyHint: { id: "adminTickets.empty.hint", defaultMessage: "Try adjusting your search or filters" },
  caption: { id: "adminTickets.caption", defaultMessage: "Tickets, newest first" },
  colOrder: { id: "adminTickets.col.order", defaultMessage: "Order ID" },
  colEvent: { id: "adminTickets.col.event", defaultMessage: "Event" },
  colCustomer: { id: "adminTickets.col.customer", defaultMessage: "Customer" },
  colStatus: { id: "adminTickets.col.status", defaultMessage: "Status" },
  colPrice: { id: "adminTickets.col.price", defaultMessage: "Price" },
  colDate: { id: "adminTickets.col.date", defaultMessage: "Date" },
  colActions: { id: "adminTickets.col.actions", defaultMessage: "Actions" },
  detailTitle: { id: "adminTickets.detail.title", defaultMessage: "Ticket details" },
  detailLoading: { id: "adminTickets.detail.loading", defaultMessage: "Loading the ticket..." },
  detailFailed: { id: "adminTickets.detail.failed", defaultMessage: "Failed to load the ticket" },
  detailName: { id: "adminTickets.detail.name", defaultMessage: "Customer name" },
  detailEmail: { id: "adminTickets.detail.email", defaultMessage: "Customer e-mail" },
  detailNoName: { id: "adminTickets.detail.noName", defaultMessage: "Not given" },
  detailOrdered: { id: "adminTickets.detail.ordered", defaultMessage: "Ordered" },
  detailEventDate: { id: "adminTickets.detail.eventDate", defaultMessage: "Event date" },
  detailVenue: { id: "adminTickets.detail.venue", defaultMessage: "Venue" },
  detailOnline: { id: "adminTickets.detail.online", defaultMessage: "Online event" },
  detailEventStatus: { id: "adminTickets.detail.eventStatus", defaultMessage: "Event status" },
  detailEventGone: { id: "adminTickets.detail.eventGone", defaultMessage: "This event has been deleted; the order is kept with the title it had." },
  close: { id: "adminTickets.close", defaultMessage: "Close" },
  cancel: { id: "adminTickets.cancel", defaultMessage: "Cancel" },
  importTitle: { id: "adminTickets.import.title", defaultMessage: "Import tickets" },
  importChoose: { id: "adminTickets.import.choose", defaultMessage: "CSV file from your ticket provider" },
  importButton: { id: "adminTickets.import.button", defaultMessage: "Choose a CSV file" },
  importNoFile: { id: "adminTickets.import.noFile", defaultMessage: "No file chosen" },
  importHint: { id: "adminTickets.import.hint", defaultMessage: "The first row must name the columns. Orders already stored are skipped." },
  importReading: { id: "adminTickets.import.reading", defaultMessage: "Reading the file..." },
  importMapping: { id: "adminTickets.import.mapping", defaultMessage: "Columns" },
  importMappingHint: { id: "adminTickets.import.mappingHint", defaultMessage: "Choose the file's column for each field. Fields marked * are required." },
  importNotMapped: { id: "adminTickets.import.notMapped", defaultMessage: "Not in the file" },
  importPreview: { id: "adminTickets.import.preview", defaultMessage: "First rows of the file" },
  importRequired: { id: "adminTickets.import.required", defaultMessage: "Choose a column for each required field" },
  importSubmit: { id: "adminTickets.import.submit", defaultMessage: "Import" },
  importResults: { id: "adminTickets.import.results", defaultMessage: "Import results" },
  importImported: { id: "adminTickets.import.imported", defaultMessage: "Imported" },
  importSkipped: { id: "adminTickets.import.skipped", defaultMessage: "Skipped" },
  importErrors: { id: "adminTickets.import.errors", defaultMessage: "Errors" },
  importRows: { id: "adminTickets.import.rows", defaultMessage: "Rows read" },
  importSkippedList: { id: "adminTickets.import.skippedList", defaultMessage: "Skipped rows" },
  importErrorList: { id: "adminTickets.import.errorList", defaultMessage: "Rows not imported" },
  importNoErrors: { id: "adminTickets.import.noErrors", defaultMessage: "Every row was read without an error." },
  importNotCsv: { id: "adminTickets.import.notCsv", defaultMessage: "This file could not be read as a CSV file with a header row." },
  importNoRows: { id: "adminTickets.import.noRows", defaultMessage: "The file has a header row but no tickets." },
  importTooLarge: { id: "adminTickets.import.tooLarge", defaultMessage: "This file is too large to import at once. Please split it into smaller files." },
  importFailed: { id: "adminTickets.import.failed", defaultMessage: "The import failed. Please try again." },
  importAgain: { id: "adminTickets.import.again", defaultMessage: "Import another file" },
  sourceLabel: { id: "adminTickets.source.label", defaultMessage: "Source" },
  allSources: { id: "adminTickets.source.all", defaultMessage: "All Sources" },
  colType: { id: "adminTickets.col.type", defaultMessage: "Ticket type" },
  colHolder: { id: "adminTickets.col.holder", defaultMessage: "Holder" },
  colCheckedIn: { id: "adminTickets.col.checkedIn", defaultMessage: "Checked in" },
  colSource: { id: "adminTickets.col.source", defaultMessage: "Source" },
  showMore: { id: "adminTickets.more", defaultMessage: "Show more" },
  moreFailed: { id: "adminTickets.more.failed", defaultMessage: "Failed to load more tickets. Try again." },
  clearEvent: { id: "adminTickets.event.clear", defaultMessage: "Show every event" },
  viewSales: { id: "adminTickets.event.sales", defaultMessage: "Sales and door list" },
  detailType: { id: "adminTickets.detail.type", defaultMessage: "Ticket type" },
  detailHolder: { id: "adminTickets.detail.holder", defaultMessage: "Holder" },
  detailCode: { id: "adminTickets.detail.code", defaultMessage: "Ticket code" },
  detailCheckedIn: { id: "adminTickets.detail.checkedIn", defaultMessage: "Checked in" },
  detailNotCheckedIn: { id: "adminTickets.detail.notCheckedIn", defaultMessage: "Not yet" },
  detailStoreOrder: { id: "adminTickets.detail.storeOrder", defaultMessage: "Open the store order" },
  salesLoading: { id: "adminTickets.sales.loading", defaultMessage: "Loading the sales..." },
  salesFailed: { id: "adminTickets.sales.failed", defaultMessage: "Failed to load the sales" },
  salesMissing: { id: "adminTickets.sales.missing", defaultMessage: "This event does not exist." },
  backToList: { id: "adminTickets.sales.back", defaultMessage: "All tickets" },
  eventOrders: { id: "adminTickets.sales.orders", defaultMessage: "This event's tickets in the list" },
  statSold: { id: "adminTickets.sales.sold", defaultMessage: "Sold" },
  statCheckedIn: { id: "adminTickets.sales.checkedIn", defaultMessage: "Checked in" },
  statRevenue: { id: "adminTickets.sales.revenue", defaultMessage: "Revenue" },
  statCapacity: { id: "adminTickets.sales.capacity", defaultMessage: "Capacity" },
  revenueHint: { id: "adminTickets.sales.revenueHint", defaultMessage: "Refunded and cancelled tickets are not counted." },
  typesHeading: { id: "adminTickets.sales.types", defaultMessage: "By ticket type" },
  noTypes: { id: "adminTickets.sales.noTypes", defaultMessage: "This event sells no tickets on this site." },
  legendSold: { id: "adminTickets.sales.legend.sold", defaultMessage: "Sold" },
  legendCheckedIn: { id: "adminTickets.sales.legend.checkedIn", defaultMessage: "Checked in" },
  legendLeft: { id: "adminTickets.sales.legend.left", defaultMessage: "Left" },
  doorHeading: { id: "adminTickets.door.heading", defaultMessage: "Door list" },
  doorSearchLabel: { id: "adminTickets.door.search", defaultMessage: "Search the door list" },
  doorSearchPlaceholder: { id: "adminTickets.door.placeholder", defaultMessage: "Name, e-mail or code" },
  doorSortLabel: { id: "adminTickets.door.sort", defaultMessage: "Sort by" },
  print: { id: "adminTickets.door.print", defaultMessage: "Print" },
  doorCsv: { id: "adminTickets.door.csv", defaultMessage: "Download CSV" },
  doorLoading: { id: "adminTickets.door.loading", defaultMessage: "Loading the door list..." },
  doorFailed: { id: "adminTickets.door.failed", defaultMessage: "Failed to load the door list" },
  doorEmpty: { id: "adminTickets.door.empty", defaultMessage: "No tickets to show" },
  doorEmptyHint: { id: "adminTickets.door.emptyHint", defaultMessage: "Nobody holds a valid ticket for this event yet, or nobody matches the search." },
  doorCaption: { id: "adminTickets.door.caption", defaultMessage: "Valid tickets of this event" },
  colName: { id: "adminTickets.door.col.name", defaultMessage: "Name" },
  colEmail: { id: "adminTickets.door.col.email", defaultMessage: "E-mail" },
  colCode: { id: "adminTickets.door.col.code", defaultMessage: "Code" },
  doorNotIn: { id: "adminTickets.door.notIn", defaultMessage: "Not yet" },
  ownerNamed: { id: "adminTickets.door.ownerNamed", defaultMessage: "no holder name: the ticket's owner" },
});

export const ticketsMessages = {
  ...plain,
  shown: defineMessage<{ shown: number; count: number }>({
    id: "adminTickets.shown",
    defaultMessage: "Showing the newest {shown, number} of {count, number} tickets. Export CSV has them all.",
  }),
  count: defineMessage<{ count: number }>({ id: "adminTickets.count", defaultMessage: "{count, plural, one {# ticket} other {# tickets}}" }),
  viewTicket: defineMessage<{ orderId: string }>({ id: "adminTickets.view", defaultMessage: "View ticket {orderId}" }),
  importFile: defineMessage<{ name: string; rows: number }>({
    id: "adminTickets.import.file",
    defaultMessage: "{name}: {rows, plural, one {# row} other {# rows}}",
  }),
  importProgress: defineMessage<{ done: string; total: string }>({ id: "adminTickets.import.progress", defaultMessage: "Importing... {done} of {total} rows" }),
  importStopped: defineMessage<{ done: string; total: string }>({
    id: "adminTickets.import.stopped",
    defaultMessage: "The import stopped after {done} of {total} rows. Importing the same file again is safe: orders already stored are skipped.",
  }),
  importRow: defineMessage<{ row: number; reason: string; value: string }>({ id: "adminTickets.import.row", defaultMessage: "Row {row}: {reason}{value}" }),
  importColumn: defineMessage<{ number: number }>({ id: "adminTickets.import.column", defaultMessage: "Column {number}" }),
  importMore: defineMessage<{ count: number }>({
    id: "adminTickets.import.more",
    defaultMessage: "{count, plural, one {and # more row} other {and # more rows}}",
  }),
  salesLinkTitle: defineMessage<{ event: string }>({ id: "adminTickets.event.salesTitle", defaultMessage: "Sales and door list of {event}" }),
  eventFilter: defineMessage<{ event: string }>({ id: "adminTickets.event.filter", defaultMessage: "Event: {event}" }),
  capacityValue: defineMessage<{ taken: number; capacity: number }>({
    id: "adminTickets.sales.capacityValue",
    defaultMessage: "{taken, number} of {capacity, number} taken",
  }),
  noCapacity: defineMessage<{ taken: number }>({ id: "adminTickets.sales.noCapacity", defaultMessage: "{taken, number} taken, no venue capacity set" }),
  typeBar: defineMessage<{ name: string; sold: number; checkedIn: number; left: number; quantity: number }>({
    id: "adminTickets.sales.typeBar",
    defaultMessage: "{name}: {sold, number} sold, {checkedIn, number} checked in, {left, number} left of {quantity, number}",
  }),
  typeVoided: defineMessage<{ refunded: number; cancelled: number; held: number }>({
    id: "adminTickets.sales.typeVoided",
    defaultMessage: "{refunded, number} refunded · {cancelled, number} cancelled · {held, number} held in open checkouts",
  }),
  typePrice: defineMessage<{ price: string; revenue: string }>({ id: "adminTickets.sales.typePrice", defaultMessage: "{price} each · revenue {revenue}" }),
  doorCount: defineMessage<{ checkedIn: number; total: number }>({
    id: "adminTickets.door.count",
    defaultMessage: "{checkedIn, number} of {total, number} checked in",
  }),
  checkedInBy: defineMessage<{ time: string; name: string }>({ id: "adminTickets.door.by", defaultMessage: "{time} by {name}" }),
  importValue: defineMessage<{ value: string }>({ id: "adminTickets.import.value", defaultMessage: " (“{value}”)" }),
};

export const statusMessages: Record<TicketStatus, MessageDescriptor> = defineMessages({
  confirmed: { id: "adminTickets.status.confirmed", defaultMessage: "Confirmed" },
  pending: { id: "adminTickets.status.pending", defaultMessage: "Pending" },
  cancelled: { id: "adminTickets.status.cancelled", defaultMessage: "Cancelled" },
});

export const eventStatusMessages: Record<"draft" | "published" | "cancelled", MessageDescriptor> = defineMessages({
  draft: { id: "adminTickets.eventStatus.draft", defaultMessage: "Draft" },
  published: { id: "adminTickets.eventStatus.published", defaultMessage: "Published" },
  cancelled: { id: "adminTickets.eventStatus.cancelled", defaultMessage: "Cancelled" },
});

export const timeMessages: Record<TicketTimeFilter, MessageDescriptor> = defineMessages({
  all: { id: "adminTickets.time.all", defaultMessage: "All Time" },
  today: { id: "adminTickets.time.today", defaultMessage: "Today" },
  "7d": { id: "adminTickets.time.7d", defaultMessage: "Last 7 Days" },
  "30d": { id: "adminTickets.time.30d", defaultMessage: "Last 30 Days" },
});

export const fieldMessages: Record<ImportField, MessageDescriptor> = defineMessages({
  orderId: { id: "adminTickets.field.orderId", defaultMessage: "Order ID" },
  event: { id: "adminTickets.field.event", defaultMessage: "Event (title or id)" },
  email: { id: "adminTickets.field.email", defaultMessage: "Customer e-mail" },
  price: { id: "adminTickets.field.price", defaultMessage: "Price paid" },
  status: { id: "adminTickets.field.status", defaultMessage: "Status" },
  date: { id: "adminTickets.field.date", defaultMessage: "Order date" },
  name: { id: "adminTickets.field.name", defaultMessage: "Customer name" },
});

export const rowCodeMessages: Record<ImportRowCode, MessageDescriptor> = defineMessages({
  order_id_missing: { id: "adminTickets.row.orderIdMissing", defaultMessage: "the order ID is empty" },
  order_id_too_long: { id: "adminTickets.row.orderIdTooLong", defaultMessage: "the order ID is too long" },
  event_missing: { id: "adminTickets.row.eventMissing", defaultMessage: "the event is empty" },
  event_unknown: { id: "adminTickets.row.eventUnknown", defaultMessage: "no event has this title or id" },
  event_ambiguous: { id: "adminTickets.row.eventAmbiguous", defaultMessage: "several events have this title: use the event's id" },
  email_invalid: { id: "adminTickets.row.emailInvalid", defaultMessage: "the customer e-mail is not a valid address" },
  status_unknown: { id: "adminTickets.row.statusUnknown", defaultMessage: "the status is not confirmed, pending or cancelled" },
  price_invalid: { id: "adminTickets.row.priceInvalid", defaultMessage: "the price is not an amount such as 45.00" },
  date_invalid: { id: "adminTickets.row.dateInvalid", defaultMessage: "the date is not like 2026-03-05 or 2026-03-05 14:30" },
  name_too_long: { id: "adminTickets.row.nameTooLong", defaultMessage: "the customer name is too long" },
  malformed_row: { id: "adminTickets.row.malformed", defaultMessage: "the row does not have a value for each column" },
  duplicate_in_file: { id: "adminTickets.row.duplicateInFile", defaultMessage: "this order ID is on an earlier row of the file" },
  already_stored: { id: "adminTickets.row.alreadyStored", defaultMessage: "this order is already stored" },
});

export const sourceMessages: Record<TicketSource, MessageDescriptor> = defineMessages({
  sold: { id: "adminTickets.source.sold", defaultMessage: "Sold here" },
  imported: { id: "adminTickets.source.imported", defaultMessage: "Imported" },
});

export const ticketStatusMessages: Record<EventTicketStatus, MessageDescriptor> = defineMessages({
  valid: { id: "adminTickets.ticketStatus.valid", defaultMessage: "Valid" },
  refunded: { id: "adminTickets.ticketStatus.refunded", defaultMessage: "(refunded)" },
  cancelled: { id: "adminTickets.ticketStatus.cancelled", defaultMessage: "(event cancelled)" },
});

export const doorSortMessages: Record<DoorSort, MessageDescriptor> = defineMessages({
  name: { id: "adminTickets.door.sort.name", defaultMessage: "Name" },
  type: { id: "adminTickets.door.sort.type", defaultMessage: "Ticket type" },
  checked_in: { id: "adminTickets.door.sort.checkedIn", defaultMessage: "Check-in (still expected first)" },
});

export const saleStateMessages: Record<TicketSaleState, MessageDescriptor> = defineMessages({
  upcoming: { id: "adminTickets.saleState.upcoming", defaultMessage: "Not on sale yet" },
  vip_presale: { id: "adminTickets.saleState.vipPresale", defaultMessage: "VIP presale" },
  on_sale: { id: "adminTickets.saleState.onSale", defaultMessage: "On sale" },
  ended: { id: "adminTickets.saleState.ended", defaultMessage: "Sale ended" },
});
