import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { EmptyState } from "../../components/EmptyState";
import { PageFrame } from "../../components/PageFrame";
import { requireSignedIn } from "../../features/auth/guards";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/music/favorites")({
  beforeLoad: requireSignedIn,
  component: Favorites,
});

const meta = defineMessages({
  title: { id: "meta.favorites.title", defaultMessage: "Favorite Tracks" },
});

function Favorites() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="pages.favorites.title" defaultMessage="Favorite Tracks" />}
      intro={<FormattedMessage id="pages.favorites.intro" defaultMessage="Your Collection" />}
    >
      <EmptyState
        icon="heart"
        title={<FormattedMessage id="pages.favorites.empty" defaultMessage="No favorite tracks yet" />}
        hint={<FormattedMessage id="pages.favorites.emptyHint" defaultMessage="Start adding tracks to your favorites" />}
      />
    </PageFrame>
  );
}
