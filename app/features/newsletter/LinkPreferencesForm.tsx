// The preference form behind a mail's signed link: PUT /api/newsletter/preferences?t=… with the
// whole choice. An address the provider reported (bounced, spam complaint) gets the explanation
// instead of a form it could not use.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { defineMessage, defineMessages, FormattedMessage } from "react-intl";
import { FormBanner, UiText } from "../../components/form/FormField";
import { NewsletterChoiceForm } from "../../components/newsletter/NewsletterChoiceForm";
import { formMessages } from "../../lib/forms/messages";
import { serverErrorText } from "../../lib/forms/errorText";
import type { NewsletterPreferences, NewsletterPreferencesInput } from "#contracts/newsletter.ts";
import { newsletterKeys, savePreferences } from "./api";

const m = defineMessages({
  saved: { id: "newsletter.preferences.saved", defaultMessage: "Your preferences are saved." },
  subscribedAgain: { id: "newsletter.preferences.subscribedAgain", defaultMessage: "You're subscribed again. Welcome back!" },
  unsubscribed: { id: "newsletter.preferences.unsubscribed", defaultMessage: "You're unsubscribed. We will send you no more news." },
  failed: { id: "newsletter.preferences.failed", defaultMessage: "Your preferences could not be saved. Please try again." },
});
const forAddress = defineMessage<{ email: string }>({ id: "newsletter.preferences.for", defaultMessage: "Newsletter preferences for {email}" });

export const isSuppressed = (status: NewsletterPreferences["status"]) => status === "bounced" || status === "complained";

export function LinkPreferencesForm({ t, initial }: { t: string; initial: NewsletterPreferences }) {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (body: NewsletterPreferencesInput) => savePreferences(t, body),
    onSuccess: (saved) => client.setQueryData(newsletterKeys.preferences(t), saved),
  });
  const shown = save.data ?? initial;
  // The status before the last save, to tell "subscribed again" from "saved".
  const [before, setBefore] = useState(initial.status);

  return (
    <div className="newsletter-preferences">
      <p>
        <FormattedMessage {...forAddress} values={{ email: shown.email }} />
      </p>
      {isSuppressed(shown.status) ? (
        <FormBanner kind="error">
          <FormattedMessage {...formMessages.addressSuppressed} />
        </FormBanner>
      ) : (
        <NewsletterChoiceForm
          initial={shown}
          source="preferences"
          busy={save.isPending}
          onSave={(choice) => {
            setBefore(shown.status);
            save.mutate(choice);
          }}
        >
          {save.isSuccess && (
            <FormBanner kind="success">
              <FormattedMessage {...(save.data.status !== "subscribed" ? m.unsubscribed : before !== "subscribed" ? m.subscribedAgain : m.saved)} />
            </FormBanner>
          )}
          {save.isError && (
            <FormBanner kind="error">
              <UiText value={serverErrorText(save.error) ?? { message: m.failed }} />
            </FormBanner>
          )}
        </NewsletterChoiceForm>
      )}
    </div>
  );
}
