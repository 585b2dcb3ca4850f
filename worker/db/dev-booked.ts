// The local-only read of what was booked for one buyer's address (decision 153): the account's
// subscriptions and membership payments, the orders bought with that address (signed in or not),
// and the revenue rows of either. Only the journeys' local server serves it (routes/dev.ts).
import { asc, eq, inArray, or, sql } from "drizzle-orm";
import type { DB } from "./client";
import { users } from "./schema/accounts";
import { subscriptions, vipPayments } from "./schema/vip";
import { orders, revenueEntries } from "./schema/store";
import type { BookedResponse } from "#contracts/dev-booked.ts";

export async function readBooked(db: DB, email: string): Promise<BookedResponse> {
  const address = email.trim().toLowerCase();
  const account = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${address}`)
    .get();
  const userId = account?.id ?? null;
  const bought = await db
    .select({
      id: orders.id,
      number: orders.number,
      totalCents: orders.totalCents,
      taxCents: orders.taxCents,
      currency: orders.currency,
      status: orders.status,
      taxCountry: orders.taxCountry,
    })
    .from(orders)
    .where(userId ? or(sql`lower(${orders.email}) = ${address}`, eq(orders.userId, userId)) : sql`lower(${orders.email}) = ${address}`)
    .orderBy(asc(orders.number));
  const orderIds = bought.map((o) => o.id);
  const revenueOf = [...(userId ? [eq(revenueEntries.userId, userId)] : []), ...(orderIds.length ? [inArray(revenueEntries.orderId, orderIds)] : [])];
  const revenue = revenueOf.length
    ? await db
        .select({
          source: revenueEntries.source,
          amountCents: revenueEntries.amountCents,
          taxCents: revenueEntries.taxCents,
          currency: revenueEntries.currency,
          taxJurisdiction: revenueEntries.taxJurisdiction,
        })
        .from(revenueEntries)
        .where(or(...revenueOf))
        .orderBy(asc(revenueEntries.id))
    : [];
  if (!userId) return { subscriptions: [], payments: [], orders: bought.map(({ id: _, ...o }) => o), revenue };
  const subs = await db
    .select({
      tierId: subscriptions.tierId,
      plan: subscriptions.plan,
      status: subscriptions.status,
      priceCents: subscriptions.priceCents,
      currency: subscriptions.priceCurrency,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.createdAt));
  const payments = await db
    .select({
      amountCents: vipPayments.amountCents,
      taxCents: vipPayments.taxCents,
      currency: vipPayments.currency,
      taxJurisdiction: vipPayments.taxJurisdiction,
    })
    .from(vipPayments)
    .where(eq(vipPayments.userId, userId))
    .orderBy(asc(vipPayments.paidAt));
  return { subscriptions: subs, payments, orders: bought.map(({ id: _, ...o }) => o), revenue };
}
