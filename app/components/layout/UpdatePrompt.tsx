// "New version available — Reload": shown when a new service worker is installed and waiting
// (app/lib/serviceWorker.ts). Reloading is the member's choice; until then the page keeps running
// the version it started with.
import { defineMessages, FormattedMessage } from "react-intl";
import { applyUpdate, useUpdateWaiting } from "../../lib/serviceWorker";

const m = defineMessages({
  text: { id: "app.update.text", defaultMessage: "A new version of the site is available." },
  reload: { id: "app.update.reload", defaultMessage: "Reload" },
});

export function UpdatePrompt() {
  const waiting = useUpdateWaiting();
  if (!waiting) return null;
  return (
    <div className="update-prompt" role="status">
      <p>
        <FormattedMessage {...m.text} />
      </p>
      <button type="button" className="btn btn-primary btn-sm" onClick={applyUpdate}>
        <FormattedMessage {...m.reload} />
      </button>
    </div>
  );
}
