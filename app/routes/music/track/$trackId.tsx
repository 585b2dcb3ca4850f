import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { isComing } from "../../../features/music/catalog/ReleaseNote";
import { TrackPage } from "../../../features/music/catalog/TrackPage";
import { trackQueryOptions } from "../../../features/music/queries";
import { BuyRelease } from "../../../features/store/BuyRelease";
import { releaseProductsQueryOptions } from "../../../features/store/queries";
import { usePageMeta } from "../../../lib/usePageMeta";

export const Route = createFileRoute("/music/track/$trackId")({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(trackQueryOptions(params.trackId));
    // The store's "Buy track" button, rendered by the server with the page.
    void context.queryClient.prefetchQuery(releaseProductsQueryOptions("track", params.trackId, context.locale?.() ?? "en"));
  },
  component: SharedTrack,
});

const meta = defineMessages({
  title: { id: "meta.track.title", defaultMessage: "Shared Track" },
  named: { id: "meta.track.named", defaultMessage: "{track} · {album}" },
  description: { id: "meta.track.description", defaultMessage: "A track from the artist's catalog, shared by a fan. Listen on {brand}." },
  /** A track describes itself by its album and year; before its release, by its album alone. */
  fromAlbum: { id: "meta.track.fromAlbum", defaultMessage: "From {album} ({year}). Listen on {brand}." },
  fromComingAlbum: { id: "meta.track.fromComingAlbum", defaultMessage: "From {album}. Listen on {brand}." },
});

/** Shareable track link: open to everyone; the Worker adds its share tags to the HTML. */
function SharedTrack() {
  const { trackId } = Route.useParams();
  const track = useQuery(trackQueryOptions(trackId)).data?.track;
  usePageMeta({
    ...meta,
    title: track ? meta.named : meta.title,
    titleValues: track ? { track: track.title, album: track.albumTitle } : undefined,
    description: !track ? meta.description : isComing(track) ? meta.fromComingAlbum : meta.fromAlbum,
    descriptionValues: track ? { album: track.albumTitle, year: track.albumYear } : undefined,
    image: track?.coverUrl ? { url: track.coverUrl } : undefined,
    type: "music.song",
  });
  return <TrackPage trackId={trackId} buy={<BuyRelease kind="track" id={trackId} />} />;
}
