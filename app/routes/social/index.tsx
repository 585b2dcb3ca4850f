import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { requireSignedIn } from "../../lib/session/guards";
import { FeedPage } from "../../features/feed/FeedPage";
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
  return <FeedPage />;
}
