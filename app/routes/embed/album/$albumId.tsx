import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, useIntl } from "react-intl";
import { AlbumEmbed } from "../../../features/music/embed/EmbedPlayer";
import { albumQueryOptions } from "../../../features/music/queries";
import { usePageMeta } from "../../../lib/usePageMeta";

export const Route = createFileRoute("/embed/album/$albumId")({
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(albumQueryOptions(params.albumId, context.locale?.() ?? "en")),
  component: EmbeddedAlbum,
});

const meta = defineMessages({
  title: { id: "meta.embed.album", defaultMessage: "{album} · Previews" },
  description: { id: "meta.embed.description", defaultMessage: "Listen to a 30-second preview on {brand}." },
});

/** An album's preview player for other sites' pages: no header, no session. */
function EmbeddedAlbum() {
  const { albumId } = Route.useParams();
  const album = useQuery(albumQueryOptions(albumId, useIntl().locale)).data?.album;
  usePageMeta({ ...meta, titleValues: { album: album?.title ?? "" } });
  return <AlbumEmbed albumId={albumId} />;
}
