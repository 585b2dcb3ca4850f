// The revenue page's tier figures' texts (decision 100); Portuguese in messages.pt-BR.json beside this file.
import { defineMessage, defineMessages } from "react-intl";

export const tierFigureMessages = {
  ...defineMessages({
    title: { id: "admin.revenue.tiers.title", defaultMessage: "Membership tiers" },
    loading: { id: "admin.revenue.tiers.loading", defaultMessage: "Loading tier figures..." },
    failed: { id: "admin.revenue.tiers.failed", defaultMessage: "Failed to load tier figures" },
    grouping: { id: "admin.revenue.tiers.grouping", defaultMessage: "Group moves by" },
    day: { id: "admin.revenue.tiers.by.day", defaultMessage: "Day" },
    week: { id: "admin.revenue.tiers.by.week", defaultMessage: "Week" },
    month: { id: "admin.revenue.tiers.by.month", defaultMessage: "Month" },
    tier: { id: "admin.revenue.tiers.col.tier", defaultMessage: "Tier" },
    members: { id: "admin.revenue.tiers.col.members", defaultMessage: "Members" },
    mrr: { id: "admin.revenue.tiers.col.mrr", defaultMessage: "MRR" },
    payingSubscriptions: { id: "admin.revenue.tiers.col.paying", defaultMessage: "Paying subscriptions" },
    revenue: { id: "admin.revenue.tiers.col.revenue", defaultMessage: "Revenue in the period" },
    trials: { id: "admin.revenue.tiers.col.trials", defaultMessage: "Trial conversion" },
    noTrial: { id: "admin.revenue.tiers.trials.no", defaultMessage: "No trial" },
    movesTitle: { id: "admin.revenue.tiers.moves.title", defaultMessage: "Members moving between tiers" },
    movesNote: {
      id: "admin.revenue.tiers.moves.note",
      defaultMessage: "Per tier: new from free, upgraded from a lower tier, downgraded from a higher one, churned to free.",
    },
    period: { id: "admin.revenue.tiers.col.period", defaultMessage: "Period" },
    new: { id: "admin.revenue.tiers.col.new", defaultMessage: "New" },
    upgraded: { id: "admin.revenue.tiers.col.upgraded", defaultMessage: "Upgraded" },
    downgraded: { id: "admin.revenue.tiers.col.downgraded", defaultMessage: "Downgraded" },
    churned: { id: "admin.revenue.tiers.col.churned", defaultMessage: "Churned" },
  }),
  note: defineMessage<{ currency: string }>({
    id: "admin.revenue.tiers.note",
    defaultMessage: "Members and MRR now; revenue, moves and trials over the period. Amounts in {currency}, never converted.",
  }),
  trialsValue: defineMessage<{ converted: number; ended: number; rate: string; running: number }>({
    id: "admin.revenue.tiers.trials.value",
    defaultMessage: "{converted} of {ended} ({rate}), {running} running",
  }),
  trialsNone: defineMessage<{ running: number }>({ id: "admin.revenue.tiers.trials.none", defaultMessage: "No trial ended, {running} running" }),
  movesSummary: defineMessage<{ new: number; upgraded: number; downgraded: number; churned: number }>({
    id: "admin.revenue.tiers.moves.summary",
    defaultMessage: "Over the period: {new} new, {upgraded} upgraded, {downgraded} downgraded, {churned} churned.",
  }),
};
