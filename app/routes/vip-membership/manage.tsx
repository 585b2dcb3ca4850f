import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "../../features/auth/guards";
import { ManageMembershipPage } from "../../features/payments/ManageMembershipPage";

// The local stand-in for Stripe's Customer Portal (TEST MODE).
export const Route = createFileRoute("/vip-membership/manage")({
  beforeLoad: requireSignedIn,
  component: ManageMembershipPage,
});
