// The bot check's texts (decision 090), on six forms of several features: in the site catalogs
// (app/i18n/pt-BR.json and the English read from here).
import { defineMessages } from "react-intl";

export const botCheckMessages = defineMessages({
  localChecking: { id: "botCheck.local.checking", defaultMessage: "Local bot check: checking…" },
  localPassed: { id: "botCheck.local.passed", defaultMessage: "Local bot check: passed" },
  localFailed: { id: "botCheck.local.failed", defaultMessage: "Local bot check: no token (is the local server running?)" },
  liveLabel: { id: "botCheck.live.label", defaultMessage: "Check that you are not a bot" },
  liveFailed: {
    id: "botCheck.live.failed",
    defaultMessage:
      "The check that you are not a bot could not load. Check your connection, or turn off a blocker for challenges.cloudflare.com, then try again.",
  },
});
