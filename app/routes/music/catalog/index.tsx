import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../../components/PageFrame";
import { CatalogOnItsWay } from "../../../features/shell/CatalogOnItsWay";
import { usePageMeta } from "../../../lib/usePageMeta";

export const Route = createFileRoute("/music/catalog/")({ component: MusicCatalog });

const meta = defineMessages({
  title: { id: "meta.catalog.title", defaultMessage: "Music Catalog" },
  description: {
    id: "meta.catalog.description",
    defaultMessage: "Every album and single from across the artist's career, with release years and track lists.",
  },
});

function MusicCatalog() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="pages.catalog.title" defaultMessage="Music Catalog" />}
      intro={<FormattedMessage id="pages.catalog.intro" defaultMessage="Albums and singles from across the artist's career." />}
    >
      <CatalogOnItsWay />
    </PageFrame>
  );
}
