import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { VipSignupPage } from "../features/payments/VipSignupPage";
import { OfferCard } from "../features/offers/OfferCard";
import { usePageMeta } from "../lib/usePageMeta";

// Open to everyone; paying needs a signed-in member (the page sends visitors to sign in).
export const Route = createFileRoute("/vip-signup")({ component: VipSignupRoute });

const meta = defineMessages({
  title: { id: "meta.vipSignup.title", defaultMessage: "Become a VIP Member" },
  description: {
    id: "meta.vipSignup.description",
    defaultMessage: "VIP membership: early access to new music, the full catalog, radio and TV, virtual meets and priority event access.",
  },
});

function VipSignupRoute() {
  usePageMeta(meta);
  return <VipSignupPage offer={<OfferCard />} />;
}
