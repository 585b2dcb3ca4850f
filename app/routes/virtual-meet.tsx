import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { ComingSoon } from "../components/ComingSoon";
import { PageFrame } from "../components/PageFrame";
import { usePageMeta } from "../lib/usePageMeta";

export const Route = createFileRoute("/virtual-meet")({ component: VirtualMeet });

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
      <ComingSoon />
    </PageFrame>
  );
}
