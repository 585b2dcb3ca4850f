import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { LoginPage } from "../../features/auth/LoginPage";
import { parseLoginSearch } from "../../features/auth/redirect";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/social/login")({
  validateSearch: parseLoginSearch,
  component: LoginRoute,
});

const meta = defineMessages({
  title: { id: "meta.login.title", defaultMessage: "Sign In" },
  description: { id: "meta.login.description", defaultMessage: "Sign in to {brand} to reach your profile, the community and your VIP membership." },
});

function LoginRoute() {
  usePageMeta(meta);
  const { redirect, reset } = Route.useSearch();
  return <LoginPage redirectTo={redirect} passwordChanged={reset === "done"} />;
}
