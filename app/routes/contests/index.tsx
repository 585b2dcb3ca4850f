import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import { ContestsListPage } from "../../features/contests/ContestsListPage";
import { usePageMeta } from "../../lib/usePageMeta";

// The remix contests that have opened, for everyone. Rendered in the browser, as each contest's page is.
export const Route = createFileRoute("/contests/")({
  component: Contests,
});

const meta = defineMessages({
  title: { id: "meta.contests.title", defaultMessage: "Remix contests" },
});

function Contests() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="pages.contests.title" defaultMessage="Remix contests" />}
      intro={
        <FormattedMessage id="pages.contests.intro" defaultMessage="Remix the artist's tracks, listen to other fans' remixes and vote for your favourites." />
      }
    >
      <ContestsListPage />
    </PageFrame>
  );
}
