import { createFileRoute } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { ComingSoon } from "../components/ComingSoon";
import { PageFrame } from "../components/PageFrame";

export const Route = createFileRoute("/virtual-meet")({ component: VirtualMeet });

function VirtualMeet() {
  return (
    <PageFrame
      title={<FormattedMessage id="pages.virtualMeet.title" defaultMessage="Virtual Meet" />}
      intro={<FormattedMessage id="pages.virtualMeet.intro" defaultMessage="Live video meet-ups with the artist and fellow fans." />}
    >
      <ComingSoon />
    </PageFrame>
  );
}
