// What the page says about itself above the conversation: the connection, the offline mode and
// the latest error.
import { Link } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { chatErrorText } from "./copy";
import { chatMessages as m } from "./messages";
import type { ChatError, ChatStatus } from "./state";

/** 'Reconnecting...' while the socket is away; the end of the session, which needs a new login. */
export function ConnectionNotice({ status }: { status: ChatStatus }) {
  if (status === "ended") {
    return (
      <div className="error-banner chat-banner" role="alert">
        <span>
          <FormattedMessage {...m.sessionEnded} />
        </span>
        <Link to="/social/login" className="btn btn-ghost btn-sm">
          <FormattedMessage {...m.logIn} />
        </Link>
      </div>
    );
  }
  // The status region stays in the page so a change in it is announced.
  return (
    <div role="status" className={status === "reconnecting" ? "info-banner chat-banner" : "sr-only"}>
      {status === "reconnecting" && <FormattedMessage {...m.reconnecting} />}
    </div>
  );
}

/** Replies come from the site's own data while the AI model is unavailable. */
export function OfflineNotice() {
  return (
    <p className="info-banner chat-offline">
      <span className="badge">
        <FormattedMessage {...m.offlineBadge} />
      </span>{" "}
      <FormattedMessage {...m.offlineBody} />
    </p>
  );
}

export function ChatErrorBanner({ error, onDismiss }: { error: ChatError; onDismiss: () => void }) {
  const intl = useIntl();
  return (
    <div className="error-banner chat-banner" role="alert">
      <span>{chatErrorText(error, intl)}</span>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onDismiss}>
        <FormattedMessage {...m.dismiss} />
      </button>
    </div>
  );
}
