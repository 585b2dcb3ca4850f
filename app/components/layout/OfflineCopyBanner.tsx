// "Offline copy from {time}": shown above a page the service worker served from its copy because
// the network was gone (decision 058). The time is the copy's, in the reader's language; "Reload"
// asks the network again (the worker replaces the copy when it answers).
import { defineMessages, FormattedMessage, useIntl } from "react-intl";
import { useOfflineCopyTime } from "../../lib/serviceWorker";

const m = defineMessages({
  reload: { id: "app.offlineCopy.reload", defaultMessage: "Reload" },
});

export function OfflineCopyBanner() {
  const copiedAt = useOfflineCopyTime();
  const intl = useIntl();
  if (!copiedAt) return null;
  const time = intl.formatDate(copiedAt, { dateStyle: "medium", timeStyle: "short" });
  return (
    <div className="offline-copy-banner" role="status">
      <p>
        <FormattedMessage id="app.offlineCopy.text" defaultMessage="Offline copy from {time}" values={{ time }} />
      </p>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => window.location.reload()}>
        <FormattedMessage {...m.reload} />
      </button>
    </div>
  );
}
