import { createFileRoute } from "@tanstack/react-router";
import { useIntl } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import { CatalogMessages } from "../../features/admin/catalog/CatalogMessages";
import { CatalogPage } from "../../features/admin/catalog/CatalogPage";
import { catalogMessages as m } from "../../features/admin/catalog/messages";
import { albumsQueryOptions } from "../../features/admin/catalog/queries";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/admin/catalog")({
  // Prefetch the first tab without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(albumsQueryOptions()),
  component: AdminCatalog,
});

/** The page's texts ship with its chunk, so its title is read inside their provider. */
function AdminCatalog() {
  return (
    <CatalogMessages>
      <AdminCatalogPage />
    </CatalogMessages>
  );
}

function AdminCatalogPage() {
  const intl = useIntl();
  usePageMeta({ title: m.metaTitle });
  return (
    <PageFrame title={intl.formatMessage(m.pageTitle)} intro={intl.formatMessage(m.pageIntro)}>
      <CatalogPage />
    </PageFrame>
  );
}
