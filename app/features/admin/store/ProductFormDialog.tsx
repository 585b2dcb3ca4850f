// Add or edit a product: its kind (fixed once made), texts in English and Portuguese, address,
// state, what it sells (ProductKindFields) and its prices (ProductPriceFields). The shared schema
// checks the form before it is sent and again at every change after the first try; the Worker
// checks it once more (and the catalog, and a taken address), and its 400 or 409 lands on the field.
import { useState } from "react";
import { useIntl } from "react-intl";
import {
  productInputSchema,
  STORE_DESCRIPTION_MAX,
  STORE_SLUG_MAX,
  STORE_TITLE_MAX,
  type AdminProduct,
  type AdminProductResponse,
} from "#contracts/store/admin.ts";
import { PRODUCT_KINDS, PRODUCT_STATES, type ProductKind } from "#contracts/store/model.ts";
import type { ErrorText } from "../components/form/errors";
import { SelectField, TextField } from "../components/form/fields";
import { FormDialog } from "../components/form/FormDialog";
import { fieldErrorsOf, serverError, type FieldErrors } from "./errors";
import { KIND_LABELS, STATE_LABELS, storeAdminMessages as m } from "./messages";
import { slugOf } from "./money";
import { DRAFT_FIELD, draftOf, inputOf, PRODUCT_FIELDS, type ProductField, type SetDraft } from "./productDraft";
import { ProductKindFields } from "./ProductKindFields";
import { ProductPriceFields } from "./ProductPriceFields";
import { storeApi, useStoreWrite } from "./queries";

type Props = { product?: AdminProduct; onClose: () => void; onSaved: (product: AdminProduct) => void };

export function ProductFormDialog({ product, onClose, onSaved }: Props) {
  const intl = useIntl();
  const [draft, setDraft] = useState(() => draftOf(product));
  const [tried, setTried] = useState(false);
  const [fromServer, setFromServer] = useState<FieldErrors<ProductField>>({});
  const [formError, setFormError] = useState<ErrorText | null>(null);
  const save = useStoreWrite((body: unknown) =>
    product ? storeApi.updateProduct<AdminProductResponse>(product.id, body) : storeApi.createProduct<AdminProductResponse>(body),
  );

  const checked = productInputSchema.safeParse(inputOf(draft));
  const local = tried && !checked.success ? fieldErrorsOf(checked.error, PRODUCT_FIELDS) : {};
  const errors: FieldErrors<ProductField> = { ...local, ...fromServer };

  const set: SetDraft = (key, value) => {
    setDraft((d) => {
      const next = { ...d, [key]: value };
      // A new product's address follows its title until the admin types one.
      if (key === "title" && !d.slugTyped) next.slug = slugOf(String(value));
      if (key === "slug") next.slugTyped = true;
      return next;
    });
    const field = DRAFT_FIELD[key] ?? (key as ProductField);
    setFromServer(({ [field]: _gone, ...rest }) => rest as FieldErrors<ProductField>);
  };

  const submit = () => {
    setFormError(null);
    setTried(true);
    if (!checked.success) return;
    save.mutate(inputOf(draft), {
      onSuccess: ({ product: saved }) => onSaved(saved),
      onError: (err) => {
        const { field, error } = serverError(err, PRODUCT_FIELDS);
        if (field) setFromServer({ [field]: error });
        else setFormError(error);
      },
    });
  };

  const text = (key: "title" | "titlePtBr" | "description" | "descriptionPtBr", label: string, multiline = false) => (
    <TextField
      label={label}
      value={draft[key]}
      onChange={(v) => set(key, v)}
      multiline={multiline}
      required={key === "title"}
      autoFocus={key === "title"}
      maxLength={multiline ? STORE_DESCRIPTION_MAX : STORE_TITLE_MAX}
      error={errors[key]}
    />
  );

  return (
    <FormDialog
      title={intl.formatMessage(product ? m.formEditTitle : m.formCreateTitle)}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      submit={product ? m.formSave : m.formCreate}
      submitting={product ? m.formSaving : m.formCreating}
      error={formError}
    >
      {product ? (
        <p className="field-hint">{intl.formatMessage(m.kindFixed, { kind: intl.formatMessage(KIND_LABELS[product.kind]) })}</p>
      ) : (
        <SelectField<ProductKind>
          label={intl.formatMessage(m.fieldKind)}
          value={draft.kind}
          onChange={(v) => set("kind", v)}
          options={PRODUCT_KINDS.map((k) => ({ value: k, label: intl.formatMessage(KIND_LABELS[k]) }))}
          error={errors.kind}
        />
      )}
      <div className="admin-store-pair">
        {text("title", intl.formatMessage(m.fieldTitle))}
        {text("titlePtBr", intl.formatMessage(m.fieldTitlePtBr))}
      </div>
      <TextField
        label={intl.formatMessage(m.fieldSlug)}
        value={draft.slug}
        onChange={(v) => set("slug", v)}
        required
        maxLength={STORE_SLUG_MAX}
        hint={intl.formatMessage(m.fieldSlugHint, { path: `/store/${draft.slug || "…"}` })}
        error={errors.slug}
      />
      {text("description", intl.formatMessage(m.fieldDescription), true)}
      {text("descriptionPtBr", intl.formatMessage(m.fieldDescriptionPtBr), true)}
      <SelectField
        label={intl.formatMessage(m.fieldState)}
        value={draft.state}
        onChange={(v) => set("state", v)}
        options={PRODUCT_STATES.map((s) => ({ value: s, label: intl.formatMessage(STATE_LABELS[s]) }))}
        error={errors.state}
      />
      <ProductKindFields draft={draft} set={set} errors={errors} />
      <ProductPriceFields draft={draft} set={set} errors={errors} />
    </FormDialog>
  );
}
