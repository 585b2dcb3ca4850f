// Texts shared by the back-office pages: trends, periods, durations, retry. Each page keeps its
// own in its folder (overview/, analytics/, tracks/, audit/); all of them live in this feature's
// catalogs (messages.pt-BR.json for Portuguese), which AdminMessages provides around the admin area.
import { defineMessage, defineMessages } from "react-intl";

export const commonMessages = defineMessages({
  retry: { id: "admin.common.retry", defaultMessage: "Try again" },
  never: { id: "admin.common.never", defaultMessage: "Never" },
  none: { id: "admin.common.none", defaultMessage: "None" },
  period: { id: "admin.common.period", defaultMessage: "Period" },
  last7: { id: "admin.period.7", defaultMessage: "Last 7 days" },
  last30: { id: "admin.period.30", defaultMessage: "Last 30 days" },
  last90: { id: "admin.period.90", defaultMessage: "Last 90 days" },
  allTime: { id: "admin.period.all", defaultMessage: "All time" },
  showTable: { id: "admin.common.showTable", defaultMessage: "Show data table" },
  loadingChart: { id: "admin.common.loadingChart", defaultMessage: "Loading chart..." },
});

export const trendMessages = {
  ...defineMessages({
    flat: { id: "admin.trend.flat", defaultMessage: "No change on the previous period" },
    none: { id: "admin.trend.none", defaultMessage: "no previous data" },
  }),
  up: defineMessage<{ pct: string }>({ id: "admin.trend.up", defaultMessage: "Up {pct} on the previous period" }),
  down: defineMessage<{ pct: string }>({ id: "admin.trend.down", defaultMessage: "Down {pct} on the previous period" }),
};

export const durationMessages = {
  seconds: defineMessage<{ seconds: number }>({ id: "admin.duration.seconds", defaultMessage: "{seconds}s" }),
  minutes: defineMessage<{ minutes: number; seconds: number }>({ id: "admin.duration.minutes", defaultMessage: "{minutes}m {seconds}s" }),
  hours: defineMessage<{ hours: number; minutes: number }>({ id: "admin.duration.hours", defaultMessage: "{hours}h {minutes}m" }),
};
