import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../components/PageFrame";
import { CollectionPage } from "../features/collection/CollectionPage";
import { collectionQueryOptions } from "../features/collection/queries";
import { PlayReleaseButton } from "../features/music/player/PlayReleaseButton";
import { requireSignedIn } from "../lib/session/guards";
import { usePageMeta } from "../lib/usePageMeta";

/** A claim mail's link (?claim=<token>) or a dead download link sent back here (?download=<code>). */
type CollectionSearch = { claim?: string; download?: string };
const text = (value: unknown) => (typeof value === "string" && value.length <= 200 ? value : undefined);

// What the member bought (decision 054). A visitor signs in first and comes back here (a claim
// link's token with them); the Worker answers only the signed-in member's own rows.
export const Route = createFileRoute("/collection")({
  validateSearch: (search: Record<string, unknown>): CollectionSearch => ({ claim: text(search.claim), download: text(search.download) }),
  beforeLoad: requireSignedIn,
  // Prefetch without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(collectionQueryOptions()),
  component: Collection,
});

const meta = defineMessages({
  title: { id: "meta.collection.title", defaultMessage: "Your collection" },
});

function Collection() {
  usePageMeta(meta);
  const { claim, download } = Route.useSearch();
  const navigate = Route.useNavigate();
  // The token is spent: a reload must not post it again.
  const claimHandled = useCallback(() => void navigate({ search: (prev) => ({ ...prev, claim: undefined }), replace: true }), [navigate]);
  return (
    <PageFrame
      title={<FormattedMessage id="pages.collection.title" defaultMessage="Your collection" />}
      intro={<FormattedMessage id="pages.collection.intro" defaultMessage="The music you bought, to download and play, your orders and your gift codes." />}
    >
      <CollectionPage
        claimToken={claim}
        downloadError={download}
        onClaimHandled={claimHandled}
        playButton={({ release, playLabel, pauseLabel }) => <PlayReleaseButton tracks={release.tracks} playLabel={playLabel} pauseLabel={pauseLabel} />}
      />
    </PageFrame>
  );
}
