// A file, its upload and what became of it: the picker, Upload, a progress bar with percent and
// bytes while it runs, Cancel, and then 'Upload complete', 'Upload canceled' or why it failed
// ('File too large' is known before a byte is sent). The server decides the type by the bytes.
// With startOnChoose, choosing the file is the upload (a picture added to a list needs no second
// step); Upload then only shows again to retry one that failed or was canceled.
import { useState, type ReactNode } from "react";
import { useIntl } from "react-intl";
import { FilePickerField } from "#app/components/FilePickerField.tsx";
import { ApiRequestError } from "#app/lib/api/index.ts";
import { useUpload } from "#app/lib/upload.ts";
import { UPLOAD_ERROR_CODES } from "#contracts/music/admin-catalog-limits.ts";
import { formatBytes } from "../../format";
import { uploadErrorText, type UploadKind } from "./errors";
import { ErrorMessage } from "./fields";
import { formKitMessages as m } from "./messages";
import "./form.css";

type UploadFieldProps<T> = {
  kind: UploadKind;
  /** Where the file is PUT. */
  url: string;
  accept: string;
  maxBytes: number;
  label: ReactNode;
  hint: ReactNode;
  /** Called with the server's answer (the list is refreshed by the caller). */
  onUploaded: (result: T) => void;
  /** What to say after the upload, from the server's answer (e.g. the duration it read). */
  note?: (result: T) => ReactNode;
  /** Upload as soon as a file is chosen. */
  startOnChoose?: boolean;
};

export function UploadField<T>({ kind, url, accept, maxBytes, label, hint, onUploaded, note, startOnChoose = false }: UploadFieldProps<T>) {
  const intl = useIntl();
  const [file, setFile] = useState<File | null>(null);
  const upload = useUpload<T>();
  const { state } = upload;
  const maxLabel = formatBytes(intl, maxBytes);
  const uploading = state.phase === "uploading";

  const start = async (chosen: File | null = file) => {
    if (!chosen || uploading || chosen.size > maxBytes) return;
    const result = await upload.start(url, chosen);
    if (result) onUploaded(result);
  };

  const choose = (chosen: File | null) => {
    setFile(chosen);
    if (chosen && chosen.size > maxBytes) upload.fail(new ApiRequestError(413, UPLOAD_ERROR_CODES.tooLarge, ""));
    else if (chosen && startOnChoose) void start(chosen);
    else upload.reset();
  };
  const retryOnly = startOnChoose && state.phase !== "failed" && state.phase !== "canceled";

  const error = state.phase === "failed" ? uploadErrorText(state.error, kind, maxLabel) : null;

  return (
    <div className="admin-upload">
      <FilePickerField
        label={label}
        buttonLabel={intl.formatMessage(m.uploadChoose)}
        fileName={file ? `${file.name} (${formatBytes(intl, file.size)})` : null}
        emptyText={intl.formatMessage(m.uploadNoFile)}
        hint={hint}
        error={error ? <ErrorMessage error={error} /> : undefined}
        accept={accept}
        disabled={uploading}
        onChange={(e) => choose(e.target.files?.[0] ?? null)}
      />
      <div className="admin-upload-actions">
        {uploading ? (
          <button type="button" className="btn btn-ghost" onClick={upload.cancel}>
            {intl.formatMessage(m.uploadCancel)}
          </button>
        ) : retryOnly ? null : (
          <button type="button" className="btn btn-primary" disabled={!file || file.size > maxBytes} onClick={() => void start()}>
            {intl.formatMessage(m.uploadStart)}
          </button>
        )}
      </div>
      {uploading && (
        <div className="admin-upload-progress">
          <progress max={state.progress.total || 1} value={state.progress.loaded} aria-label={intl.formatMessage(m.uploadProgressLabel)} />
          <p className="muted">
            {intl.formatMessage(m.uploadProgress, {
              percent: intl.formatNumber(state.progress.total ? state.progress.loaded / state.progress.total : 0, { style: "percent" }),
              loaded: formatBytes(intl, state.progress.loaded),
              total: formatBytes(intl, state.progress.total),
            })}
          </p>
        </div>
      )}
      <div role="status" className="admin-upload-status">
        {state.phase === "done" && (
          <>
            <p className="admin-upload-done">{intl.formatMessage(m.uploadDone)}</p>
            {note?.(state.result)}
          </>
        )}
        {state.phase === "canceled" && <p className="muted">{intl.formatMessage(m.uploadCanceled)}</p>}
      </div>
    </div>
  );
}
