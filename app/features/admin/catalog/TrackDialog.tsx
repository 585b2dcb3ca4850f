// Add a track to an album, or edit one: title, number (empty: after the last track), duration
// (replaced by the audio file's own when an upload can read it) and, once it exists, its 30-second
// preview for visitors and free members: on or off, and where it starts (the chorus, say), and its
// own release times (empty: its album's). Adding takes the audio file too (optional): it is uploaded
// once the track exists, with its progress; if that upload fails the track stays, the dialog says
// so and offers the upload again (or closing, to add the audio later from the track's Audio).
import { useState } from "react";
import { useIntl } from "react-intl";
import { AUDIO_ACCEPT, AUDIO_MAX_BYTES, CATALOG_API, MAX_DURATION_SECONDS, TITLE_MAX, UPLOAD_ERROR_CODES } from "#contracts/music/admin-catalog-limits.ts";
import type { AdminTrack, AdminTrackResponse, TrackAudioResponse } from "#contracts/music/admin-catalog.ts";
import { FilePickerField } from "../../../components/FilePickerField";
import { ApiRequestError } from "../../../lib/api";
import { useUpload } from "../../../lib/upload";
import { uploadErrorText } from "../components/form/errors";
import { FormDialog } from "../components/form/FormDialog";
import { ErrorMessage, TextField, wholeNumber } from "../components/form/fields";
import { formKitMessages as kit } from "../components/form/messages";
import { formatBytes } from "../format";
import { catalogMessages as m } from "./messages";
import { catalogApi, useCatalogRefresh, useCatalogWrite } from "./queries";
import { useFormErrors } from "./useFormErrors";
import { ReleaseFields, useReleaseTimes } from "./ReleaseFields";

type TrackFields = {
  title: string;
  number?: number;
  durationSeconds?: number;
  previewEnabled?: boolean;
  previewStartSeconds?: number;
  teaser?: boolean;
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
  const [teaser, setTeaser] = useState(track?.teaser ?? false);
  const release = useReleaseTimes(track);
  const errors = useFormErrors(["title", "number", "durationSeconds", "previewStartSeconds", "earlyAccessAt", "earlyMinTierId"] as const);
  const save = useCatalogWrite("albums", (fields: TrackFields) =>
    track ? catalogApi.patch<AdminTrackResponse>(`/tracks/${track.id}`, fields) : catalogApi.post<AdminTrackResponse>(`/albums/${albumId}/tracks`, fields),
  );
  const refresh = useCatalogRefresh();
  const [audio, setAudio] = useState<File | null>(null);
  // The track this dialog created while its audio upload has not succeeded yet.
  const [created, setCreated] = useState<AdminTrack | null>(null);
  const upload = useUpload<TrackAudioResponse>();
  const uploading = upload.state.phase === "uploading";
  const maxAudio = formatBytes(intl, AUDIO_MAX_BYTES);
  const audioTooLarge = audio !== null && audio.size > AUDIO_MAX_BYTES;

  const chooseAudio = (file: File | null) => {
    setAudio(file);
    // Known before a byte is sent, as in the Audio dialog.
    if (file && file.size > AUDIO_MAX_BYTES) upload.fail(new ApiRequestError(413, UPLOAD_ERROR_CODES.tooLarge, ""));
    else upload.reset();
  };

  const uploadAudio = async (target: AdminTrack, file: File) => {
    const result = await upload.start(`${CATALOG_API}/tracks/${target.id}/audio`, file);
    refresh("albums");
    if (result) onClose();
  };

  const submit = () => {
    if (created) return void (audio && uploadAudio(created, audio));
    if (audioTooLarge) return;
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
      fields.teaser = teaser;
    }
    const changed: Partial<TrackFields> = current
      ? Object.fromEntries(Object.entries(fields).filter(([k, v]) => current[k as keyof TrackFields] !== v))
      : fields;
    // Both times go together (the server checks them as a pair).
    if (track && release.changed) Object.assign(changed, release.value);
    if (Object.keys(changed).length === 0) return onClose();
    save.mutate(changed as TrackFields, {
      onSuccess: ({ track: saved }) => {
        if (track || !audio) return onClose();
        setCreated(saved);
        void uploadAudio(saved, audio);
      },
      onError: errors.fromServer,
    });
  };

  return (
    <FormDialog
      title={intl.formatMessage(track ? m.trackEditTitle : m.trackCreateTitle)}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending || uploading}
      submit={track ? m.commonSave : created ? m.trackAudioRetry : m.commonCreate}
      submitting={track ? m.commonSaving : uploading ? m.trackAudioUploading : m.commonCreating}
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
          <label className="catalog-choice">
            <input type="checkbox" checked={teaser} onChange={(event) => setTeaser(event.target.checked)} />
            {intl.formatMessage(m.teaser)}
          </label>
        </fieldset>
      )}
      {track && <ReleaseFields times={release} error={errors.fieldErrors.earlyAccessAt} tierError={errors.fieldErrors.earlyMinTierId} />}
      {!track && (
        <FilePickerField
          label={intl.formatMessage(m.trackAudioField)}
          buttonLabel={intl.formatMessage(kit.uploadChoose)}
          fileName={audio ? `${audio.name} (${formatBytes(intl, audio.size)})` : null}
          emptyText={intl.formatMessage(kit.uploadNoFile)}
          hint={intl.formatMessage(m.trackAudioHint, { max: maxAudio })}
          // Before the track exists only a file too large can be wrong; after, the upload's own failure shows below.
          error={!created && upload.state.phase === "failed" ? <ErrorMessage error={uploadErrorText(upload.state.error, "audio", maxAudio)} /> : undefined}
          accept={AUDIO_ACCEPT}
          disabled={uploading || save.isPending}
          onChange={(e) => chooseAudio(e.target.files?.[0] ?? null)}
        />
      )}
      {upload.state.phase === "uploading" && (
        <div className="admin-upload-progress">
          <progress max={upload.state.progress.total || 1} value={upload.state.progress.loaded} aria-label={intl.formatMessage(kit.uploadProgressLabel)} />
          <p className="muted">
            {intl.formatMessage(kit.uploadProgress, {
              percent: intl.formatNumber(upload.state.progress.total ? upload.state.progress.loaded / upload.state.progress.total : 0, { style: "percent" }),
              loaded: formatBytes(intl, upload.state.progress.loaded),
              total: formatBytes(intl, upload.state.progress.total),
            })}
          </p>
        </div>
      )}
      {created && upload.state.phase === "failed" && (
        <div className="error-banner" role="alert">
          <p>{intl.formatMessage(m.trackAudioFailed)}</p>
          <p>
            <ErrorMessage error={uploadErrorText(upload.state.error, "audio", maxAudio)} />
          </p>
        </div>
      )}
    </FormDialog>
  );
}
