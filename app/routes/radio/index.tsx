import { createFileRoute } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { ComingSoon } from "../../components/ComingSoon";
import { VipGate } from "../../components/Gate";
import { PageFrame } from "../../components/PageFrame";

export const Route = createFileRoute("/radio/")({ component: Radio });

function Radio() {
  return (
    <PageFrame
      title={<FormattedMessage id="pages.radio.title" defaultMessage="Radio" />}
      intro={<FormattedMessage id="pages.radio.intro" defaultMessage="Freestyle and dance classics, commercial-free, around the clock." />}
    >
      <VipGate>
        <ComingSoon what={<FormattedMessage id="pages.radio.soon" defaultMessage="The radio player is on its way." />} />
      </VipGate>
    </PageFrame>
  );
}
