import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { ResetPasswordPage } from "../../features/auth/ResetPasswordPage";
import { usePageMeta } from "../../lib/usePageMeta";

/** Query of the link in the reset e-mail: /auth/reset-password?token=…&type=recovery. */
type ResetSearch = { token?: string; type?: string };

const asString = (value: unknown) => (typeof value === "string" ? value : undefined);

export const Route = createFileRoute("/auth/reset-password")({
  // Both keys are always returned so a non-string raw value cannot leak through the router's merge.
  validateSearch: (search: Record<string, unknown>): ResetSearch => ({ token: asString(search.token), type: asString(search.type) }),
  component: ResetPasswordRoute,
});

const meta = defineMessages({
  title: { id: "meta.resetPassword.title", defaultMessage: "Reset Password" },
});

function ResetPasswordRoute() {
  usePageMeta(meta);
  const { token } = Route.useSearch();
  return <ResetPasswordPage token={token} />;
}
