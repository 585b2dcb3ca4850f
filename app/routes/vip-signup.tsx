import { createFileRoute } from "@tanstack/react-router";
import { VipSignupPage } from "../features/payments/VipSignupPage";

// Open to everyone; paying needs a signed-in member (the page sends visitors to sign in).
export const Route = createFileRoute("/vip-signup")({ component: VipSignupPage });
