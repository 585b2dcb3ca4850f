// A dispute's kind and status as the back office words them.
import { FormattedMessage } from "react-intl";
import type { DisputeSummary } from "#contracts/disputes-model.ts";
import { disputeMessages as m, statusMessages } from "./messages";

export function DisputeType({ type }: { type: DisputeSummary["type"] }) {
  return <FormattedMessage {...(type === "dispute" ? m.typeDispute : m.typeWarning)} />;
}

export function DisputeStatus({ status }: { status: string }) {
  const known = statusMessages[status];
  return <span className={`dispute-status dispute-status-${status}`}>{known ? <FormattedMessage {...known} /> : status}</span>;
}
