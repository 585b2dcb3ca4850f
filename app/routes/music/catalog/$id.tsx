import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, useIntl } from "react-intl";
import { AlbumPage } from "../../../features/music/catalog/AlbumPage";
import { albumQueryOptions } from "../../../features/music/queries";
import { BuyRelease } from "../../../features/store/BuyRelease";
import { releaseProductsQueryOptions } from "../../../features/store/queries";
import { shareSummaryOf } from "../../../lib/shareSummary";
import { usePageMeta } from "../../../lib/usePageMeta";

export const Route = createFileRoute("/music/catalog/$id")({
  loader: ({ context, params }) => {
    const locale = context.locale?.() ?? "en";
    void context.queryClient.prefetchQuery(albumQueryOptions(params.id, locale));
    // The store's "Buy digital album" button, rendered by the server with the page.
    void context.queryClient.prefetchQuery(releaseProductsQueryOptions("album", params.id, locale));
  },
  component: AlbumDetail,
});

const meta = defineMessages({
  title: { id: "meta.album.title", defaultMessage: "Album" },
  named: { id: "meta.album.named", defaultMessage: "{album} ({year})" },
  description: { id: "meta.album.description", defaultMessage: "Album details and track list from the artist's music catalog." },
  /** An album with notes describes itself by their start. */
  described: { id: "meta.album.described", defaultMessage: "{summary}" },
});

function AlbumDetail() {
  const { id } = Route.useParams();
  const album = useQuery(albumQueryOptions(id, useIntl().locale)).data?.album;
  const summary = album?.notes ? shareSummaryOf(album.notes) : "";
  usePageMeta({
    ...meta,
    description: summary ? meta.described : meta.description,
    descriptionValues: summary ? { summary } : undefined,
    title: album ? meta.named : meta.title,
    titleValues: album ? { album: album.title, year: album.year } : undefined,
    image: album?.coverUrl ? { url: album.coverUrl } : undefined,
    type: "music.album",
  });
  return <AlbumPage albumId={id} buy={<BuyRelease kind="album" id={id} />} />;
}
