// Cancelling an event: the limits and English texts that the tables of route and validation codes name, zod-free:
// the Worker's start-up reads those tables, and no schema is built for them (decision 078).
// event-cancellation.ts re-exports them.

/** English texts of the part's refusals (route-codes.ts). */
export const EVENT_CANCEL_MESSAGES = {
  buyersChanged: "The number of buyers changed since you looked: check the new figures and confirm again",
  alreadyCancelled: "This event is already cancelled",
  hasTicketSales: "This event sold tickets: cancel it with Cancel event, which refunds its buyers and tells them",
  nothingToRetry: "No refund of this event's cancellation failed",
} as const;
