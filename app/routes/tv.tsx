import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { ComingSoon } from "../components/ComingSoon";
import { VipGate } from "../components/Gate";
import { PageFrame } from "../components/PageFrame";
import { usePageMeta } from "../lib/usePageMeta";

export const Route = createFileRoute("/tv")({ component: Tv });

const meta = defineMessages({
  title: { id: "meta.tv.title", defaultMessage: "TV" },
  description: { id: "meta.tv.description", defaultMessage: "Music videos, live streams and behind-the-scenes footage of the artist." },
});

function Tv() {
  usePageMeta(meta);
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
