// The dialog a product row (or Add product) opens: the form, the pictures, the sizes and stock, or
// the question before a delete. Dialogs read the product from the live list, so a picture added or
// a stock change shows at once.
import { useMutation } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import type { AdminProduct } from "#contracts/store/admin.ts";
import { failureText } from "./errors";
import { ProductFormDialog } from "./ProductFormDialog";
import { ProductPicturesDialog } from "./ProductPicturesDialog";
import type { ProductAction } from "./ProductTable";
import { ProductVariantsDialog } from "./ProductVariantsDialog";
import { storeAdminMessages as m } from "./messages";
import { titleIn } from "./money";
import { storeApi, useStoreRefresh } from "./queries";

export type ProductDialogState = { kind: "create" } | { kind: ProductAction; productId: string } | null;

type Props = { dialog: NonNullable<ProductDialogState>; products: AdminProduct[]; onClose: () => void; onDone: (message: string) => void };

export function ProductDialog({ dialog, products, onClose, onDone }: Props) {
  const intl = useIntl();
  if (dialog.kind === "create") return <ProductFormDialog onClose={onClose} onSaved={() => onDone(intl.formatMessage(m.created))} />;
  const product = products.find((p) => p.id === dialog.productId);
  if (!product) return null;
  switch (dialog.kind) {
    case "edit":
      return <ProductFormDialog product={product} onClose={onClose} onSaved={() => onDone(intl.formatMessage(m.saved))} />;
    case "pictures":
      return <ProductPicturesDialog product={product} onClose={onClose} />;
    case "variants":
      return <ProductVariantsDialog product={product} onClose={onClose} />;
    case "delete":
      return <DeleteProduct product={product} onClose={onClose} onDone={() => onDone(intl.formatMessage(m.deleted))} />;
  }
}

function DeleteProduct({ product, onClose, onDone }: { product: AdminProduct; onClose: () => void; onDone: () => void }) {
  const intl = useIntl();
  const refresh = useStoreRefresh();
  const mutation = useMutation({ mutationFn: () => storeApi.deleteProduct(product.id), onSettled: refresh });
  return (
    <ConfirmDialog
      title={intl.formatMessage(m.deleteTitle)}
      cancelLabel={intl.formatMessage(m.cancel)}
      confirmLabel={intl.formatMessage(m.confirmDelete)}
      busyLabel={intl.formatMessage(m.deleting)}
      busy={mutation.isPending}
      error={mutation.isError ? intl.formatMessage(failureText(mutation.error)) : undefined}
      onConfirm={() => mutation.mutate(undefined, { onSuccess: onDone })}
      onClose={onClose}
      className="admin-dialog"
    >
      <p>
        {intl.formatMessage(m.deleteQuestion, { title: titleIn(product, intl.locale), pictures: product.images.length, variants: product.variants.length })}
      </p>
    </ConfirmDialog>
  );
}
