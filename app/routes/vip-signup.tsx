import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { VIP_PLANS, type VipPlan } from "#contracts/vip-plans.ts";
import { VIP_TIER_ID } from "#contracts/tiers/tiers.ts";
import { VipSignupPage } from "../features/payments/VipSignupPage";
import { TierJoinPage } from "../features/payments/TierJoinPage";
import { OfferCard } from "../features/offers/OfferCard";
import { usePageMeta } from "../lib/usePageMeta";

/** `tier`: the tier a card's Join sells (VIP when left out); `plan`: the plan its visitor chose before signing in. */
export type VipSignupSearch = { tier?: string; plan?: VipPlan };

// Both keys are always returned (undefined when unreadable), so nothing unchecked is merged in.
const parseVipSignupSearch = (search: Record<string, unknown>): VipSignupSearch => ({
  tier: typeof search.tier === "string" && /^[a-z0-9-]{1,64}$/.test(search.tier) ? search.tier : undefined,
  plan: VIP_PLANS.find((plan) => plan === search.plan),
});

// Open to everyone; paying needs a signed-in member (the page sends visitors to sign in).
export const Route = createFileRoute("/vip-signup")({ validateSearch: parseVipSignupSearch, component: VipSignupRoute });

const meta = defineMessages({
  title: { id: "meta.vipSignup.title", defaultMessage: "Become a VIP Member" },
  description: {
    id: "meta.vipSignup.description",
    defaultMessage: "VIP membership: early access to new music, the full catalog, radio and TV, virtual meets and priority event access.",
  },
});

function VipPage() {
  usePageMeta(meta);
  return <VipSignupPage offer={<OfferCard />} />;
}

function VipSignupRoute() {
  const { tier, plan } = Route.useSearch();
  if (tier && tier !== VIP_TIER_ID) return <TierJoinPage tierId={tier} plan={plan} />;
  return <VipPage />;
}
