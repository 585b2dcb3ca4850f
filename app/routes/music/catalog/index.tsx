import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { Loading } from "../../../components/Loading";
import { CatalogPage } from "../../../features/music/catalog/CatalogPage";
import { albumsQueryOptions } from "../../../features/music/queries";
import { usePageMeta } from "../../../lib/usePageMeta";

export const Route = createFileRoute("/music/catalog/")({
  // The first render waits for the albums (the Worker's HTML asked for them with the page), so the
  // grid comes with the page, not after a loading line and a second render; an answer slower than
  // half a second shows the spinner meanwhile (the shell's own: the page's code stays in its chunk).
  loader: ({ context }) => context.queryClient.prefetchQuery(albumsQueryOptions()),
  pendingMs: 500,
  pendingComponent: () => <Loading />,
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
