import { createFileRoute } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { PageFrame } from "../../../components/PageFrame";
import { CatalogOnItsWay } from "../../../features/shell/CatalogOnItsWay";

export const Route = createFileRoute("/music/catalog/")({ component: MusicCatalog });

function MusicCatalog() {
  return (
    <PageFrame
      title={<FormattedMessage id="pages.catalog.title" defaultMessage="Music Catalog" />}
      intro={<FormattedMessage id="pages.catalog.intro" defaultMessage="Albums and singles from across the artist's career." />}
    >
      <CatalogOnItsWay />
    </PageFrame>
  );
}
