import { createFileRoute, redirect } from "@tanstack/react-router";

/** Unknown back-office paths go to the overview (back-office.md route table). */
export const Route = createFileRoute("/admin/$")({
  beforeLoad: () => {
    throw redirect({ to: "/admin", replace: true });
  },
});
