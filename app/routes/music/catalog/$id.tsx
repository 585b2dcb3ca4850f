import { createFileRoute, Link } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { PageFrame } from "../../../components/PageFrame";
import { CatalogOnItsWay } from "../../../features/shell/CatalogOnItsWay";

export const Route = createFileRoute("/music/catalog/$id")({ component: AlbumDetail });

function AlbumDetail() {
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
