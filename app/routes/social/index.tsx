import { createFileRoute } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { ComingSoon } from "../../components/ComingSoon";
import { PageFrame } from "../../components/PageFrame";
import { requireSignedIn } from "../../features/auth/guards";

export const Route = createFileRoute("/social/")({
  beforeLoad: requireSignedIn,
  component: SocialFeed,
});

function SocialFeed() {
  return (
    <PageFrame
      title={<FormattedMessage id="pages.social.title" defaultMessage="Social Hub" />}
      intro={<FormattedMessage id="pages.social.intro" defaultMessage="Share posts, photos and comments with the community." />}
    >
      <ComingSoon what={<FormattedMessage id="pages.social.soon" defaultMessage="The community feed is on its way." />} />
    </PageFrame>
  );
}
