import { defineMessage, defineMessages } from "react-intl";

export const overviewMessages = {
  ...defineMessages({
    activity: { id: "admin.overview.section.activity", defaultMessage: "Site activity" },
    manage: { id: "admin.overview.section.manage", defaultMessage: "Manage the site" },
    currentVisitors: { id: "admin.overview.card.currentVisitors", defaultMessage: "Current Visitors" },
    currentVisitorsHint: { id: "admin.overview.card.currentVisitorsHint", defaultMessage: "Active in the last 24 hours" },
    pageViews: { id: "admin.overview.card.pageViews", defaultMessage: "Page Views" },
    pageViewsHint: { id: "admin.overview.card.pageViewsHint", defaultMessage: "In the last 24 hours" },
    avgSession: { id: "admin.overview.card.avgSession", defaultMessage: "Avg. Session" },
    avgSessionHint: { id: "admin.overview.card.avgSessionHint", defaultMessage: "Sessions of the last 24 hours" },
    activeUsers: { id: "admin.overview.card.activeUsers", defaultMessage: "Active Users" },
    activeUsersHint: { id: "admin.overview.card.activeUsersHint", defaultMessage: "Signed in within 30 days" },
    analytics: { id: "admin.overview.link.analytics", defaultMessage: "Site Analytics" },
    analyticsHint: { id: "admin.overview.link.analyticsHint", defaultMessage: "Traffic, devices, hours and referrers" },
    users: { id: "admin.overview.link.users", defaultMessage: "Users" },
    events: { id: "admin.overview.link.events", defaultMessage: "Events" },
    messages: { id: "admin.overview.link.messages", defaultMessage: "Messages" },
    marketing: { id: "admin.overview.link.marketing", defaultMessage: "Marketing" },
    loading: { id: "admin.overview.loading", defaultMessage: "Loading overview..." },
    failed: { id: "admin.overview.failed", defaultMessage: "Failed to load the overview" },
  }),
  usersCount: defineMessage<{ count: number }>({ id: "admin.overview.link.usersCount", defaultMessage: "{count, plural, one {# member} other {# members}}" }),
  eventsCount: defineMessage<{ count: number }>({
    id: "admin.overview.link.eventsCount",
    defaultMessage: "{count, plural, one {# upcoming event} other {# upcoming events}}",
  }),
  messagesCount: defineMessage<{ count: number }>({
    id: "admin.overview.link.messagesCount",
    defaultMessage: "{count, plural, one {# message} other {# messages}}",
  }),
  marketingCount: defineMessage<{ count: number }>({
    id: "admin.overview.link.marketingCount",
    defaultMessage: "{count, plural, one {# subscriber} other {# subscribers}}",
  }),
};
