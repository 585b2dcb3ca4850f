// Settings › Newsletter (decision 045): the member's own subscription to the newsletter, by the
// account's address (GET/PUT /api/account/newsletter). Subscribing here needs no confirmation
// mail, because the address is the account's and verified; an unverified member is told to
// confirm it first (the banner at the top of every page sends the link). An address the mail
// provider reported (bounced, spam complaint) is explained instead of offering a form.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { defineMessage, defineMessages, FormattedMessage } from "react-intl";
import { FormBanner, UiText } from "../../components/form/FormField";
import { QueryState } from "../../components/QueryState";
import { NewsletterChoiceForm } from "../../components/newsletter/NewsletterChoiceForm";
import { api } from "../../lib/api";
import { serverErrorText } from "../../lib/forms/errorText";
import { formMessages } from "../../lib/forms/messages";
import { useSessionUser } from "../../lib/session/useSession";
import type { NewsletterPreferences, NewsletterPreferencesInput } from "#contracts/newsletter.ts";

export const ACCOUNT_NEWSLETTER_API = "/api/account/newsletter";

export const newsletterSectionMessages = defineMessages({
  title: { id: "settings.newsletter.title", defaultMessage: "Newsletter" },
  subscribed: { id: "settings.newsletter.subscribed", defaultMessage: "You're subscribed to the newsletter." },
  notSubscribed: { id: "settings.newsletter.notSubscribed", defaultMessage: "You're not subscribed to the newsletter." },
  unverified: {
    id: "settings.newsletter.unverified",
    defaultMessage: "Confirm your e-mail address first, then you can subscribe here. The banner at the top of the page can send you a new link.",
  },
  saved: { id: "settings.newsletter.saved", defaultMessage: "Your newsletter preferences are saved." },
  nowSubscribed: { id: "settings.newsletter.nowSubscribed", defaultMessage: "You're subscribed. Our news will reach you by e-mail." },
  nowUnsubscribed: { id: "settings.newsletter.nowUnsubscribed", defaultMessage: "You're unsubscribed. We will send you no more news." },
  saveFailed: { id: "settings.newsletter.saveFailed", defaultMessage: "Your newsletter preferences could not be saved. Please try again." },
  loading: { id: "settings.newsletter.loading", defaultMessage: "Loading your newsletter preferences..." },
  loadFailed: { id: "settings.newsletter.loadFailed", defaultMessage: "Failed to load your newsletter preferences" },
  retry: { id: "settings.newsletter.retry", defaultMessage: "Try again" },
});
const m = newsletterSectionMessages;
const intro = defineMessage<{ email: string }>({
  id: "settings.newsletter.intro",
  defaultMessage: "News about releases, shows and events, by e-mail to {email}. Every e-mail has a link to unsubscribe in one click.",
});

const accountNewsletterKey = ["account", "newsletter"] as const;

export const accountNewsletterQueryOptions = () =>
  queryOptions({
    queryKey: accountNewsletterKey,
    queryFn: ({ signal }) => api<NewsletterPreferences>(ACCOUNT_NEWSLETTER_API, { signal }),
  });

const isSuppressed = (status: NewsletterPreferences["status"]) => status === "bounced" || status === "complained";

export function NewsletterSection() {
  const preferences = useQuery(accountNewsletterQueryOptions());
  return (
    <QueryState
      query={preferences}
      loading={<FormattedMessage {...m.loading} />}
      failed={<FormattedMessage {...m.loadFailed} />}
      retry={<FormattedMessage {...m.retry} />}
    >
      {(current) => <NewsletterChoice current={current} />}
    </QueryState>
  );
}

function NewsletterChoice({ current }: { current: NewsletterPreferences }) {
  const { user } = useSessionUser();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (body: NewsletterPreferencesInput) => api<NewsletterPreferences>(ACCOUNT_NEWSLETTER_API, { method: "PUT", json: body }),
    onSuccess: (saved) => client.setQueryData(accountNewsletterKey, saved),
  });
  // The status before the last save, to say what the save changed.
  const [before, setBefore] = useState(current.status);
  const subscribed = current.status === "subscribed";
  // The Worker refuses an unverified address (403 email_unverified); say why before they try.
  const unverified = user?.emailVerified === false && !subscribed;

  const outcome = save.isSuccess ? (save.data.status !== "subscribed" ? m.nowUnsubscribed : before !== "subscribed" ? m.nowSubscribed : m.saved) : null;

  return (
    <>
      <p className="muted">
        <FormattedMessage {...intro} values={{ email: current.email }} />
      </p>
      <p>
        <FormattedMessage {...(subscribed ? m.subscribed : m.notSubscribed)} />
      </p>
      {isSuppressed(current.status) ? (
        <FormBanner kind="error">
          <FormattedMessage {...formMessages.addressSuppressed} />
        </FormBanner>
      ) : unverified ? (
        <FormBanner kind="error">
          <FormattedMessage {...m.unverified} />
        </FormBanner>
      ) : (
        <NewsletterChoiceForm
          initial={current}
          source="settings"
          busy={save.isPending}
          onSave={(choice) => {
            setBefore(current.status);
            save.mutate(choice);
          }}
        >
          {outcome && (
            <FormBanner kind="success">
              <FormattedMessage {...outcome} />
            </FormBanner>
          )}
          {save.isError && (
            <FormBanner kind="error">
              <UiText value={serverErrorText(save.error) ?? { message: m.saveFailed }} />
            </FormBanner>
          )}
        </NewsletterChoiceForm>
      )}
    </>
  );
}
