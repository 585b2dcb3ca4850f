import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { ContestPage } from "../../features/contests/ContestPage";
import { usePageMeta } from "../../lib/usePageMeta";

/** A remix contest: open to everyone (the Worker decides who may vote). Rendered in the browser. */
export const Route = createFileRoute("/contests/$contest")({
  component: ContestRoute,
});

const meta = defineMessages({
  title: { id: "meta.contest.title", defaultMessage: "Remix contest" },
});

function ContestRoute() {
  usePageMeta(meta);
  const { contest } = Route.useParams();
  return <ContestPage contestId={contest} />;
}
