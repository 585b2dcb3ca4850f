import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../components/PageFrame";
import { virtualMeetsQueryOptions } from "../features/events/queries";
import { VirtualMeetPage } from "../features/events/VirtualMeetPage";
import { usePageMeta } from "../lib/usePageMeta";

export const Route = createFileRoute("/virtual-meet")({
  // Prefetch without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(virtualMeetsQueryOptions(context.locale?.() ?? "en")),
  component: VirtualMeet,
});

const meta = defineMessages({
  title: { id: "meta.virtualMeet.title", defaultMessage: "Virtual Meet" },
  description: { id: "meta.virtualMeet.description", defaultMessage: "Live video meet-ups with the artist and fellow fans." },
});

function VirtualMeet() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="pages.virtualMeet.title" defaultMessage="Virtual Meet" />}
      intro={<FormattedMessage id="pages.virtualMeet.intro" defaultMessage="Live video meet-ups with the artist and fellow fans." />}
    >
      <VirtualMeetPage />
    </PageFrame>
  );
}
