import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { SignupPage } from "../../features/auth/SignupPage";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/social/signup")({ component: SignupRoute });

const meta = defineMessages({
  title: { id: "meta.signup.title", defaultMessage: "Create Your Account" },
  description: { id: "meta.signup.description", defaultMessage: "Create a free {brand} account: a social profile, the community feed, posts and comments." },
});

function SignupRoute() {
  usePageMeta(meta);
  return <SignupPage />;
}
