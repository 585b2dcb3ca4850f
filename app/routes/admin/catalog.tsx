import { createFileRoute } from "@tanstack/react-router";
import { useIntl } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import AdminFormMessages from "../../features/admin/components/form/messages?feature";
import CatalogMessages from "../../features/admin/catalog/messages?feature";
import { CatalogPage } from "../../features/admin/catalog/CatalogPage";
import { catalogMessages as m } from "../../features/admin/catalog/messages";
import { albumsQueryOptions } from "../../features/admin/catalog/queries";
import { usePageMeta } from "../../lib/usePageMeta";

/** ?album=<id>: that album's tracks shown and scrolled to (linked from the folder import's drafts). */
type CatalogSearch = { album?: string };

export const Route = createFileRoute("/admin/catalog")({
  validateSearch: (search: Record<string, unknown>): CatalogSearch =>
    typeof search.album === "string" && search.album.trim() ? { album: search.album.trim().slice(0, 100) } : {},
  // Prefetch the first tab without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(albumsQueryOptions()),
  component: AdminCatalog,
});

/** The page's texts ship with its chunk, so its title is read inside their provider. */
function AdminCatalog() {
  return (
    <AdminFormMessages>
      <CatalogMessages>
        <AdminCatalogPage />
      </CatalogMessages>
    </AdminFormMessages>
  );
}

function AdminCatalogPage() {
  const intl = useIntl();
  usePageMeta({ title: m.metaTitle });
  const { album } = Route.useSearch();
  return (
    <PageFrame title={intl.formatMessage(m.pageTitle)} intro={intl.formatMessage(m.pageIntro)}>
      <CatalogPage openAlbumId={album ?? null} />
    </PageFrame>
  );
}
