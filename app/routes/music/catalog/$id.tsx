import { createFileRoute, Link } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../../components/PageFrame";
import { CatalogOnItsWay } from "../../../features/shell/CatalogOnItsWay";
import { usePageMeta } from "../../../lib/usePageMeta";

export const Route = createFileRoute("/music/catalog/$id")({ component: AlbumDetail });

const meta = defineMessages({
  title: { id: "meta.album.title", defaultMessage: "Album" },
  description: { id: "meta.album.description", defaultMessage: "Album details and track list from the artist's music catalog." },
});

function AlbumDetail() {
  usePageMeta(meta);
  return (
    <PageFrame title={<FormattedMessage id="pages.album.title" defaultMessage="Album" />}>
      <p>
        <Link to="/music/catalog" className="btn btn-ghost btn-sm">
          <FormattedMessage id="pages.album.back" defaultMessage="← Back to the catalog" />
        </Link>
      </p>
      <CatalogOnItsWay />
    </PageFrame>
  );
}
