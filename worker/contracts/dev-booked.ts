// What the Worker booked for one buyer, as the local-only GET /api/dev/booked?email= reads it
// (decision 153): the journeys compare it with what the page showed before Pay.

export type BookedSubscription = { tierId: string; plan: string | null; status: string; priceCents: number | null; currency: string | null };
export type BookedPayment = { amountCents: number; taxCents: number; currency: string; taxJurisdiction: string | null };
export type BookedOrder = { number: number; totalCents: number; taxCents: number; currency: string; status: string; taxCountry: string | null };
export type BookedRevenue = { source: string; amountCents: number; taxCents: number; currency: string; taxJurisdiction: string | null };

/** Oldest first within each list. */
export type BookedResponse = { subscriptions: BookedSubscription[]; payments: BookedPayment[]; orders: BookedOrder[]; revenue: BookedRevenue[] };
