// VIP payments: the limits and English texts that the tables of route and validation codes name, zod-free:
// the Worker's start-up reads those tables, and no schema is built for them (decision 078).
// payments.ts re-exports them.

/** The spec's texts; the SPA translates them by code, these are the English fallbacks. */
export const PAYMENT_MESSAGES = {
  failed: "Payment failed. Please try again.",
  alreadyVip: "You are already a VIP member. Your membership is shown on your profile.",
  noMembership: "You don't have a membership to manage.",
  portalFailed: "Could not open membership management. Please try again.",
  checkoutFinished: "This checkout is already finished.",
  unavailable: "Payments are not available right now. Please try again later.",
  planUnchanged: "Your membership is already on that plan.",
} as const;
