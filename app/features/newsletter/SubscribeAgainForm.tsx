// An e-mail box to ask for a (new) confirmation link: POST /api/newsletter/subscribe. The Worker
// answers the same whatever the address's state, so the page says only that a link is on its way
// if the address can be subscribed. The consent sentence is the contact form's, the source the
// Worker stores for this request.
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { defineMessage, defineMessages, FormattedMessage, useIntl } from "react-intl";
import { FormBanner, FormField, UiText } from "../../components/form/FormField";
import type { Locale } from "../../i18n/locale";
import type { UiMessage } from "../../lib/forms/errorText";
import { serverErrorText } from "../../lib/forms/errorText";
import { formMessages } from "../../lib/forms/messages";
import { useSiteConfig } from "../../lib/session/useSession";
import { askToSubscribe } from "./api";
import { BotCheck, botCheckHeaders, useBotCheck } from "../../components/bot-check/BotCheck";

const m = defineMessages({
  heading: { id: "newsletter.subscribe.heading", defaultMessage: "Subscribe again" },
  email: { id: "newsletter.subscribe.email", defaultMessage: "Your e-mail address" },
  emailRequired: { id: "newsletter.subscribe.emailRequired", defaultMessage: "Enter your e-mail address" },
  submit: { id: "newsletter.subscribe.submit", defaultMessage: "Send me a confirmation link" },
  sending: { id: "newsletter.subscribe.sending", defaultMessage: "Sending..." },
  failed: { id: "newsletter.subscribe.failed", defaultMessage: "The link could not be sent. Please try again." },
});
const consent = defineMessage<{ brand: string }>({
  id: "newsletter.subscribe.consent",
  defaultMessage: "Keep me posted: send me {brand} news by e-mail. A confirmation e-mail follows; I can unsubscribe at any time.",
});
const sentTo = defineMessage<{ email: string }>({
  id: "newsletter.subscribe.sent",
  defaultMessage: "Check your inbox: if {email} can be subscribed, a new confirmation link is on its way.",
});

// A light shape check; the Worker's z.email() decides.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function SubscribeAgainForm() {
  const intl = useIntl();
  const brand = useSiteConfig()?.brandName ?? "";
  const [email, setEmail] = useState("");
  const [error, setError] = useState<UiMessage | undefined>();
  const botCheck = useBotCheck("newsletter");
  const subscribe = useMutation({
    mutationFn: async (body: { email: string; locale: Locale }) => askToSubscribe(body, botCheckHeaders(await botCheck.take())),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) return setError({ message: m.emailRequired });
    if (!EMAIL_SHAPE.test(address)) return setError({ message: formMessages.emailInvalid });
    setError(undefined);
    subscribe.mutate({ email: address, locale: intl.locale as Locale });
  };

  if (subscribe.isSuccess) {
    return (
      <FormBanner kind="success">
        <FormattedMessage {...sentTo} values={{ email: subscribe.variables.email }} />
      </FormBanner>
    );
  }
  return (
    <form className="form newsletter-subscribe" noValidate aria-labelledby="newsletter-subscribe-heading" onSubmit={onSubmit}>
      <h2 id="newsletter-subscribe-heading">
        <FormattedMessage {...m.heading} />
      </h2>
      <FormField
        label={<FormattedMessage {...m.email} />}
        type="email"
        name="email"
        autoComplete="email"
        required
        maxLength={254}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
      />
      <p className="muted">
        <FormattedMessage {...consent} values={{ brand }} />
      </p>
      <BotCheck check={botCheck} />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={subscribe.isPending}>
          <FormattedMessage {...(subscribe.isPending ? m.sending : m.submit)} />
        </button>
      </div>
      {subscribe.isError && (
        <FormBanner kind="error">
          <UiText value={serverErrorText(subscribe.error) ?? { message: m.failed }} />
        </FormBanner>
      )}
    </form>
  );
}
