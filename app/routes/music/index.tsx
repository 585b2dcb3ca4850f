import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { MusicHubPage } from "../../features/music/catalog/MusicHubPage";
import { tracksQueryOptions } from "../../features/music/queries";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/music/")({
  // Prefetch without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(tracksQueryOptions()),
  component: MusicHub,
});

const meta = defineMessages({
  title: { id: "meta.music.title", defaultMessage: "Music Hub" },
  description: {
    id: "meta.music.description",
    defaultMessage: "Stream the artist's catalog, build playlists and keep your favorite tracks in the {brand} Music Hub.",
  },
});

/** Everyone may open the hub; playing is for VIP members and admins. */
function MusicHub() {
  usePageMeta(meta);
  return <MusicHubPage />;
}
