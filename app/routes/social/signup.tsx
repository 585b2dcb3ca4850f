import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { SignupPage } from "../../features/auth/SignupPage";
import { safeRedirect } from "../../features/auth/redirect";
import { usePageMeta } from "../../lib/usePageMeta";

type SignupSearch = { email?: string; redirect?: string };

/**
 * An invitation's link names the invited address (?email=...): the form starts with it filled in.
 * ?redirect= is where to go once signed up, kept only when it is a same-site path (as on sign-in).
 */
const parseSignupSearch = (search: Record<string, unknown>): SignupSearch => ({
  ...(typeof search.email === "string" && search.email.length <= 254 ? { email: search.email } : {}),
  redirect: safeRedirect(search.redirect),
});

export const Route = createFileRoute("/social/signup")({ validateSearch: parseSignupSearch, component: SignupRoute });

const meta = defineMessages({
  title: { id: "meta.signup.title", defaultMessage: "Create Your Account" },
  description: { id: "meta.signup.description", defaultMessage: "Create a free {brand} account: a social profile, the community feed, posts and comments." },
});

function SignupRoute() {
  usePageMeta(meta);
  const { email, redirect } = Route.useSearch();
  return <SignupPage initialEmail={email} redirectTo={redirect} />;
}
