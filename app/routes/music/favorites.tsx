import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { requireSignedIn } from "../../lib/session/guards";
import { favoritesQueryOptions } from "../../features/music/collections/favorites";
import { FavoritesPage } from "../../features/music/collections/FavoritesPage";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/music/favorites")({
  // A visitor goes to /social/login first, and comes back here after signing in.
  beforeLoad: requireSignedIn,
  // Prefetch without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(favoritesQueryOptions()),
  component: Favorites,
});

const meta = defineMessages({
  title: { id: "meta.favorites.title", defaultMessage: "Favorite Tracks" },
});

function Favorites() {
  usePageMeta(meta);
  return <FavoritesPage />;
}
