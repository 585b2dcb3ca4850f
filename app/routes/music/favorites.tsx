import { createFileRoute } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { EmptyState } from "../../components/EmptyState";
import { PageFrame } from "../../components/PageFrame";
import { requireSignedIn } from "../../features/auth/guards";

export const Route = createFileRoute("/music/favorites")({
  beforeLoad: requireSignedIn,
  component: Favorites,
});

function Favorites() {
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
