// The contact form (docs/features.md#events-virtual-meets-and-the-contact-form), on the landing page and, with the
// accessibility topic, on the accessibility statement: idle,
// sending ('Sending...', button disabled), success (the form resets, subscribe as it started) or
// error. The Worker checks everything again; its field errors are shown next to their field.
// Kept free of zod (the landing page's chunk does not load it): the checks here are only a
// convenience, the server's answer is the rule.
import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { FormattedMessage } from "react-intl";
import { api, ApiRequestError } from "../../lib/api";
import { FormField } from "../../components/form/FormField";
import { BotCheck, botCheckErrorText, botCheckHeaders, useBotCheck, type BotCheckToken } from "../../components/bot-check/BotCheck";
import { serverErrorText, type UiMessage } from "../../lib/forms/errorText";
import { formMessages } from "../../lib/forms/messages";
import { CONTACT_HONEYPOT_FIELD, CONTACT_LIMITS, type ContactRequest, type ContactResponse, type ContactTopic } from "#contracts/contact.ts";
import { useSiteConfig } from "../../lib/session/useSession";
import { contactMessages, subscribeConsentMessage } from "./messages";
import "./contact.css";

type TextField = "name" | "email" | "subject" | "message";
type Fields = Record<TextField, string> & { subscribe: boolean; honeypot: string };
type FieldErrors = Partial<Record<TextField, UiMessage>>;

/**
 * The empty form. "Keep me posted" starts ticked on the general form only: someone reporting an
 * accessibility problem came to be heard, not to be offered the news.
 */
const emptyFields = (topic: ContactTopic): Fields => ({ name: "", email: "", subject: "", message: "", subscribe: topic === "general", honeypot: "" });
const TEXT_FIELDS: readonly TextField[] = ["name", "email", "subject", "message"];
// A light shape check; the Worker's z.email() decides.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const say = (message: UiMessage["message"], values?: UiMessage["values"]): UiMessage => ({ message, values });

function validate(fields: Fields): FieldErrors {
  const errors: FieldErrors = {};
  if (!fields.name.trim()) errors.name = say(formMessages.nameRequired);
  if (!fields.email.trim()) errors.email = say(contactMessages.emailRequired);
  else if (!EMAIL_SHAPE.test(fields.email.trim())) errors.email = say(contactMessages.emailInvalid);
  if (!fields.subject.trim()) errors.subject = say(formMessages.subjectRequired);
  if (!fields.message.trim()) errors.message = say(formMessages.messageRequired);
  return errors;
}

const isTextField = (field: string | undefined): field is TextField => TEXT_FIELDS.some((f) => f === field);

/** The field a 400 is about, with its translated text (a rule we do not know: 'Please check this field'); undefined for any other failure. */
function serverFieldError(error: unknown): { field: TextField; message: UiMessage } | undefined {
  if (!(error instanceof ApiRequestError) || error.status !== 400 || !isTextField(error.field)) return undefined;
  return { field: error.field, message: serverErrorText(error) ?? say(contactMessages.invalidField) };
}

function useSendContact(botCheck: BotCheckToken) {
  return useMutation({
    mutationFn: async (body: ContactRequest) =>
      api<ContactResponse>("/api/contact", { method: "POST", json: body, headers: botCheckHeaders(await botCheck.take()) }),
  });
}

