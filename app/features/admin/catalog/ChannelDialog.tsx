// Add or edit a TV channel: name, descriptions in both languages, category, on demand or live, a
// live embed address (https) and the video's length (read from an uploaded video when it can be).
import { useState } from "react";
import { useIntl } from "react-intl";
import { DESCRIPTION_MAX, MAX_DURATION_SECONDS, REMOTE_URL_MAX, TITLE_MAX } from "#contracts/music/admin-catalog-limits.ts";
import type { AdminChannel, AdminChannelResponse } from "#contracts/music/admin-catalog.ts";
import type { TvChannelCategory } from "#contracts/tv.ts";
import { FormDialog } from "../components/form/FormDialog";
import { SelectField, TextField, wholeNumber } from "../components/form/fields";
import { catalogMessages as m, categoryMessages, channelTypeMessages } from "./messages";
import { catalogApi, useCatalogWrite } from "./queries";
import { useFormErrors } from "./useFormErrors";

type ChannelFields = {
  name: string;
  namePtBr: string | null;
  descriptionEn: string;
  descriptionPtBr: string;
  category: TvChannelCategory;
  type: "video" | "live";
  embedUrl: string | null;
  durationSeconds: number;
};

const FIELDS = ["name", "namePtBr", "descriptionEn", "descriptionPtBr", "category", "type", "embedUrl", "durationSeconds"] as const;
const CATEGORIES = ["music_video", "live", "behind_the_scenes"] as const;

export function ChannelDialog({ channel, onClose }: { channel?: AdminChannel; onClose: () => void }) {
  const intl = useIntl();
  const [name, setName] = useState(channel?.name ?? "");
  const [namePtBr, setNamePtBr] = useState(channel?.namePtBr ?? "");
  const [descriptionEn, setDescriptionEn] = useState(channel?.descriptionEn ?? "");
  const [descriptionPtBr, setDescriptionPtBr] = useState(channel?.descriptionPtBr ?? "");
  const [category, setCategory] = useState<TvChannelCategory>(channel?.category ?? "music_video");
  const [type, setType] = useState<ChannelFields["type"]>(channel?.type ?? "video");
  const [embedUrl, setEmbedUrl] = useState(channel?.embedUrl ?? "");
  const [duration, setDuration] = useState(String(channel?.durationSeconds ?? 0));
  const errors = useFormErrors(FIELDS);
  const save = useCatalogWrite("channels", (fields: Partial<ChannelFields>) =>
    channel ? catalogApi.patch<AdminChannelResponse>(`/channels/${channel.id}`, fields) : catalogApi.post<AdminChannelResponse>("/channels", fields),
  );

  const submit = () => {
    errors.clear();
    const durationValue = wholeNumber(duration);
    const ok = errors.check({
      name: name.trim() ? null : m.commonRequired,
      descriptionEn: descriptionEn.trim() ? null : m.commonRequired,
      durationSeconds: durationValue === null ? m.commonWholeNumber : null,
    });
    if (!ok) return;
    const fields: ChannelFields = {
      name: name.trim(),
      // The Portuguese texts are optional: left empty, the site shows the English ones (decision 032).
      namePtBr: namePtBr.trim() || null,
      descriptionEn: descriptionEn.trim(),
      descriptionPtBr: descriptionPtBr.trim(),
      category,
      type,
      embedUrl: embedUrl.trim() || null,
      durationSeconds: durationValue!,
    };
    const changed = channel ? Object.fromEntries(Object.entries(fields).filter(([k, v]) => channel[k as keyof ChannelFields] !== v)) : fields;
    if (Object.keys(changed).length === 0) return onClose();
    save.mutate(changed, { onSuccess: onClose, onError: errors.fromServer });
  };

  return (
    <FormDialog
      title={intl.formatMessage(channel ? m.channelEditTitle : m.channelCreateTitle)}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      submit={channel ? m.commonSave : m.commonCreate}
      submitting={channel ? m.commonSaving : m.commonCreating}
      error={errors.formError}
    >
      <TextField label={intl.formatMessage(m.fieldName)} value={name} onChange={setName} maxLength={TITLE_MAX} required error={errors.fieldErrors.name} />
      <TextField
        label={intl.formatMessage(m.fieldNamePtBr)}
        hint={intl.formatMessage(m.fieldPtBrHint)}
        value={namePtBr}
        onChange={setNamePtBr}
        maxLength={TITLE_MAX}
        error={errors.fieldErrors.namePtBr}
      />
      <TextField
        label={intl.formatMessage(m.fieldDescriptionEn)}
        value={descriptionEn}
        onChange={setDescriptionEn}
        multiline
        maxLength={DESCRIPTION_MAX}
        required
        error={errors.fieldErrors.descriptionEn}
      />
      <TextField
        label={intl.formatMessage(m.fieldDescriptionPtBr)}
        value={descriptionPtBr}
        onChange={setDescriptionPtBr}
        hint={intl.formatMessage(m.fieldPtBrHint)}
        multiline
        maxLength={DESCRIPTION_MAX}
        error={errors.fieldErrors.descriptionPtBr}
      />
      <SelectField
        label={intl.formatMessage(m.fieldCategory)}
        value={category}
        onChange={setCategory}
        options={CATEGORIES.map((value) => ({ value, label: intl.formatMessage(categoryMessages[value]) }))}
        error={errors.fieldErrors.category}
      />
      <fieldset className="catalog-choices">
        <legend>{intl.formatMessage(m.fieldPlayback)}</legend>
        {(["video", "live"] as const).map((value) => (
          <label key={value} className="catalog-choice">
            <input type="radio" name="type" value={value} checked={type === value} onChange={() => setType(value)} />
            {intl.formatMessage(channelTypeMessages[value])}
          </label>
        ))}
      </fieldset>
      <TextField
        label={intl.formatMessage(m.fieldEmbedUrl)}
        type="url"
        value={embedUrl}
        onChange={setEmbedUrl}
        maxLength={REMOTE_URL_MAX}
        error={errors.fieldErrors.embedUrl}
      />
      <TextField
        label={intl.formatMessage(m.fieldChannelDuration)}
        type="number"
        min={0}
        max={MAX_DURATION_SECONDS}
        value={duration}
        onChange={setDuration}
        hint={intl.formatMessage(m.fieldChannelDurationHint)}
        error={errors.fieldErrors.durationSeconds}
      />
    </FormDialog>
  );
}
