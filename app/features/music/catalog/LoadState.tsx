// Loading and failure states shared by the music pages.
import { FormattedMessage } from "react-intl";
import { Loading } from "../../../components/Loading";
import { musicMessages } from "./messages";

export const MusicLoading = () => <Loading label={<FormattedMessage {...musicMessages.loading} />} />;

/**
 * While a track or album loads: the cover's box at its final size and the loading line where the
 * text will be, so nothing below moves when the data arrives.
 */
export function CoverHeadPlaceholder({ className }: { className: string }) {
  return (
    <div className={className} aria-busy="true">
      <div className="cover cover-placeholder" style={{ width: 400, height: 400 }} />
      <div className="cover-head-placeholder-text">
        <MusicLoading />
      </div>
    </div>
  );
}

export function MusicLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="error-banner" role="alert">
      <FormattedMessage {...musicMessages.loadFailed} />{" "}
      <button type="button" className="btn btn-ghost btn-sm" onClick={onRetry}>
        <FormattedMessage {...musicMessages.retry} />
      </button>
    </div>
  );
}