export function ContactForm({ topic = "general" }: { topic?: ContactTopic }) {
  const botCheck = useBotCheck("contact");
  const send = useSendContact(botCheck);
  const formRef = useRef<HTMLFormElement>(null);
  const honeypotId = useId();
  const subscribeId = useId();
  const [fields, setFields] = useState<Fields>(() => emptyFields(topic));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<"idle" | "sent" | "failed" | "rateLimited">("idle");
  // Whether the sent message asked for the newsletter: a confirmation mail follows if so.
  const [sentSubscribed, setSentSubscribed] = useState(false);
  const brand = useSiteConfig()?.brandName ?? "";
  // Bumped to move focus to the first field marked invalid, once that render is on screen.
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [focusRequest]);

  const update = (name: TextField | "honeypot") => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (send.isPending) return;
    setOutcome("idle");
    const errors = validate(fields);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return setFocusRequest((n) => n + 1);
    const body: ContactRequest = {
      name: fields.name.trim(),
      email: fields.email.trim(),
      subject: fields.subject.trim(),
      message: fields.message,
      subscribe: fields.subscribe,
      ...(topic === "general" ? {} : { topic }),
      ...(fields.honeypot ? { [CONTACT_HONEYPOT_FIELD]: fields.honeypot } : {}),
    };
    send.mutate(body, {
      onSuccess: () => {
        setSentSubscribed(body.subscribe === true);
        setFields(emptyFields(topic));
        setOutcome("sent");
      },
      onError: (error) => {
        const fieldError = serverFieldError(error);
        if (fieldError) {
          setFieldErrors({ [fieldError.field]: fieldError.message });
          setFocusRequest((n) => n + 1);
        }
        setOutcome(error instanceof ApiRequestError && error.status === 429 ? "rateLimited" : "failed");
      },
    });
  };

  const busy = send.isPending;
  return (
    <div className="card contact-form-card">
      <h3 id="contact-form-heading">
        <FormattedMessage {...contactMessages.heading} />
      </h3>
      <form ref={formRef} className="form contact-form" noValidate aria-labelledby="contact-form-heading" aria-busy={busy} onSubmit={onSubmit}>
        <div className="grid grid-2 contact-form-row">
          <FormField
            label={<FormattedMessage {...contactMessages.nameLabel} />}
            name="name"
            autoComplete="name"
            required
            maxLength={CONTACT_LIMITS.name}
            value={fields.name}
            onChange={update("name")}
            error={fieldErrors.name}
          />
          <FormField
            label={<FormattedMessage {...contactMessages.emailLabel} />}
            type="email"
            name="email"
            autoComplete="email"
            required
            maxLength={CONTACT_LIMITS.email}
            value={fields.email}
            onChange={update("email")}
            error={fieldErrors.email}
          />
        </div>
        <FormField
          label={<FormattedMessage {...contactMessages.subjectLabel} />}
          name="subject"
          required
          maxLength={CONTACT_LIMITS.subject}
          value={fields.subject}
          onChange={update("subject")}
          error={fieldErrors.subject}
        />
        <FormField
          multiline
          label={<FormattedMessage {...contactMessages.messageLabel} />}
          name="message"
          rows={6}
          required
          maxLength={CONTACT_LIMITS.message}
          value={fields.message}
          onChange={update("message")}
          error={fieldErrors.message}
        />
        <div className="contact-subscribe">
          <input
            id={subscribeId}
            type="checkbox"
            name="subscribe"
            checked={fields.subscribe}
            onChange={(e) => setFields((f) => ({ ...f, subscribe: e.target.checked }))}
          />
          <label htmlFor={subscribeId}>
            <FormattedMessage {...subscribeConsentMessage} values={{ brand }} />
          </label>
        </div>
        {/* For bots only: off-screen (not display:none, which bots skip), out of the tab order and
            hidden from assistive technology. A person never fills it; anything in it is dropped. */}
        <div className="contact-honeypot" aria-hidden="true">
          <label htmlFor={honeypotId}>
            <FormattedMessage {...contactMessages.honeypotLabel} />
          </label>
          <input
            id={honeypotId}
            type="text"
            name={CONTACT_HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            value={fields.honeypot}
            onChange={update("honeypot")}
          />
        </div>
        <BotCheck check={botCheck} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            <FormattedMessage {...(busy ? contactMessages.sending : contactMessages.submit)} />
          </button>
        </div>
      </form>
      {(outcome === "failed" || outcome === "rateLimited") && (
        <div className="error-banner contact-outcome" role="alert">
          <FormattedMessage {...(outcome === "rateLimited" ? contactMessages.rateLimited : (botCheckErrorText(send.error) ?? contactMessages.failed))} />
        </div>
      )}
      {/* Always in the page, so screen readers announce the success when it appears. */}
      <div role="status">
        {outcome === "sent" && (
          <div className="success-banner contact-outcome">
            <FormattedMessage {...(sentSubscribed ? contactMessages.sentSubscribed : contactMessages.sent)} />
          </div>
        )}
      </div>
    </div>
  );
}
