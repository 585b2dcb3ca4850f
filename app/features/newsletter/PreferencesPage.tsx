// /newsletter/preferences?t=…: the preference link of every campaign mail (decision 045). Reads
// the address's choice (masked address, status, topics, language) and lets the person change it.
import { useQuery } from "@tanstack/react-query";
import { defineMessages, FormattedMessage } from "react-intl";
import { FormBanner, UiText } from "../../components/form/FormField";
import { Loading } from "../../components/Loading";
import { serverErrorText } from "../../lib/forms/errorText";
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
  if (preferences.isPending) return <Loading label={<FormattedMessage {...m.loading} />} />;
  if (preferences.isError) {
    const known = serverErrorText(preferences.error);
    return (
      <FormBanner kind="error">
        <UiText value={known ?? { message: m.loadFailed }} />
        {!known && (
          <>
            {" "}
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => void preferences.refetch()}>
              <FormattedMessage {...m.retry} />
            </button>
          </>
        )}
      </FormBanner>
    );
  }
  return <LinkPreferencesForm t={t} initial={preferences.data} />;
}
