// Loading and failure states shared by the music pages.
import { FormattedMessage } from "react-intl";
import { Loading } from "../../../components/Loading";
import { musicMessages } from "./messages";

export const MusicLoading = () => <Loading label={<FormattedMessage {...musicMessages.loading} />} />;

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
