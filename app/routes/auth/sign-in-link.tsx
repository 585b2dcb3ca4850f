import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { SignInLinkPage } from "../../features/auth/SignInLinkPage";
import { usePageMeta } from "../../lib/usePageMeta";

/** Query of the link in the sign-in mail: /auth/sign-in-link?token=…. */
type SignInLinkSearch = { token?: string };

export const Route = createFileRoute("/auth/sign-in-link")({
  // Always returned so a non-string raw value cannot leak through the router's merge.
  validateSearch: (search: Record<string, unknown>): SignInLinkSearch => ({ token: typeof search.token === "string" ? search.token : undefined }),
  component: SignInLinkRoute,
});

const meta = defineMessages({
  title: { id: "meta.signInLink.title", defaultMessage: "Sign in with a link" },
});

function SignInLinkRoute() {
  usePageMeta(meta);
  return <SignInLinkPage token={Route.useSearch().token} />;
}
