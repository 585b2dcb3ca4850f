// Where an entry's upload stands: a progress bar with its percentage and a cancel button while it
// runs, then the refusal by its code (format, size, duration, window) or the cancel.
import { useIntl } from "react-intl";
import type { UploadState } from "../../lib/upload";
import { UiText } from "../../components/form/FormField";
import { entryErrorText } from "./entry-errors";
import { contestMessages as m } from "./messages";

export function UploadProgress({ state, maxUploadMb, onCancel }: { state: UploadState<unknown>; maxUploadMb: number; onCancel: () => void }) {
  const intl = useIntl();
  if (state.phase === "uploading") {
    const { loaded, total } = state.progress;
    const percent = total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0;
    return (
      <div className="contest-upload">
        <progress max={100} value={percent} aria-label={intl.formatMessage(m.uploadLabel)} />
        <span role="status">{intl.formatMessage(m.uploadProgress, { percent })}</span>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
          {intl.formatMessage(m.cancelUpload)}
        </button>
      </div>
    );
  }
  if (state.phase === "failed")
    return (
      <div className="error-banner" role="alert">
        <UiText value={entryErrorText(state.error, maxUploadMb)} />
      </div>
    );
  if (state.phase === "canceled") return <p role="status">{intl.formatMessage(m.uploadCanceled)}</p>;
  return null;
}
