// A merch product's sizes and colours: each with its SKU, stock and stock state ("Low", "Sold
// out"), a stock change (received +20, lost -2: the Worker refuses to go below zero, even while
// checkouts take stock), edit, and delete while nobody ordered it; then the form to add one.
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import type { AdminProduct, AdminVariant } from "#contracts/store/admin.ts";
import { MediaModal } from "../components/form/MediaModal";
import { TextField } from "../components/form/fields";
import { failureText } from "./errors";
import { STOCK_LABELS, storeAdminMessages as m } from "./messages";
import { titleIn, wholeOf } from "./money";
import { storeApi, useStoreRefresh } from "./queries";
import { VariantForm } from "./VariantForm";

export function ProductVariantsDialog({ product, onClose }: { product: AdminProduct; onClose: () => void }) {
  const intl = useIntl();
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <MediaModal title={intl.formatMessage(m.variantsTitle, { title: titleIn(product, intl.locale) })} onClose={onClose}>
      {product.variants.length === 0 ? (
        <p className="muted">{intl.formatMessage(m.variantsEmpty)}</p>
      ) : (
        <ul className="admin-store-variants" aria-label={intl.formatMessage(m.variantsListLabel)}>
          {product.variants.map((variant) =>
            editing === variant.id ? (
              <li key={variant.id}>
                <VariantForm product={product} variant={variant} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} />
              </li>
            ) : (
              <VariantRow key={variant.id} product={product} variant={variant} onEdit={() => setEditing(variant.id)} />
            ),
          )}
        </ul>
      )}
      <h3 className="admin-store-subtitle">{intl.formatMessage(m.variantAdd)}</h3>
      <VariantForm product={product} onDone={() => undefined} />
    </MediaModal>
  );
}

function VariantRow({ product, variant, onEdit }: { product: AdminProduct; variant: AdminVariant; onEdit: () => void }) {
  const intl = useIntl();
  const refresh = useStoreRefresh();
  const [delta, setDelta] = useState("");
  const adjust = useMutation({ mutationFn: (by: number) => storeApi.adjustStock(product.id, variant.id, by), onSettled: refresh });
  const remove = useMutation({ mutationFn: () => storeApi.deleteVariant(product.id, variant.id), onSettled: refresh });
  const amount = wholeOf(delta);
  const valid = typeof amount === "number" && amount !== 0;
  const label = [variant.size, variant.colour].filter(Boolean).join(" / ") || variant.sku;
  const failure = adjust.error ?? remove.error;

  return (
    <li className="admin-store-variant">
      <p>
        <strong>{label}</strong> <span className="muted">{variant.sku}</span>{" "}
        <span className="badge admin-store-badge" data-state={variant.stockState}>
          {intl.formatMessage(STOCK_LABELS[variant.stockState])}
        </span>{" "}
        {intl.formatMessage(m.stockLeft, { count: variant.stock })}
      </p>
      <form
        className="admin-store-stock"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (valid && !adjust.isPending) adjust.mutate(amount, { onSuccess: () => setDelta("") });
        }}
      >
        <TextField
          label={intl.formatMessage(m.fieldStockChange, { sku: variant.sku })}
          value={delta}
          onChange={setDelta}
          hint={intl.formatMessage(m.fieldStockChangeHint)}
        />
        <button type="submit" className="btn btn-ghost btn-sm" disabled={!valid || adjust.isPending}>
          {intl.formatMessage(m.stockApply)}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" aria-label={intl.formatMessage(m.variantEditNamed, { sku: variant.sku })} onClick={onEdit}>
          {intl.formatMessage(m.edit)}
        </button>
        <button
          type="button"
          className="btn btn-danger btn-sm"
          aria-label={intl.formatMessage(m.variantDeleteNamed, { sku: variant.sku })}
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
        >
          {intl.formatMessage(m.delete)}
        </button>
      </form>
      {failure && (
        <p className="error-banner" role="alert">
          {intl.formatMessage(failureText(failure))}
        </p>
      )}
    </li>
  );
}
