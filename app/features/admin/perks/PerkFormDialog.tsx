// Add or edit a perk: title, description (and both in Portuguese, optional), link, audience (a VIP
// perk's lowest tier, decision 104), code (none, one shared code, or unique
// codes imported afterwards), and its window typed in the admin's own time zone (the browser's)
// and sent as instants. The shared schema checks the form before it is sent; the Worker checks it
// again and its 400 lands on the field it names.
import { useState } from "react";
import { useIntl } from "react-intl";
import { DAY_MS, HOUR_MS } from "../../../lib/time";
import {
  perkInputSchema,
  PERK_DESCRIPTION_MAX,
  PERK_TEASER_MAX,
  PERK_TITLE_MAX,
  type AdminPerk,
  type AdminPerkResponse,
  type PerkInput,
} from "#contracts/perks.ts";
import type { CodeMode } from "#contracts/offer-codes.ts";
import type { ErrorText } from "../components/form/errors";
import { SelectField, TextField } from "../components/form/fields";
import { FormDialog } from "../components/form/FormDialog";
import { MinTierField } from "../components/form/MinTierField";
import { fromLocalInput, toLocalInput } from "../lib/localInput";
import { fieldErrorsOf, serverError, type PerkFieldErrors } from "./errors";
import { perksAdminMessages as m } from "./messages";
import { perksApi, usePerkWrite } from "./queries";

type Props = { perk?: AdminPerk; onClose: () => void; onSaved: (perk: AdminPerk, created: boolean) => void };

/** A new perk starts at the next full hour and runs for a week. */
const nextHour = () => Math.ceil(Date.now() / HOUR_MS) * HOUR_MS;

export function PerkFormDialog({ perk, onClose, onSaved }: Props) {
  const intl = useIntl();
  const [title, setTitle] = useState(perk?.title ?? "");
  const [description, setDescription] = useState(perk?.description ?? "");
  const [titlePtBr, setTitlePtBr] = useState(perk?.titlePtBr ?? "");
  const [descriptionPtBr, setDescriptionPtBr] = useState(perk?.descriptionPtBr ?? "");
  const [link, setLink] = useState(perk?.link ?? "");
  const [audience, setAudience] = useState<AdminPerk["audience"]>(perk?.audience ?? "vip");
  const [minTierId, setMinTierId] = useState(perk?.minTierId ?? null);
  const [codeMode, setCodeMode] = useState<CodeMode>(perk?.codeMode ?? "none");
  const [sharedCode, setSharedCode] = useState(perk?.sharedCode ?? "");
  const [startsAt, setStartsAt] = useState(toLocalInput(perk?.startsAt ?? new Date(nextHour()).toISOString()));
  const [endsAt, setEndsAt] = useState(toLocalInput(perk?.endsAt ?? new Date(nextHour() + 7 * DAY_MS).toISOString()));
  const [errors, setErrors] = useState<PerkFieldErrors>({});
  const [formError, setFormError] = useState<ErrorText | null>(null);
  const save = usePerkWrite((input: PerkInput) => (perk ? perksApi.update<AdminPerkResponse>(perk.id, input) : perksApi.create<AdminPerkResponse>(input)));
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const submit = () => {
    setFormError(null);
    const input: PerkInput = {
      title,
      description,
      titlePtBr,
      descriptionPtBr,
      link,
      audience,
      minTierId: audience === "vip" ? minTierId : null,
      codeMode,
      sharedCode: codeMode === "shared" ? sharedCode : null,
      // An unreadable or empty time is sent as typed, so the schema names the field.
      startsAt: fromLocalInput(startsAt) ?? startsAt,
      endsAt: fromLocalInput(endsAt) ?? endsAt,
    };
    const checked = perkInputSchema.safeParse(input);
    if (!checked.success) return setErrors(fieldErrorsOf(checked.error));
    setErrors({});
    save.mutate(input, {
      onSuccess: ({ perk: saved }) => onSaved(saved, !perk),
      onError: (err) => {
        const { field, error } = serverError(err);
        if (field) setErrors({ [field]: error });
        else setFormError(error);
      },
    });
  };

  return (
    <FormDialog
      title={intl.formatMessage(perk ? m.formEditTitle : m.formCreateTitle)}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      submit={perk ? m.formSave : m.formCreate}
      submitting={perk ? m.formSaving : m.formCreating}
      error={formError}
    >
      <TextField
        label={intl.formatMessage(m.fieldTitle)}
        value={title}
        onChange={setTitle}
        maxLength={PERK_TITLE_MAX}
        required
        autoFocus
        error={errors.title}
      />
      <TextField
        label={intl.formatMessage(m.fieldDescription)}
        value={description}
        onChange={setDescription}
        multiline
        required
        maxLength={PERK_DESCRIPTION_MAX}
        hint={intl.formatMessage(m.fieldDescriptionHint, { max: PERK_TEASER_MAX })}
        error={errors.description}
      />
      <TextField
        label={intl.formatMessage(m.fieldTitlePtBr)}
        value={titlePtBr}
        onChange={setTitlePtBr}
        maxLength={PERK_TITLE_MAX}
        hint={intl.formatMessage(m.fieldPtBrHint)}
        error={errors.titlePtBr}
      />
      <TextField
        label={intl.formatMessage(m.fieldDescriptionPtBr)}
        value={descriptionPtBr}
        onChange={setDescriptionPtBr}
        multiline
        maxLength={PERK_DESCRIPTION_MAX}
        error={errors.descriptionPtBr}
      />
      <TextField
        label={intl.formatMessage(m.fieldLink)}
        type="url"
        value={link}
        onChange={setLink}
        hint={intl.formatMessage(m.fieldLinkHint)}
        error={errors.link}
      />
      <SelectField
        label={intl.formatMessage(m.fieldAudience)}
        value={audience}
        onChange={setAudience}
        options={[
          { value: "vip", label: intl.formatMessage(m.audienceVip) },
          { value: "members", label: intl.formatMessage(m.audienceMembers) },
        ]}
        error={errors.audience}
      />
      {audience === "vip" && <MinTierField value={minTierId} onChange={setMinTierId} error={errors.minTierId} />}
      <SelectField
        label={intl.formatMessage(m.fieldCodeMode)}
        value={codeMode}
        onChange={setCodeMode}
        options={[
          { value: "none", label: intl.formatMessage(m.modeNone) },
          { value: "shared", label: intl.formatMessage(m.modeShared) },
          { value: "unique", label: intl.formatMessage(m.modeUnique) },
        ]}
        error={errors.codeMode}
      />
      {codeMode === "shared" && (
        <TextField label={intl.formatMessage(m.fieldSharedCode)} value={sharedCode} onChange={setSharedCode} required error={errors.sharedCode} />
      )}
      {codeMode === "unique" && <p className="field-hint">{intl.formatMessage(m.fieldCodeModeUniqueHint)}</p>}
      <TextField
        label={intl.formatMessage(m.fieldStartsAt)}
        type="datetime-local"
        value={startsAt}
        onChange={setStartsAt}
        required
        hint={intl.formatMessage(m.fieldTimeHint, { zone })}
        error={errors.startsAt}
      />
      <TextField
        label={intl.formatMessage(m.fieldEndsAt)}
        type="datetime-local"
        value={endsAt}
        onChange={setEndsAt}
        required
        hint={intl.formatMessage(m.fieldTimeHint, { zone })}
        error={errors.endsAt}
      />
    </FormDialog>
  );
}
