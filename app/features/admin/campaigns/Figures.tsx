// A campaign's figures. "Sent" counts every mail that left (whatever the provider reported on it
// since: delivered, bounced...); the other figures are the recipients' latest state.
import type { IntlShape } from "react-intl";
import type { CampaignStats } from "#contracts/newsletter.ts";
import type { CampaignStatus } from "#contracts/newsletter-model.ts";
import { campaignMessages as m } from "./messages";

export const STATUS_TEXTS = {
  draft: m.statusDraft,
  scheduled: m.statusScheduled,
  sending: m.statusSending,
  paused: m.statusPaused,
  sent: m.statusSent,
  cancelled: m.statusCancelled,
} satisfies Record<CampaignStatus, unknown>;

export const sentCount = (s: CampaignStats) => s.sent + s.delivered + s.bounced + s.complained + s.unsubscribed;

/** The figures in the list's column order: Sent, Delivered, Failed, Bounced, Complained, Unsubscribed. */
export const figureColumns = (intl: IntlShape, stats: CampaignStats) =>
  [
    [m.statSent, sentCount(stats)],
    [m.statDelivered, stats.delivered],
    [m.statFailed, stats.failed],
    [m.statBounced, stats.bounced],
    [m.statComplained, stats.complained],
    [m.statUnsubscribed, stats.unsubscribed],
  ].map(([label, value]) => ({ label: intl.formatMessage(label as typeof m.statSent), value: value as number }));

export function StatusBadge({ intl, status }: { intl: IntlShape; status: CampaignStatus }) {
  return <span className={`badge campaign-status campaign-status-${status}`}>{intl.formatMessage(STATUS_TEXTS[status])}</span>;
}
