import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { CheckInPage } from "../features/check-in/CheckInPage";
import { requireSignedIn } from "../lib/session/guards";
import { usePageMeta } from "../lib/usePageMeta";

// The door (decision 027): door staff and administrators. Visitors are sent to sign in; other
// members see the page's refusal (the Worker refuses them the data: 403 door_staff_required).
export const Route = createFileRoute("/check-in")({
  beforeLoad: requireSignedIn,
  component: CheckIn,
});

const meta = defineMessages({
  title: { id: "meta.checkIn.title", defaultMessage: "Door check-in" },
});

function CheckIn() {
  usePageMeta(meta);
  return <CheckInPage />;
}
