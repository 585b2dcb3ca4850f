import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, useIntl } from "react-intl";
import { AlbumPage } from "../../../features/music/catalog/AlbumPage";
import { albumQueryOptions } from "../../../features/music/queries";
import { usePageMeta } from "../../../lib/usePageMeta";

export const Route = createFileRoute("/music/catalog/$id")({
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(albumQueryOptions(params.id, context.locale?.() ?? "en")),
  component: AlbumDetail,
});

const meta = defineMessages({
  title: { id: "meta.album.title", defaultMessage: "Album" },
  named: { id: "meta.album.named", defaultMessage: "{album} ({year})" },
  description: { id: "meta.album.description", defaultMessage: "Album details and track list from the artist's music catalog." },
});

function AlbumDetail() {
  const { id } = Route.useParams();
  const album = useQuery(albumQueryOptions(id, useIntl().locale)).data?.album;
  usePageMeta({
    ...meta,
    title: album ? meta.named : meta.title,
    titleValues: album ? { album: album.title, year: album.year } : undefined,
    image: album?.coverUrl ? { url: album.coverUrl } : undefined,
    type: "music.album",
  });
  return <AlbumPage albumId={id} />;
}
