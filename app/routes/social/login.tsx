import { createFileRoute } from "@tanstack/react-router";
import { LoginPage } from "../../features/auth/LoginPage";
import { parseLoginSearch } from "../../features/auth/redirect";

export const Route = createFileRoute("/social/login")({
  validateSearch: parseLoginSearch,
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  return <LoginPage redirectTo={redirect} />;
}
