import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { CatalogPage } from "../../../features/music/catalog/CatalogPage";
import { albumsQueryOptions } from "../../../features/music/queries";
import { usePageMeta } from "../../../lib/usePageMeta";

export const Route = createFileRoute("/music/catalog/")({
  // The first render waits for the albums (the Worker's HTML asked for them with the page), so the
  // grid comes with the page, not after a loading line and a second render; an answer slower than
  // half a second shows the page with its own loading state meanwhile.
  loader: ({ context }) => context.queryClient.prefetchQuery(albumsQueryOptions()),
  pendingMs: 500,
  pendingComponent: MusicCatalog,
  component: MusicCatalog,
});

const meta = defineMessages({
  title: { id: "meta.catalog.title", defaultMessage: "Music Catalog" },
  description: {
    id: "meta.catalog.description",
    defaultMessage: "Every album and single from across the artist's career, with release years and track lists.",
  },
});

function MusicCatalog() {
  usePageMeta(meta);
  return <CatalogPage />;
}
