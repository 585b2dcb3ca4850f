// /admin/store: three tabs, Products, Promotion codes and Pre-orders (decision 118). Products: Add product, filters by kind and
// state, a status line saying what was just done, and the table (or its loading, failed and empty
// states); each row opens a dialog: edit, pictures, sizes and stock (merch), delete (unsold only).
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { EmptyState } from "../../../components/EmptyState";
import { QueryState } from "../../../components/QueryState";
import { TabList, TabPanel, useTabs } from "../../../components/Tabs";
import type { AdminProduct } from "#contracts/store/admin.ts";
import { PRODUCT_KINDS, PRODUCT_STATES, type ProductKind, type ProductState } from "#contracts/store/model.ts";
import { SelectField } from "../components/form/fields";
import { ProductDialog, type ProductDialogState } from "./ProductDialog";
import { ProductTable } from "./ProductTable";
import { PromoCodesPanel } from "./PromoCodesPanel";
import { PreordersPanel } from "./PreordersPanel";
import { KIND_LABELS, STATE_LABELS, storeAdminMessages as m } from "./messages";
import { adminProductsQueryOptions } from "./queries";
import "./store-admin.css";
import { ActionOutcome } from "../components/ActionOutcome";

const TABS = ["products", "promos", "preorders"] as const;

export function StoreAdminPage() {
  const intl = useIntl();
  const tabs = useTabs(TABS);
  return (
    <div className="admin-store">
      <TabList
        tabs={tabs}
        label={intl.formatMessage(m.tabsLabel)}
        labels={{ products: intl.formatMessage(m.tabProducts), promos: intl.formatMessage(m.tabPromos), preorders: intl.formatMessage(m.preordersTitle) }}
        className="admin-store-tabs"
        tabClassName="admin-store-tab"
      />
      <TabPanel tabs={tabs} className="admin-store-panel">
        {tabs.selected === "products" ? <ProductsPanel /> : tabs.selected === "promos" ? <PromoCodesPanel /> : <PreordersPanel />}
      </TabPanel>
    </div>
  );
}

type KindFilter = ProductKind | "all";
type StateFilter = ProductState | "all";

const matches = (product: AdminProduct, kind: KindFilter, state: StateFilter) =>
  (kind === "all" || product.kind === kind) && (state === "all" || product.state === state);

function ProductsPanel() {
  const intl = useIntl();
  const query = useQuery(adminProductsQueryOptions());
  const [dialog, setDialog] = useState<ProductDialogState>(null);
  const [done, setDone] = useState("");
  const [kind, setKind] = useState<KindFilter>("all");
  const [state, setState] = useState<StateFilter>("all");
  const open = (next: ProductDialogState) => {
    setDone("");
    setDialog(next);
  };
  const kindOptions = [
    { value: "all" as const, label: intl.formatMessage(m.filterAllKinds) },
    ...PRODUCT_KINDS.map((k) => ({ value: k, label: intl.formatMessage(KIND_LABELS[k]) })),
  ];
  const stateOptions = [
    { value: "all" as const, label: intl.formatMessage(m.filterAllStates) },
    ...PRODUCT_STATES.map((s) => ({ value: s, label: intl.formatMessage(STATE_LABELS[s]) })),
  ];

  return (
    <div className="admin-store-products">
      <div className="admin-store-toolbar">
        <div className="admin-store-filters">
          <SelectField label={intl.formatMessage(m.filterKind)} value={kind} options={kindOptions} onChange={setKind} />
          <SelectField label={intl.formatMessage(m.filterState)} value={state} options={stateOptions} onChange={setState} />
        </div>
        <button type="button" className="btn btn-primary" onClick={() => open({ kind: "create" })}>
          {intl.formatMessage(m.addProduct)}
        </button>
      </div>
      <ActionOutcome done={done} />
      <QueryState query={query} loading={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.loadFailed)} retry={intl.formatMessage(m.retry)}>
        {({ products }) => {
          if (products.length === 0) return <EmptyState icon="gift" title={intl.formatMessage(m.empty)} hint={intl.formatMessage(m.emptyHint)} />;
          const shown = products.filter((p) => matches(p, kind, state));
          return shown.length === 0 ? (
            <EmptyState title={intl.formatMessage(m.noMatch)} hint={intl.formatMessage(m.noMatchHint)} />
          ) : (
            <>
              <p className="muted admin-store-count">{intl.formatMessage(m.shown, { shown: shown.length, total: products.length })}</p>
              <ProductTable products={shown} onAction={(action, product) => open({ kind: action, productId: product.id })} />
            </>
          );
        }}
      </QueryState>
      {dialog && (
        <ProductDialog
          dialog={dialog}
          products={query.data?.products ?? []}
          onClose={() => setDialog(null)}
          onDone={(message) => {
            setDone(message);
            setDialog(null);
          }}
        />
      )}
    </div>
  );
}
