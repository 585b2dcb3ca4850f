import { createFileRoute, Link } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { PageFrame } from "../../../components/PageFrame";
import { CatalogOnItsWay } from "../../../features/shell/CatalogOnItsWay";

export const Route = createFileRoute("/music/track/$trackId")({ component: SharedTrack });

/** Shareable track link: open to everyone. */
function SharedTrack() {
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
