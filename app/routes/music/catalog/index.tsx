import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { CatalogPage } from "../../../features/music/catalog/CatalogPage";
import { albumsQueryOptions } from "../../../features/music/queries";
import { usePageMeta } from "../../../lib/usePageMeta";

export const Route = createFileRoute("/music/catalog/")({
  loader: ({ context }) => void context.queryClient.prefetchQuery(albumsQueryOptions()),
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
