// The news box (decision 057): one e-mail field in the footer of every public page and in the
// landing page's "News" section. It asks the newsletter's double opt-in (POST
// /api/newsletter/subscribe, source news_box) in the page's language: sending, then "check your
// inbox" whatever the address was (new, pending, subscribed: the same answer, so the box tells
// nobody who is on the list), or an error. The sentence under the field is word for word the
// consent the Worker stores (consentText(locale, "news_box") in worker/services/mail/newsletter.ts).
// Its texts are in the site's catalogs: the footer is on every page. Like the contact form, it
// needs the page's script; the server renders it ready for it. Being on every page, it shows its bot
// check (decision 090) only once someone starts using it: Turnstile's script is not loaded for
// every page view. A site with no bot check at all shows no news box (`useNewsSignupWorks`).
import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { defineMessage, defineMessages, useIntl } from "react-intl";
import { api } from "../../lib/api";
import { hasStatus } from "../../lib/forms/errorText";
import { useSiteConfig } from "../../lib/session/useSession";
import { BotCheck, botCheckErrorText, botCheckHeaders, useBotCheck } from "../../components/bot-check/BotCheck";
import "./news-signup.css";

export const newsSignupMessages = defineMessages({
  emailLabel: { id: "newsBox.emailLabel", defaultMessage: "Your e-mail" },
  submit: { id: "newsBox.submit", defaultMessage: "Sign up" },
  sending: { id: "newsBox.sending", defaultMessage: "Sending…" },
  checkInbox: { id: "newsBox.checkInbox", defaultMessage: "Check your inbox: open the link we sent to confirm your subscription." },
  invalid: { id: "newsBox.invalid", defaultMessage: "Please enter a valid e-mail address." },
  rateLimited: { id: "newsBox.rateLimited", defaultMessage: "Too many attempts. Please wait a few minutes and try again." },
  failed: { id: "newsBox.failed", defaultMessage: "That did not work. Please try again." },
});

/** Word for word the consent the Worker stores for the news box. */
const consentMessage = defineMessage<{ brand: string }>({
  id: "newsBox.consent",
  defaultMessage: "Send me {brand} news by e-mail. A confirmation e-mail follows; I can unsubscribe at any time.",
});

// A light shape check; the Worker's z.email() decides.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Whether the news box can work on this site: the Worker refuses a sign-up without a passing bot
 * check, which needs Turnstile's keys or, on a local site, the local check. Without either the box
 * is left out rather than offered and refused.
 */
export function useNewsSignupWorks(): boolean {
  const mode = useSiteConfig()?.botCheck?.mode;
  return mode === "live" || mode === "local";
}

export function NewsSignup({ className = "" }: { className?: string }) {
  const intl = useIntl();
  const id = useId();
  const brand = useSiteConfig()?.brandName ?? "";
  const [email, setEmail] = useState("");
  const [shapeError, setShapeError] = useState(false);
  const botCheck = useBotCheck("newsletter");
  const [checking, setChecking] = useState(false);
  const subscribe = useMutation({
    mutationFn: async (address: string) =>
      api<{ ok: true }>("/api/newsletter/subscribe", {
        method: "POST",
        json: { email: address, locale: intl.locale === "pt-BR" ? "pt-BR" : "en", source: "news_box" },
        headers: botCheckHeaders(await botCheck.take()),
      }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecking(true);
    const address = email.trim();
    setShapeError(!EMAIL_SHAPE.test(address));
    if (EMAIL_SHAPE.test(address)) subscribe.mutate(address);
  };
  const error = shapeError
    ? newsSignupMessages.invalid
    : subscribe.isError
      ? (botCheckErrorText(subscribe.error) ??
        (hasStatus(subscribe.error, 429)
          ? newsSignupMessages.rateLimited
          : hasStatus(subscribe.error, 400)
            ? newsSignupMessages.invalid
            : newsSignupMessages.failed))
      : null;
  if (subscribe.isSuccess) {
    return (
      <p className={`news-signup-done ${className}`} role="status">
        {intl.formatMessage(newsSignupMessages.checkInbox)}
      </p>
    );
  }
  return (
    <form className={`news-signup ${className}`} onSubmit={submit} onFocus={() => setChecking(true)} noValidate aria-busy={subscribe.isPending}>
      <label htmlFor={`${id}-email`} className="news-signup-label">
        {intl.formatMessage(newsSignupMessages.emailLabel)}
      </label>
      <div className="news-signup-row">
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-consent${error ? ` ${id}-error` : ""}`}
        />
        <button type="submit" className="btn btn-primary btn-sm" disabled={subscribe.isPending}>
          {intl.formatMessage(subscribe.isPending ? newsSignupMessages.sending : newsSignupMessages.submit)}
        </button>
      </div>
      <p id={`${id}-consent`} className="news-signup-consent muted">
        {intl.formatMessage(consentMessage, { brand })}
      </p>
      {checking && <BotCheck check={botCheck} />}
      {error && (
        <p id={`${id}-error`} className="form-error" role="alert">
          {intl.formatMessage(error)}
        </p>
      )}
    </form>
  );
}
