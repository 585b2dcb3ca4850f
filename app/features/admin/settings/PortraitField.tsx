// The artist's portrait: the current one, a picker, Upload (with its progress and Cancel), then the
// new one in its place. The upload saves at once (PUT /api/admin/settings/portrait, the picture as
// the body), apart from the form's Save button. The server decides the type by the bytes; a file
// over the cap is refused before a byte is sent.
import { useState } from "react";
import { useIntl, type IntlShape } from "react-intl";
import { FilePickerField } from "../../../components/FilePickerField";
import { UiText } from "../../../components/form/FormField";
import { ApiRequestError } from "../../../lib/api";
import type { UiMessage } from "../../../lib/forms/errorText";
import { useUpload } from "../../../lib/upload";
import type { AdminSettingsResponse } from "#contracts/admin/settings.ts";
import { CATALOG_IMAGE_ACCEPT, CATALOG_IMAGE_MAX_BYTES, UPLOAD_ERROR_CODES } from "#contracts/music/admin-catalog-limits.ts";
import { IMAGE_MAX_SIDE_PX } from "#contracts/limits.ts";
import { settingsMessages as m } from "./messages";
import { PORTRAIT_URL, useSettingsSaved } from "./queries";

const megabytes = (intl: IntlShape, bytes: number) => intl.formatNumber(bytes / (1024 * 1024), { style: "unit", unit: "megabyte", maximumFractionDigits: 1 });

/** A failed upload in the admin's language, by status and code (never the server's English). */
function uploadError(err: unknown, maxLabel: string): UiMessage {
  if (!(err instanceof ApiRequestError)) return { message: m.portraitFailed };
  if (err.status === 0) return { message: m.portraitNetwork };
  if (err.status === 413 || err.code === UPLOAD_ERROR_CODES.tooLarge) return { message: m.portraitTooLarge, values: { max: maxLabel } };
  if (err.status === 415 || err.code === UPLOAD_ERROR_CODES.wrongType) return { message: m.portraitWrongType };
  if (err.code === UPLOAD_ERROR_CODES.dimensions) return { message: m.portraitDimensions, values: { max: IMAGE_MAX_SIDE_PX } };
  if (err.code === UPLOAD_ERROR_CODES.empty) return { message: m.portraitEmpty };
  return { message: m.portraitFailed };
}

export function PortraitField({ portraitUrl, artistName }: { portraitUrl: string; artistName: string }) {
  const intl = useIntl();
  const saved = useSettingsSaved();
  const [file, setFile] = useState<File | null>(null);
  const upload = useUpload<AdminSettingsResponse>();
  const { state } = upload;
  const maxLabel = megabytes(intl, CATALOG_IMAGE_MAX_BYTES);
  const uploading = state.phase === "uploading";
  const tooLarge = file !== null && file.size > CATALOG_IMAGE_MAX_BYTES;

  const choose = (chosen: File | null) => {
    setFile(chosen);
    if (chosen && chosen.size > CATALOG_IMAGE_MAX_BYTES) upload.fail(new ApiRequestError(413, UPLOAD_ERROR_CODES.tooLarge, ""));
    else upload.reset();
  };

  const start = async () => {
    if (!file || uploading || tooLarge) return;
    const result = await upload.start(PORTRAIT_URL, file);
    if (result) saved(result);
  };

  const error = state.phase === "failed" ? uploadError(state.error, maxLabel) : undefined;

  return (
    <div className="settings-portrait">
      <h3 className="settings-subtitle">{intl.formatMessage(m.portraitTitle)}</h3>
      <img className="settings-portrait-image" src={portraitUrl} alt={intl.formatMessage(m.portraitAlt, { name: artistName })} width={160} height={160} />
      <FilePickerField
        label={intl.formatMessage(m.portraitUpload)}
        buttonLabel={intl.formatMessage(m.portraitChoose)}
        fileName={file ? file.name : null}
        emptyText={intl.formatMessage(m.portraitNoFile)}
        hint={intl.formatMessage(m.portraitHint, { max: maxLabel })}
        error={error ? <UiText value={error} /> : undefined}
        accept={CATALOG_IMAGE_ACCEPT}
        disabled={uploading}
        onChange={(e) => choose(e.target.files?.[0] ?? null)}
      />
      <div className="settings-portrait-actions">
        {uploading ? (
          <button type="button" className="btn btn-ghost" onClick={upload.cancel}>
            {intl.formatMessage(m.portraitCancel)}
          </button>
        ) : (
          <button type="button" className="btn btn-primary" disabled={!file || tooLarge} onClick={() => void start()}>
            {intl.formatMessage(m.portraitStart)}
          </button>
        )}
      </div>
      {uploading && (
        <div className="settings-portrait-progress">
          <progress max={state.progress.total || 1} value={state.progress.loaded} aria-label={intl.formatMessage(m.portraitProgressLabel)} />
          <p className="muted">
            {intl.formatMessage(m.portraitProgress, {
              percent: intl.formatNumber(state.progress.total ? state.progress.loaded / state.progress.total : 0, { style: "percent" }),
            })}
          </p>
        </div>
      )}
      {/* Shown only once there is something to say: the page's other status (Settings saved) stays the one. */}
      {state.phase === "done" && (
        <p role="status" className="settings-portrait-status">
          {intl.formatMessage(m.portraitDone)}
        </p>
      )}
      {state.phase === "canceled" && (
        <p role="status" className="settings-portrait-status muted">
          {intl.formatMessage(m.portraitCanceled)}
        </p>
      )}
    </div>
  );
}
