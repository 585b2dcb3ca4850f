// Add or edit a promotion code: the code (upper case; it names the code, so it stays once made),
// percent off, which lines it takes off (everything, merch, digital), VIPs only or everyone, the
// perk it comes from, the most uses, and when it works (in the admin's time zone, sent as
// instants). The shared schema checks it before sending and at every change after the first try.
import { useState } from "react";
import { useIntl } from "react-intl";
import { PROMO_CODE_MAX, promoCreateSchema, promoUpdateSchema, type AdminPromoCode, type AdminPromoCodeResponse } from "#contracts/store/admin.ts";
import { PROMO_SCOPES, type PromoScope } from "#contracts/store/model.ts";
import type { ErrorText } from "../components/form/errors";
import { SelectField, TextField } from "../components/form/fields";
import { FormDialog } from "../components/form/FormDialog";
import { fromLocalInput, toLocalInput } from "../lib/localInput";
import { fieldErrorsOf, serverError, type FieldErrors } from "./errors";
import { SCOPE_LABELS, storeAdminMessages as m } from "./messages";
import { wholeOf } from "./money";
import { storeApi, useStoreWrite } from "./queries";

const FIELDS = ["code", "percentOff", "scope", "vipOnly", "perkId", "maxUses", "startsAt", "endsAt"] as const;
type Field = (typeof FIELDS)[number];

type Props = { promo?: AdminPromoCode; perks: { id: string; title: string }[]; onClose: () => void; onSaved: () => void };

export function PromoFormDialog({ promo, perks, onClose, onSaved }: Props) {
  const intl = useIntl();
  const [code, setCode] = useState(promo?.code ?? "");
  const [percentOff, setPercentOff] = useState(promo ? String(promo.percentOff) : "");
  const [scope, setScope] = useState<PromoScope>(promo?.scope ?? "all");
  const [vipOnly, setVipOnly] = useState(promo?.vipOnly ?? false);
  const [perkId, setPerkId] = useState(promo?.perkId ?? "");
  const [maxUses, setMaxUses] = useState(promo?.maxUses ? String(promo.maxUses) : "");
  const [startsAt, setStartsAt] = useState(toLocalInput(promo?.startsAt ?? null));
  const [endsAt, setEndsAt] = useState(toLocalInput(promo?.endsAt ?? null));
  const [tried, setTried] = useState(false);
  const [fromServer, setFromServer] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<ErrorText | null>(null);
  const save = useStoreWrite((body: unknown) =>
    promo ? storeApi.updatePromo<AdminPromoCodeResponse>(promo.code, body) : storeApi.createPromo<AdminPromoCodeResponse>(body),
  );

  const terms = {
    percentOff: wholeOf(percentOff) ?? "",
    scope,
    vipOnly,
    perkId: perkId || null,
    maxUses: wholeOf(maxUses),
    // An unreadable time is sent as typed, so the schema names the field.
    startsAt: fromLocalInput(startsAt) ?? startsAt,
    endsAt: fromLocalInput(endsAt) ?? endsAt,
  };
  const body = promo ? terms : { code, ...terms };
  const checked = (promo ? promoUpdateSchema : promoCreateSchema).safeParse(body);
  const errors = { ...(tried && !checked.success ? fieldErrorsOf(checked.error, FIELDS) : {}), ...fromServer };
  const edit =
    <T,>(setter: (v: T) => void, field: Field) =>
    (value: T) => {
      setter(value);
      setFromServer(({ [field]: _gone, ...rest }) => rest);
    };

  const submit = () => {
    setTried(true);
    setFormError(null);
    if (!checked.success) return;
    save.mutate(body, {
      onSuccess: onSaved,
      onError: (err) => {
        const { field, error } = serverError(err, FIELDS);
        if (field) setFromServer({ [field]: error });
        else setFormError(error);
      },
    });
  };
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  return (
    <FormDialog
      title={promo ? intl.formatMessage(m.promoEditTitle, { code: promo.code }) : intl.formatMessage(m.promoCreateTitle)}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      submit={promo ? m.formSave : m.formCreate}
      submitting={promo ? m.formSaving : m.formCreating}
      error={formError}
    >
      {!promo && (
        <TextField
          label={intl.formatMessage(m.fieldCode)}
          value={code}
          onChange={edit(setCode, "code")}
          required
          autoFocus
          maxLength={PROMO_CODE_MAX}
          hint={intl.formatMessage(m.fieldCodeHint)}
          error={errors.code}
        />
      )}
      <div className="admin-store-pair">
        <TextField
          label={intl.formatMessage(m.fieldPercentOff)}
          type="number"
          min={1}
          max={100}
          value={percentOff}
          onChange={edit(setPercentOff, "percentOff")}
          required
          error={errors.percentOff}
        />
        <SelectField<PromoScope>
          label={intl.formatMessage(m.fieldScope)}
          value={scope}
          onChange={edit(setScope, "scope")}
          options={PROMO_SCOPES.map((s) => ({ value: s, label: intl.formatMessage(SCOPE_LABELS[s]) }))}
          error={errors.scope}
        />
      </div>
      <SelectField
        label={intl.formatMessage(m.fieldWho)}
        value={vipOnly ? "vip" : "all"}
        onChange={(v) => edit(setVipOnly, "vipOnly")(v === "vip")}
        options={[
          { value: "all", label: intl.formatMessage(m.promoEveryone) },
          { value: "vip", label: intl.formatMessage(m.promoVipOnly) },
        ]}
      />
      <SelectField
        label={intl.formatMessage(m.fieldPerk)}
        value={perkId}
        onChange={edit(setPerkId, "perkId")}
        options={[{ value: "", label: intl.formatMessage(m.noPerk) }, ...perks.map((p) => ({ value: p.id, label: p.title }))]}
        error={errors.perkId}
      />
      <TextField
        label={intl.formatMessage(m.fieldMaxUses)}
        type="number"
        min={1}
        value={maxUses}
        onChange={edit(setMaxUses, "maxUses")}
        hint={intl.formatMessage(m.fieldMaxUsesHint)}
        error={errors.maxUses}
      />
      <div className="admin-store-pair">
        <TextField
          label={intl.formatMessage(m.fieldStartsAt)}
          type="datetime-local"
          value={startsAt}
          onChange={edit(setStartsAt, "startsAt")}
          hint={intl.formatMessage(m.fieldTimeHint, { zone })}
          error={errors.startsAt}
        />
        <TextField
          label={intl.formatMessage(m.fieldEndsAt)}
          type="datetime-local"
          value={endsAt}
          onChange={edit(setEndsAt, "endsAt")}
          hint={intl.formatMessage(m.fieldTimeHint, { zone })}
          error={errors.endsAt}
        />
      </div>
    </FormDialog>
  );
}
