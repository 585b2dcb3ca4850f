import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, useIntl } from "react-intl";
import { ContestPage } from "../../features/contests/ContestPage";
import { contestQueryOptions } from "../../features/contests/queries";
import { shareSummaryOf } from "../../lib/shareSummary";
import { usePageMeta } from "../../lib/usePageMeta";
import type { Locale } from "#contracts/locale.ts";

// A remix contest, open to everyone (the Worker decides who may download, enter and vote). The
// Worker renders it with its texts and share tags, so a shared link unfurls with the contest's
// title, brief and cover; the entries, in this listener's own order, arrive in the browser.
export const Route = createFileRoute("/contests/$contest")({
  // An error stays in the cache: the page shows it, and the server answers 404 for a missing contest.
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(contestQueryOptions(params.contest, context.locale?.() ?? "en")),
  component: ContestRoute,
});

const meta = defineMessages({
  title: { id: "meta.contest.title", defaultMessage: "Remix contest" },
  named: { id: "meta.contest.named", defaultMessage: "{contest} · Remix contest" },
  description: { id: "meta.contest.description", defaultMessage: "Remix the artist's tracks, hear the other fans' remixes and vote for your favourites." },
  described: { id: "meta.contest.described", defaultMessage: "{summary}" },
});

function ContestRoute() {
  const { contest: id } = Route.useParams();
  const contest = useQuery(contestQueryOptions(id, useIntl().locale as Locale)).data?.contest;
  const summary = contest ? shareSummaryOf(contest.brief) : "";
  usePageMeta({
    title: contest ? meta.named : meta.title,
    titleValues: contest ? { contest: contest.title } : undefined,
    description: summary ? meta.described : meta.description,
    descriptionValues: summary ? { summary } : undefined,
    image: contest?.coverUrl ? { url: contest.coverUrl } : undefined,
  });
  return <ContestPage contestId={id} />;
}
