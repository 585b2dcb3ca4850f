// The membership ladder on the pages: the tiers as everyone sees them, a held tier's name, and the
// one currency per visitor (docs/features.md#membership-tiers): every card on the ladder and the
// checkout show and charge the same one, whatever the reader's language. VIP is sold only in its
// configured currency, so that is the one the whole ladder can be charged in; an admin tier not
// sold in it at all shows (and sells in) the one it is sold in.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { api } from "../api";
import { TIERS_API, type PublicTiersResponse } from "#contracts/tiers/limits.ts";
import type { TierView } from "#contracts/tiers/tiers.ts";
import { tierName } from "../../components/TierBadge";

/** The membership ladder as everyone sees it (GET /api/tiers): the same answer for every visitor and language. */
export const tiersQueryOptions = () =>
  queryOptions({
    queryKey: ["tiers", "ladder"] as const,
    queryFn: ({ signal }) => api<PublicTiersResponse>(TIERS_API, { signal }),
    staleTime: 60_000,
  });

/** A held tier's name in the reader's language (null until the ladder loads, or for a tier it lacks). */
export function useTierName(tierId: string | null | undefined): string | null {
  const intl = useIntl();
  const ladder = useQuery({ ...tiersQueryOptions(), enabled: Boolean(tierId) });
  const tier = ladder.data?.tiers.find((t) => t.id === tierId);
  return tier ? tierName(intl.locale, tier) : null;
}
export type Currency = "USD" | "BRL";
export type Priced = { monthly: number | null; yearly: number | null; currency: Currency };

/** The currency every visitor is shown and charged in: VIP's configured one. */
export const visitorCurrency = (vipCurrency: string): Currency => (vipCurrency.toUpperCase() === "BRL" ? "BRL" : "USD");

function pricesIn(tier: TierView, currency: Currency): Priced {
  return currency === "BRL"
    ? { monthly: tier.prices.monthlyBrl, yearly: tier.prices.yearlyBrl, currency }
    : { monthly: tier.prices.monthlyUsd, yearly: tier.prices.yearlyUsd, currency };
}

const isSold = (priced: Priced) => priced.monthly !== null || priced.yearly !== null;

/** A tier's prices for a visitor charged in `currency`, else in the other currency; null: not priced at all. */
export function tierPricesFor(tier: TierView, currency: Currency): Priced | null {
  const own = pricesIn(tier, currency);
  if (isSold(own)) return own;
  const other = pricesIn(tier, currency === "BRL" ? "USD" : "BRL");
  return isSold(other) ? other : null;
}
