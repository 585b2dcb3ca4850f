import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { channelsQueryOptions } from "../features/tv/queries";
import { TvPage } from "../features/tv/TvPage";
import { usePageMeta } from "../lib/usePageMeta";

type TvSearch = { channel?: string };

/** A channel id as the server accepts it (SLUG_PATTERN in worker/contracts/music/music.ts, which pulls zod in). */
const CHANNEL_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const Route = createFileRoute("/tv")({
  // ?channel=<id> links a channel; anything else is dropped and the first channel plays.
  validateSearch: (search: Record<string, unknown>): TvSearch =>
    typeof search.channel === "string" && search.channel.length <= 64 && CHANNEL_ID.test(search.channel) ? { channel: search.channel } : {},
  // Prefetch without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(channelsQueryOptions(context.locale?.() ?? "en")),
  component: Tv,
});

const meta = defineMessages({
  title: { id: "meta.tv.title", defaultMessage: "TV" },
  description: { id: "meta.tv.description", defaultMessage: "Music videos, live streams and behind-the-scenes footage of the artist." },
});

function Tv() {
  usePageMeta(meta);
  const { channel } = Route.useSearch();
  const navigate = useNavigate({ from: "/tv" });
  return <TvPage channelId={channel} onChoose={(id) => void navigate({ search: { channel: id }, replace: true, resetScroll: false })} />;
}
