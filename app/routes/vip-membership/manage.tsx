import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { requireSignedIn } from "../../lib/session/guards";
import { ManageMembershipPage } from "../../features/payments/ManageMembershipPage";
import { usePageMeta } from "../../lib/usePageMeta";

// The local stand-in for Stripe's Customer Portal (TEST MODE).
export const Route = createFileRoute("/vip-membership/manage")({
  beforeLoad: requireSignedIn,
  component: ManageMembershipRoute,
});

const meta = defineMessages({
  title: { id: "meta.manageMembership.title", defaultMessage: "Manage Membership" },
});

function ManageMembershipRoute() {
  usePageMeta(meta);
  return <ManageMembershipPage />;
}
