import { defineMessage, defineMessages } from "react-intl";

export const auditMessages = {
  ...defineMessages({
    filters: { id: "admin.audit.filters", defaultMessage: "Filter the audit log" },
    action: { id: "admin.audit.filter.action", defaultMessage: "Action" },
    allActions: { id: "admin.audit.filter.allActions", defaultMessage: "All actions" },
    admin: { id: "admin.audit.filter.admin", defaultMessage: "Admin" },
    allAdmins: { id: "admin.audit.filter.allAdmins", defaultMessage: "All admins" },
    caption: { id: "admin.audit.caption", defaultMessage: "Admin changes, newest first" },
    when: { id: "admin.audit.col.when", defaultMessage: "When" },
    adminCol: { id: "admin.audit.col.admin", defaultMessage: "Admin" },
    actionCol: { id: "admin.audit.col.action", defaultMessage: "Action" },
    target: { id: "admin.audit.col.target", defaultMessage: "Target" },
    change: { id: "admin.audit.col.change", defaultMessage: "Change" },
    noDetails: { id: "admin.audit.change.none", defaultMessage: "No details" },
    removed: { id: "admin.audit.change.removed", defaultMessage: "(removed)" },
    loadMore: { id: "admin.audit.loadMore", defaultMessage: "Load more" },
    loadingMore: { id: "admin.audit.loadingMore", defaultMessage: "Loading..." },
    loading: { id: "admin.audit.loading", defaultMessage: "Loading the audit log..." },
    failed: { id: "admin.audit.failed", defaultMessage: "Failed to load the audit log" },
    failedMore: { id: "admin.audit.failedMore", defaultMessage: "Failed to load more entries" },
    emptyTitle: { id: "admin.audit.empty.title", defaultMessage: "No admin changes yet" },
    emptyHint: { id: "admin.audit.empty.hint", defaultMessage: "Every change an administrator makes will be listed here." },
    noMatchTitle: { id: "admin.audit.noMatch.title", defaultMessage: "No entries match these filters" },
    noMatchHint: { id: "admin.audit.noMatch.hint", defaultMessage: "Try another action or admin." },
  }),
  more: defineMessage<{ count: number }>({
    id: "admin.audit.change.more",
    defaultMessage: "{count, plural, one {and # more field} other {and # more fields}}",
  }),
  shown: defineMessage<{ count: number }>({ id: "admin.audit.shown", defaultMessage: "{count, plural, one {# entry shown} other {# entries shown}}" }),
};

/** The structured audit details (worker/contracts/audit-detail.ts), one message per kind. */
export const auditDetailMessages = {
  account: defineMessage<{ email: string }>({ id: "admin.audit.detail.account", defaultMessage: "Account: {email}" }),
  albumTracksRetired: defineMessage<{ count: number }>({
    id: "admin.audit.detail.albumTracksRetired",
    defaultMessage: "{count, plural, one {# track retired} other {# tracks retired}}; their plays are kept",
  }),
  ticketCsvImport: defineMessage<{ first: number; last: number }>({
    id: "admin.audit.detail.ticketCsvImport",
    defaultMessage: "CSV import, file rows {first}-{last}",
  }),
  contactsCsvImport: defineMessage<{ part: number; parts: number }>({
    id: "admin.audit.detail.contactsCsvImport",
    defaultMessage: "CSV import, part {part} of {parts}",
  }),
  perkDeleted: defineMessage<{ reveals: number; codes: number; claimed: number }>({
    id: "admin.audit.detail.perkDeleted",
    defaultMessage: "{reveals, plural, one {# reveal} other {# reveals}} and {codes, plural, one {# code} other {# codes}} ({claimed} handed out) deleted",
  }),
  storeProductDeleted: defineMessage<{ pictures: number; variants: number }>({
    id: "admin.audit.detail.storeProductDeleted",
    defaultMessage: "{pictures, plural, one {# picture} other {# pictures}} and {variants, plural, one {# size or colour} other {# sizes and colours}} deleted",
  }),
  storeStockAdjusted: defineMessage<{ sku: string; delta: string }>({
    id: "admin.audit.detail.storeStockAdjusted",
    defaultMessage: "Stock of {sku} {delta}",
  }),
  suspension: defineMessage<{ change: string; email: string; permanent: string; until: string; reason: string }>({
    id: "admin.audit.detail.suspension",
    defaultMessage:
      "{email}: {change, select, ban {suspended} edit {suspension changed} other {suspension lifted}} ({permanent, select, yes {permanent} other {until {until}}}). Reason: {reason}",
  }),
  ...defineMessages({
    moderationDeleted: { id: "admin.audit.detail.moderationDeleted", defaultMessage: "Deleted from the moderation queue" },
    moderationAuthorBanned: { id: "admin.audit.detail.moderationAuthorBanned", defaultMessage: "Author banned from the moderation queue" },
    suspensionReasonReportedContent: { id: "admin.audit.detail.suspensionReasonReportedContent", defaultMessage: "Content reported to the moderators" },
    eventDescription: { id: "admin.audit.detail.event.description", defaultMessage: "description changed" },
    eventDescriptionPtBR: { id: "admin.audit.detail.event.descriptionPtBR", defaultMessage: "Portuguese description changed" },
    eventJoinUrl: { id: "admin.audit.detail.event.joinUrl", defaultMessage: "join link changed" },
    eventPresaleCode: { id: "admin.audit.detail.event.presaleCode", defaultMessage: "presale code changed" },
  }),
};

