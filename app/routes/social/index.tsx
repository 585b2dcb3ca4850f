import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { ComingSoon } from "../../components/ComingSoon";
import { PageFrame } from "../../components/PageFrame";
import { requireSignedIn } from "../../features/auth/guards";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/social/")({
  beforeLoad: requireSignedIn,
  component: SocialFeed,
});

const meta = defineMessages({
  title: { id: "meta.social.title", defaultMessage: "Social Hub" },
  description: { id: "meta.social.description", defaultMessage: "Share posts, photos and comments with the {brand} community." },
});

function SocialFeed() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="pages.social.title" defaultMessage="Social Hub" />}
      intro={<FormattedMessage id="pages.social.intro" defaultMessage="Share posts, photos and comments with the community." />}
    >
      <ComingSoon what={<FormattedMessage id="pages.social.soon" defaultMessage="The community feed is on its way." />} />
    </PageFrame>
  );
}
