// Add a size or colour (SKU, size, colour, the stock there is) or edit one (its SKU, size, colour and
// place; stock moves only by adjustments). The shared schema checks it before sending and at every
// change after the first try; a taken SKU comes back as a 409 at the SKU.
import { useState } from "react";
import { useIntl } from "react-intl";
import {
  STORE_SKU_MAX,
  STORE_VARIANT_TEXT_MAX,
  variantCreateSchema,
  variantUpdateSchema,
  type AdminProduct,
  type AdminVariant,
} from "#contracts/store/admin.ts";
import type { ErrorText } from "../components/form/errors";
import { ErrorMessage, TextField } from "../components/form/fields";
import { fieldErrorsOf, serverError, type FieldErrors } from "./errors";
import { storeAdminMessages as m } from "./messages";
import { wholeOf } from "./money";
import { storeApi, useStoreWrite } from "./queries";

const FIELDS = ["sku", "size", "colour", "stock", "position"] as const;
type Field = (typeof FIELDS)[number];

type Props = { product: AdminProduct; variant?: AdminVariant; onDone: () => void; onCancel?: () => void };

export function VariantForm({ product, variant, onDone, onCancel }: Props) {
  const intl = useIntl();
  const [sku, setSku] = useState(variant?.sku ?? "");
  const [size, setSize] = useState(variant?.size ?? "");
  const [colour, setColour] = useState(variant?.colour ?? "");
  const [stock, setStock] = useState("0");
  const [tried, setTried] = useState(false);
  const [fromServer, setFromServer] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<ErrorText | null>(null);
  const save = useStoreWrite((body: unknown) => (variant ? storeApi.updateVariant(product.id, variant.id, body) : storeApi.createVariant(product.id, body)));

  const position = variant?.position ?? product.variants.length;
  const body = variant ? { sku, size, colour, position } : { sku, size, colour, position, stock: wholeOf(stock) ?? "" };
  const checked = (variant ? variantUpdateSchema : variantCreateSchema).safeParse(body);
  const errors = { ...(tried && !checked.success ? fieldErrorsOf(checked.error, FIELDS) : {}), ...fromServer };
  const edit = (setter: (v: string) => void, field: Field) => (value: string) => {
    setter(value);
    setFromServer(({ [field]: _gone, ...rest }) => rest);
  };

  const submit = () => {
    setTried(true);
    setFormError(null);
    if (!checked.success) return;
    save.mutate(body, {
      onSuccess: () => {
        if (!variant) [setSku, setSize, setColour].forEach((reset) => reset(""));
        setStock("0");
        setTried(false);
        onDone();
      },
      onError: (err) => {
        const { field, error } = serverError(err, FIELDS);
        if (field) setFromServer({ [field]: error });
        else setFormError(error);
      },
    });
  };

  return (
    <form
      className="form admin-form admin-store-variant-form"
      noValidate
      aria-label={intl.formatMessage(variant ? m.variantEditNamed : m.variantAdd, { sku: variant?.sku ?? "" })}
      onSubmit={(e) => {
        e.preventDefault();
        if (!save.isPending) submit();
      }}
    >
      <div className="admin-store-pair">
        <TextField label={intl.formatMessage(m.fieldSku)} value={sku} onChange={edit(setSku, "sku")} required maxLength={STORE_SKU_MAX} error={errors.sku} />
        <TextField
          label={intl.formatMessage(m.fieldSize)}
          value={size}
          onChange={edit(setSize, "size")}
          maxLength={STORE_VARIANT_TEXT_MAX}
          error={errors.size}
        />
        <TextField
          label={intl.formatMessage(m.fieldColour)}
          value={colour}
          onChange={edit(setColour, "colour")}
          maxLength={STORE_VARIANT_TEXT_MAX}
          error={errors.colour}
        />
        {!variant && (
          <TextField label={intl.formatMessage(m.fieldStock)} type="number" min={0} value={stock} onChange={edit(setStock, "stock")} error={errors.stock} />
        )}
      </div>
      {formError && (
        <p className="error-banner" role="alert">
          <ErrorMessage error={formError} />
        </p>
      )}
      <div className="dialog-actions">
        {onCancel && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
            {intl.formatMessage(m.cancel)}
          </button>
        )}
        <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending}>
          {intl.formatMessage(variant ? m.formSave : m.variantAddButton)}
        </button>
      </div>
    </form>
  );
}
