// /newsletter/preferences?t=…: the preference link of every campaign mail (decision 045). Reads
// the address's choice (masked address, status, topics, language) and lets the person change it.
import { useQuery } from "@tanstack/react-query";
import { defineMessages, FormattedMessage } from "react-intl";
import { FormBanner } from "../../components/form/FormField";
import { QueryState } from "../../components/QueryState";
import { formMessages } from "../../lib/forms/messages";
import { preferencesQueryOptions } from "./api";
import { LinkPreferencesForm } from "./LinkPreferencesForm";

const m = defineMessages({
  loading: { id: "newsletter.preferences.loading", defaultMessage: "Loading your preferences..." },
  loadFailed: { id: "newsletter.preferences.loadFailed", defaultMessage: "Your preferences could not be loaded." },
  retry: { id: "newsletter.preferences.retry", defaultMessage: "Try again" },
});

export function PreferencesPage({ t }: { t?: string }) {
  return <div className="card newsletter-page">{t ? <LinkedPreferences t={t} /> : <InvalidLink />}</div>;
}

const InvalidLink = () => (
  <FormBanner kind="error">
    <FormattedMessage {...formMessages.newsletterInvalidLink} />
  </FormBanner>
);

function LinkedPreferences({ t }: { t: string }) {
  const preferences = useQuery(preferencesQueryOptions(t));
  return (
    <QueryState
      query={preferences}
      loading={<FormattedMessage {...m.loading} />}
      failed={<FormattedMessage {...m.loadFailed} />}
      retry={<FormattedMessage {...m.retry} />}
    >
      {(initial) => <LinkPreferencesForm t={t} initial={initial} />}
    </QueryState>
  );
}
