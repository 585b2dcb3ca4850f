// The list's filters: the search box (order number, e-mail, name), the status, the product, whether
// it ships at once or from a later day (decision 118) and a
// period of days (in the admin's own time zone). The search is typed into `search` and reaches
// the filters a moment after typing stops.
import { useId } from "react";
import { useIntl } from "react-intl";
import { ORDER_FILTER_STATUSES, ORDER_SEARCH_MAX, type OrderFilterStatus } from "#contracts/store/admin-orders-limits.ts";
import type { OrdersListResponse } from "#contracts/store/admin-orders.ts";
import type { OrderFilters as Filters } from "./queries";
import { ordersMessages as m, statusMessages } from "./messages";

type Props = {
  search: string;
  onSearch: (text: string) => void;
  filters: Filters;
  onChange: (filters: Filters) => void;
  products: OrdersListResponse["products"];
};

export function OrderFilters({ search, onSearch, filters, onChange, products }: Props) {
  const intl = useIntl();
  const ids = { search: useId(), status: useId(), product: useId(), ships: useId(), from: useId(), to: useId() };
  return (
    <form className="admin-filters" role="search" aria-label={intl.formatMessage(m.filters)} onSubmit={(event) => event.preventDefault()}>
      <div className="field orders-search">
        <label htmlFor={ids.search}>{intl.formatMessage(m.searchLabel)}</label>
        <input
          id={ids.search}
          type="search"
          value={search}
          maxLength={ORDER_SEARCH_MAX}
          placeholder={intl.formatMessage(m.searchPlaceholder)}
          onChange={(event) => onSearch(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.status}>{intl.formatMessage(m.statusLabel)}</label>
        <select id={ids.status} value={filters.status} onChange={(event) => onChange({ ...filters, status: event.target.value as OrderFilterStatus | "all" })}>
          <option value="all">{intl.formatMessage(m.allStatus)}</option>
          {ORDER_FILTER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {intl.formatMessage(statusMessages[status])}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.product}>{intl.formatMessage(m.productLabel)}</label>
        <select id={ids.product} value={filters.product} onChange={(event) => onChange({ ...filters, product: event.target.value })}>
          <option value="">{intl.formatMessage(m.allProducts)}</option>
          {products.map((product) => (
            <option key={product.id} value={product.id}>
              {product.title}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.ships}>{intl.formatMessage(m.shipsLabel)}</label>
        <select id={ids.ships} value={filters.ships} onChange={(event) => onChange({ ...filters, ships: event.target.value as Filters["ships"] })}>
          <option value="all">{intl.formatMessage(m.shipsAll)}</option>
          <option value="now">{intl.formatMessage(m.shipsNow)}</option>
          <option value="later">{intl.formatMessage(m.shipsLater)}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.from}>{intl.formatMessage(m.fromLabel)}</label>
        <input
          id={ids.from}
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => onChange({ ...filters, from: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.to}>{intl.formatMessage(m.toLabel)}</label>
        <input
          id={ids.to}
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => onChange({ ...filters, to: event.target.value })}
        />
      </div>
    </form>
  );
}
