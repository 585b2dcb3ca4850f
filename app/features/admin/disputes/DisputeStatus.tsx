// A dispute's kind, status and amount as the back office words them.
import { FormattedMessage, FormattedNumber } from "react-intl";
import type { DisputeSummary } from "#contracts/disputes-model.ts";
import { disputeMessages as m, statusMessages } from "./messages";

export function DisputeType({ type }: { type: DisputeSummary["type"] }) {
  return <FormattedMessage {...(type === "dispute" ? m.typeDispute : m.typeWarning)} />;
}

export function DisputeStatus({ status }: { status: string }) {
  const known = statusMessages[status];
  return <span className={`dispute-status dispute-status-${status}`}>{known ? <FormattedMessage {...known} /> : status}</span>;
}

/** Integer cents in the dispute's currency, written the admin's way. */
export function DisputeAmount({ cents, currency }: { cents: number; currency: string }) {
  return <FormattedNumber value={cents / 100} style="currency" currency={currency.toUpperCase()} />;
}