/** Labels of the fields audit rows most often list; any other field shows its stored name. */
export const auditFieldMessages = defineMessages({
  title: { id: "admin.audit.field.title", defaultMessage: "title" },
  name: { id: "admin.audit.field.name", defaultMessage: "name" },
  type: { id: "admin.audit.field.type", defaultMessage: "type" },
  year: { id: "admin.audit.field.year", defaultMessage: "year" },
  status: { id: "admin.audit.field.status", defaultMessage: "status" },
  position: { id: "admin.audit.field.position", defaultMessage: "position" },
  category: { id: "admin.audit.field.category", defaultMessage: "category" },
  description: { id: "admin.audit.field.description", defaultMessage: "description" },
  descriptionEn: { id: "admin.audit.field.descriptionEn", defaultMessage: "description (English)" },
  descriptionPtBr: { id: "admin.audit.field.descriptionPtBr", defaultMessage: "description (Portuguese)" },
  titlePtBr: { id: "admin.audit.field.titlePtBr", defaultMessage: "title (Portuguese)" },
  namePtBr: { id: "admin.audit.field.namePtBr", defaultMessage: "name (Portuguese)" },
  tracks: { id: "admin.audit.field.tracks", defaultMessage: "tracks" },
  isAdmin: { id: "admin.audit.field.isAdmin", defaultMessage: "administrator" },
  vip: { id: "admin.audit.field.vip", defaultMessage: "VIP" },
  compVip: { id: "admin.audit.field.compVip", defaultMessage: "complimentary VIP" },
  isDoorStaff: { id: "admin.audit.field.isDoorStaff", defaultMessage: "door staff" },
  imported: { id: "admin.audit.field.imported", defaultMessage: "imported" },
  skipped: { id: "admin.audit.field.skipped", defaultMessage: "skipped" },
  failed: { id: "admin.audit.field.failed", defaultMessage: "failed" },
  submitted: { id: "admin.audit.field.submitted", defaultMessage: "submitted" },
  rows: { id: "admin.audit.field.rows", defaultMessage: "rows" },
});

/** Stored values shown translated (booleans, the "(changed)" marker, the album types). */
export const auditValueMessages = defineMessages({
  true: { id: "admin.audit.value.true", defaultMessage: "yes" },
  false: { id: "admin.audit.value.false", defaultMessage: "no" },
  "(changed)": { id: "admin.audit.value.changed", defaultMessage: "(changed)" },
  Album: { id: "admin.audit.value.album", defaultMessage: "Album" },
  Single: { id: "admin.audit.value.single", defaultMessage: "Single" },
});
