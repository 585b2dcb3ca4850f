import { createFileRoute, Link } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../../components/PageFrame";
import { CatalogOnItsWay } from "../../../features/shell/CatalogOnItsWay";
import { usePageMeta } from "../../../lib/usePageMeta";

export const Route = createFileRoute("/music/track/$trackId")({ component: SharedTrack });

const meta = defineMessages({
  title: { id: "meta.track.title", defaultMessage: "Shared Track" },
  description: { id: "meta.track.description", defaultMessage: "A track from the artist's catalog, shared by a fan. Listen on {brand}." },
});

/** Shareable track link: open to everyone. */
function SharedTrack() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="pages.track.title" defaultMessage="Shared Track" />}
      intro={<FormattedMessage id="pages.track.intro" defaultMessage="A track shared by a fan." />}
    >
      <CatalogOnItsWay />
      <p>
        <Link to="/music" className="btn btn-ghost btn-sm">
          <FormattedMessage id="pages.track.toHub" defaultMessage="Go to the Music Hub" />
        </Link>
      </p>
    </PageFrame>
  );
}
