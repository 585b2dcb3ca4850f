import { FormattedMessage } from "react-intl";
import { EmptyState } from "../../components/EmptyState";

/** What the catalog, album and track pages show until the catalog data exists. */
export function CatalogOnItsWay() {
  return (
    <EmptyState
      icon="disc"
      title={<FormattedMessage id="pages.catalog.empty" defaultMessage="The catalog is on its way" />}
      hint={<FormattedMessage id="pages.catalog.emptyHint" defaultMessage="Albums and singles will appear here soon." />}
    />
  );
}
