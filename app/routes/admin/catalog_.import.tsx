import { createFileRoute } from "@tanstack/react-router";
import { useIntl } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import AdminFormMessages from "../../features/admin/components/form/messages?feature";
import CatalogImportMessages from "../../features/admin/catalog-import/messages?feature";
import { CatalogImportPage } from "../../features/admin/catalog-import/CatalogImportPage";
import { importMessages as m } from "../../features/admin/catalog-import/messages";
import { usePageMeta } from "../../lib/usePageMeta";

// Import by the folder (decision 120): its own path, not nested in the catalog's tabs.
export const Route = createFileRoute("/admin/catalog_/import")({
  component: AdminCatalogImport,
});

/** The page's texts ship with its chunk, so its title is read inside their provider. */
function AdminCatalogImport() {
  return (
    <AdminFormMessages>
      <CatalogImportMessages>
        <AdminCatalogImportPage />
      </CatalogImportMessages>
    </AdminFormMessages>
  );
}

function AdminCatalogImportPage() {
  const intl = useIntl();
  usePageMeta({ title: m.metaTitle });
  return (
    <PageFrame title={intl.formatMessage(m.pageTitle)} intro={intl.formatMessage(m.pageIntro)}>
      <CatalogImportPage />
    </PageFrame>
  );
}
