import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { TrackEmbed } from "../../../features/music/embed/EmbedPlayer";
import { trackQueryOptions } from "../../../features/music/queries";
import { usePageMeta } from "../../../lib/usePageMeta";

export const Route = createFileRoute("/embed/track/$trackId")({
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(trackQueryOptions(params.trackId)),
  component: EmbeddedTrack,
});

const meta = defineMessages({
  title: { id: "meta.embed.track", defaultMessage: "{track} · Preview" },
  description: { id: "meta.embed.description", defaultMessage: "Listen to a 30-second preview on {brand}." },
});

/** A track's preview player for other sites' pages: no header, no session. */
function EmbeddedTrack() {
  const { trackId } = Route.useParams();
  const track = useQuery(trackQueryOptions(trackId)).data?.track;
  usePageMeta({ ...meta, titleValues: { track: track?.title ?? "" } });
  return <TrackEmbed trackId={trackId} />;
}
