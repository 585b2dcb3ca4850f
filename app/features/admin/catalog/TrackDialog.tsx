// Add a track to an album, or edit one: title, number (empty: after the last track), duration
// (replaced by the audio file's own when an upload can read it) and, once it exists, its 30-second
// preview for visitors and free members: on or off, and where it starts (the chorus, say), and its
// own release times (empty: its album's).
import { useState } from "react";
import { useIntl } from "react-intl";
import { MAX_DURATION_SECONDS, TITLE_MAX } from "../../../../worker/contracts/admin-catalog-limits";
import type { AdminTrack, AdminTrackResponse } from "../../../../worker/contracts/admin-catalog";
import { FormDialog } from "./FormDialog";
import { TextField, wholeNumber } from "./fields";
import { catalogMessages as m } from "./messages";
import { catalogApi, useCatalogWrite } from "./queries";
import { useFormErrors } from "./useFormErrors";
import { ReleaseFields, useReleaseTimes } from "./ReleaseFields";

type TrackFields = {
  title: string;
  number?: number;
  durationSeconds?: number;
  previewEnabled?: boolean;
  previewStartSeconds?: number;
  releaseAt?: string | null;
  earlyAccessAt?: string | null;
};

export function TrackDialog({ albumId, track, onClose }: { albumId: string; track?: AdminTrack; onClose: () => void }) {
  const intl = useIntl();
  const [title, setTitle] = useState(track?.title ?? "");
  const [number, setNumber] = useState(track ? String(track.number) : "");
  const [duration, setDuration] = useState(track ? String(track.durationSeconds) : "");
  const [previewEnabled, setPreviewEnabled] = useState(track?.preview.enabled ?? true);
  const [previewStart, setPreviewStart] = useState(String(track?.preview.startSeconds ?? 0));
  const release = useReleaseTimes(track);
  const errors = useFormErrors(["title", "number", "durationSeconds", "previewStartSeconds", "earlyAccessAt"] as const);
  const save = useCatalogWrite("albums", (fields: TrackFields) =>
    track ? catalogApi.patch<AdminTrackResponse>(`/tracks/${track.id}`, fields) : catalogApi.post<AdminTrackResponse>(`/albums/${albumId}/tracks`, fields),
  );

  const submit = () => {
    errors.clear();
    const numberValue = wholeNumber(number);
    const durationValue = wholeNumber(duration);
    const previewStartValue = wholeNumber(previewStart);
    // The number may be left empty when adding (it goes last); what is typed must be a number.
    const ok = errors.check({
      title: title.trim() ? null : m.commonRequired,
      number: numberValue === null && (track || number.trim() !== "") ? m.commonWholeNumber : null,
      durationSeconds: durationValue === null && duration.trim() !== "" ? m.commonWholeNumber : null,
      previewStartSeconds: track && previewStartValue === null ? m.commonWholeNumber : null,
      earlyAccessAt: track ? release.problem : null,
    });
    if (!ok) return;
    const fields: TrackFields = { title: title.trim() };
    if (numberValue !== null) fields.number = numberValue;
    if (durationValue !== null) fields.durationSeconds = durationValue;
    const current = track && { ...track, previewEnabled: track.preview.enabled, previewStartSeconds: track.preview.startSeconds };
    if (current) {
      fields.previewEnabled = previewEnabled;
      fields.previewStartSeconds = previewStartValue!;
    }
    const changed: Partial<TrackFields> = current
      ? Object.fromEntries(Object.entries(fields).filter(([k, v]) => current[k as keyof TrackFields] !== v))
      : fields;
    // Both times go together (the server checks them as a pair).
    if (track && release.changed) Object.assign(changed, release.value);
    if (Object.keys(changed).length === 0) return onClose();
    save.mutate(changed as TrackFields, { onSuccess: onClose, onError: errors.fromServer });
  };

  return (
    <FormDialog
      title={intl.formatMessage(track ? m.trackEditTitle : m.trackCreateTitle)}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      submit={track ? m.commonSave : m.commonCreate}
      submitting={track ? m.commonSaving : m.commonCreating}
      error={errors.formError}
    >
      <TextField label={intl.formatMessage(m.fieldTitle)} value={title} onChange={setTitle} maxLength={TITLE_MAX} required error={errors.fieldErrors.title} />
      <TextField
        label={intl.formatMessage(m.fieldNumber)}
        type="number"
        min={1}
        max={999}
        value={number}
        onChange={setNumber}
        hint={track ? undefined : intl.formatMessage(m.fieldNumberHint)}
        error={errors.fieldErrors.number}
      />
      <TextField
        label={intl.formatMessage(m.fieldDuration)}
        type="number"
        min={0}
        max={MAX_DURATION_SECONDS}
        value={duration}
        onChange={setDuration}
        hint={intl.formatMessage(m.fieldDurationHint)}
        error={errors.fieldErrors.durationSeconds}
      />
      {track && (
        <fieldset className="catalog-choices">
          <legend>{intl.formatMessage(m.previewLegend)}</legend>
          <label className="catalog-choice">
            <input type="checkbox" checked={previewEnabled} onChange={(event) => setPreviewEnabled(event.target.checked)} />
            {intl.formatMessage(m.previewEnabled)}
          </label>
          <TextField
            label={intl.formatMessage(m.previewStart)}
            type="number"
            min={0}
            max={MAX_DURATION_SECONDS}
            value={previewStart}
            onChange={setPreviewStart}
            hint={intl.formatMessage(m.previewStartHint)}
            error={errors.fieldErrors.previewStartSeconds}
          />
        </fieldset>
      )}
      {track && <ReleaseFields times={release} error={errors.fieldErrors.earlyAccessAt} />}
    </FormDialog>
  );
}
