// Disputes and early fraud warnings in the back office (decision 094): the values and shapes the SPA
// and the Worker share, without zod (the admin chunk imports these; disputes.ts adds the schemas).

export const DISPUTES_API = "/api/admin/disputes";

/** The refund policy the checkout shows (the Terms' 14-day refund), as its access-log entry names it. */
export const REFUND_POLICY_VERSION = "terms-14-day-refund";
/** The same policy as the provider's evidence states it (refund_policy_disclosure). */
export const REFUND_POLICY_DISCLOSURE =
  "Shown at checkout beside the Checkout button and in the Terms of Service (/terms): a refund in full on request within 14 days of a charge; after 14 days payments are not refundable.";

export const DISPUTE_NOTE_MAX = 5000;
/** Disputes the list shows: open ones first by deadline, then the closed, newest first. */
export const DISPUTES_LIST_MAX = 200;

export type DisputeType = "dispute" | "fraud_warning";
export type DisputeOutcome = "won" | "lost";
export type FraudAction = "refunded" | "flagged";

export type DisputeSummary = {
  id: string;
  type: DisputeType;
  /** The provider's status (needs_response, under_review, won, lost...), or a warning's refunded / flagged. */
  status: string;
  reason: string | null;
  amountCents: number;
  currency: string;
  /** ISO dates. */
  evidenceDueAt: string | null;
  outcome: DisputeOutcome | null;
  fraudAction: FraudAction | null;
  submittedAt: string | null;
  closedAt: string | null;
  createdAt: string;
  order: { id: string; number: number; email: string } | null;
  /** A VIP payment's dispute: the member and the plan it paid for. */
  membership: DisputeMembership | null;
};

export type DisputeMembership = { userId: string; username: string; email: string; plan: "monthly" | "yearly" | null };

export type AccessLogEntry = {
  /** An order's log, or a VIP payment's facts (sign-up, verification, the payment, perks, mails) and streams. */
  kind:
    | "purchase"
    | "refund_policy"
    | "receipt"
    | "download"
    | "stream"
    | "check_in"
    | "shipping"
    | "sign_up"
    | "email_verified"
    | "vip_payment"
    | "perk"
    | "mail";
  at: string;
  ip: string | null;
  detail: Record<string, string | number | null> | null;
};

/** What the site assembled by itself; the provider's fields it fills on submission. */
export type DisputeEvidence = {
  customerEmailAddress: string;
  customerPurchaseIp: string | null;
  receipt: string;
  shippingTrackingNumber: string | null;
  shippingCarrier: string | null;
  refundPolicyDisclosure: string;
  accessActivityLog: string;
};

export type DisputeDetail = DisputeSummary & {
  note: string | null;
  /** The local test checkout may raise and close its disputes. */
  local: boolean;
  evidence: DisputeEvidence | null;
  accessLog: AccessLogEntry[];
};

export type DisputesListResponse = { disputes: DisputeSummary[]; local: boolean };
export type DisputeDetailResponse = { dispute: DisputeDetail };
