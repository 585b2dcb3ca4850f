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
