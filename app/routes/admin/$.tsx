import { createFileRoute, redirect } from "@tanstack/react-router";

/** Unknown back-office paths go to the overview (docs/features.md#back-office-administrators). */
export const Route = createFileRoute("/admin/$")({
  beforeLoad: () => {
    throw redirect({ to: "/admin", replace: true });
  },
});
