import { createFileRoute } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { ComingSoon } from "../components/ComingSoon";
import { VipGate } from "../components/Gate";
import { PageFrame } from "../components/PageFrame";

export const Route = createFileRoute("/tv")({ component: Tv });

function Tv() {
  return (
    <PageFrame
      title={<FormattedMessage id="pages.tv.title" defaultMessage="TV" />}
      intro={<FormattedMessage id="pages.tv.intro" defaultMessage="Music videos, live streams and behind-the-scenes footage." />}
    >
      <VipGate>
        <ComingSoon what={<FormattedMessage id="pages.tv.soon" defaultMessage="The TV player is on its way." />} />
      </VipGate>
    </PageFrame>
  );
}
