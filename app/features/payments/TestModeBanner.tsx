// The unmistakable marker on the built-in (offline) checkout and manage pages.
import type { MessageDescriptor } from "react-intl";
import { FormattedMessage } from "react-intl";
import { testModeMessages } from "./messages";

export function TestModeBanner({ notice }: { notice: MessageDescriptor }) {
  return (
    <div className="test-mode-banner" role="note">
      <strong className="test-mode-badge">
        <FormattedMessage {...testModeMessages.badge} />
      </strong>
      <p>
        <FormattedMessage {...notice} />
      </p>
    </div>
  );
}
