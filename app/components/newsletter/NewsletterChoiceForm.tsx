// The newsletter choice one address has (decision 045): the topics, the language of the mails, and
// subscribed or not. Shared by the preference page behind a mail's signed link
// (app/features/newsletter) and Settings › Newsletter (app/features/settings); each passes its own
// request. A subscriber sees a switch to leave; anyone else sees the consent sentence and one
// button to (re)subscribe. That sentence is word for word the one the Worker stores with the
// consent (worker/services/mail/newsletter.ts, sources "settings" and "preferences").
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { defineMessage, defineMessages, FormattedMessage, type MessageDescriptor } from "react-intl";
import type { Locale } from "../../i18n/locale";
import type { NewsletterPreferences, NewsletterPreferencesInput } from "#contracts/newsletter.ts";
import { NEWSLETTER_TOPICS, type NewsletterTopic } from "#contracts/newsletter-model.ts";
import { useSiteConfig } from "../../lib/session/useSession";

const m = defineMessages({
  topics: { id: "newsletterChoice.topics", defaultMessage: "What I want to hear about" },
  language: { id: "newsletterChoice.language", defaultMessage: "Language of the e-mails" },
  noTopic: { id: "newsletterChoice.noTopic", defaultMessage: "Choose at least one topic, or unsubscribe." },
  save: { id: "newsletterChoice.save", defaultMessage: "Save preferences" },
  saving: { id: "newsletterChoice.saving", defaultMessage: "Saving..." },
  subscribe: { id: "newsletterChoice.subscribe", defaultMessage: "Subscribe" },
  subscribeAgain: { id: "newsletterChoice.subscribeAgain", defaultMessage: "Subscribe again" },
});

/** The consent sentences, by where the person gives it; the Worker stores the same words. */
const consentMessages = {
  settings: defineMessage<{ brand: string }>({
    id: "newsletterChoice.consent.settings",
    defaultMessage: "Send me {brand} news by e-mail. I can unsubscribe at any time.",
  }),
  preferences: defineMessage<{ brand: string }>({
    id: "newsletterChoice.consent.preferences",
    defaultMessage: "Subscribe me again to {brand} news by e-mail. I can unsubscribe at any time.",
  }),
};

const topicMessages: Record<NewsletterTopic, MessageDescriptor> = defineMessages({
  news: { id: "newsletterChoice.topic.news", defaultMessage: "News and releases" },
  events: { id: "newsletterChoice.topic.events", defaultMessage: "Shows and events" },
});

// Each language in its own name, as a language picker shows them.
const LANGUAGES: readonly { locale: Locale; name: MessageDescriptor }[] = [
  { locale: "en", name: defineMessage({ id: "newsletterChoice.locale.en", defaultMessage: "English" }) },
  { locale: "pt-BR", name: defineMessage({ id: "newsletterChoice.locale.ptBR", defaultMessage: "Português" }) },
];

export type NewsletterChoiceFormProps = {
  /** What the Worker holds now; the form starts from it. */
  initial: NewsletterPreferences;
  /** Where the consent is given: its sentence, and the button's words ("Subscribe again" on the link page). */
  source: "settings" | "preferences";
  busy: boolean;
  onSave: (choice: NewsletterPreferencesInput) => void;
  /** The last save's outcome, under the button. */
  children?: ReactNode;
};

export function NewsletterChoiceForm({ initial, source, busy, onSave, children }: NewsletterChoiceFormProps) {
  const id = useId();
  const brand = useSiteConfig()?.brandName ?? "";
  const subscribed = initial.status === "subscribed";
  const [stay, setStay] = useState(true);
  const [topics, setTopics] = useState<NewsletterTopic[]>(initial.topics.length > 0 ? initial.topics : [...NEWSLETTER_TOPICS]);
  const [locale, setLocale] = useState<Locale>(initial.locale);
  const [noTopic, setNoTopic] = useState(false);
  // After a save that changed the status (left, or came back), a subscriber's switch starts on again.
  const [shownStatus, setShownStatus] = useState(initial.status);
  if (shownStatus !== initial.status) {
    setShownStatus(initial.status);
    setStay(true);
  }

  const toggleTopic = (topic: NewsletterTopic, on: boolean) => {
    setNoTopic(false);
    setTopics((current) => NEWSLETTER_TOPICS.filter((t) => (t === topic ? on : current.includes(t))));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A subscriber keeps the switch on unless they turn it off; anyone else pressed "Subscribe".
    const wantsMail = subscribed ? stay : true;
    // Subscribed to no topic would be a subscription that never sends anything.
    if (wantsMail && topics.length === 0) return setNoTopic(true);
    onSave({ subscribed: wantsMail, topics, locale });
  };

  return (
    <form className="form newsletter-choice" noValidate onSubmit={onSubmit}>
      {subscribed && (
        <label className="newsletter-choice-switch">
          <input type="checkbox" role="switch" name="subscribed" checked={stay} onChange={(e) => setStay(e.target.checked)} />{" "}
          <FormattedMessage {...consentMessages.settings} values={{ brand }} />
        </label>
      )}
      <fieldset aria-describedby={noTopic ? `${id}-no-topic` : undefined}>
        <legend>
          <FormattedMessage {...m.topics} />
        </legend>
        {NEWSLETTER_TOPICS.map((topic) => (
          <label key={topic} className="newsletter-choice-option">
            <input type="checkbox" name="topics" value={topic} checked={topics.includes(topic)} onChange={(e) => toggleTopic(topic, e.target.checked)} />{" "}
            <FormattedMessage {...topicMessages[topic]} />
          </label>
        ))}
        {noTopic && (
          <p id={`${id}-no-topic`} className="field-error">
            <FormattedMessage {...m.noTopic} />
          </p>
        )}
      </fieldset>
      <fieldset>
        <legend>
          <FormattedMessage {...m.language} />
        </legend>
        {LANGUAGES.map(({ locale: value, name }) => (
          <label key={value} className="newsletter-choice-option" lang={value}>
            <input type="radio" name={`${id}-locale`} value={value} checked={locale === value} onChange={() => setLocale(value)} />{" "}
            <FormattedMessage {...name} />
          </label>
        ))}
      </fieldset>
      {!subscribed && (
        <p className="newsletter-choice-consent">
          <FormattedMessage {...consentMessages[source]} values={{ brand }} />
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          <FormattedMessage {...(busy ? m.saving : subscribed ? m.save : source === "preferences" ? m.subscribeAgain : m.subscribe)} />
        </button>
      </div>
      {children}
    </form>
  );
}
