// Invite User: an e-mail field and the invitation's language (the admin's own to begin with). The
// server checks the address again, refuses one that already has an account, and mails the sign-up
// link in the chosen language; a refusal stays in the dialog.
import { useId, useState, type FormEvent } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import { Modal } from "../../../components/Modal";
import { useLocale } from "../../../i18n/I18nProvider";
import type { Locale } from "../../../i18n/locale";
import { inviteErrorMessage } from "./errors";
import { usersMessages as m } from "./messages";
import { useInvite } from "./queries";

/** A plausible address; the server's check is the one that counts. */
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

const LANGUAGES: { locale: Locale; name: MessageDescriptor }[] = [
  { locale: "en", name: m.inviteLanguageEn },
  { locale: "pt-BR", name: m.inviteLanguagePtBR },
];

export function InviteDialog({ onClose, onSent }: { onClose: () => void; onSent: (email: string) => void }) {
  const intl = useIntl();
  const formId = useId();
  const fieldId = useId();
  const errorId = useId();
  const languageId = useId();
  const invite = useInvite();
  const [email, setEmail] = useState("");
  const [language, setLanguage] = useState<Locale>(useLocale().locale);
  const [error, setError] = useState<MessageDescriptor | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invite.isPending) return;
    const address = email.trim();
    if (!looksLikeEmail(address)) return setError(m.inviteInvalidEmail);
    setError(null);
    invite.mutate({ email: address, locale: language }, { onSuccess: ({ invited }) => onSent(invited), onError: (err) => setError(inviteErrorMessage(err)) });
  };

  const footer = (
    <>
      {error && (
        <div className="error-banner" role="alert" id={errorId}>
          {intl.formatMessage(error)}
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {intl.formatMessage(m.cancel)}
        </button>
        <button type="submit" form={formId} className="btn btn-primary" disabled={invite.isPending}>
          {intl.formatMessage(invite.isPending ? m.inviteSending : m.inviteSend)}
        </button>
      </div>
    </>
  );

  return (
    <Modal title={intl.formatMessage(m.inviteTitle)} onClose={onClose} footer={footer}>
      <form id={formId} className="form" noValidate onSubmit={submit}>
        <p className="muted">{intl.formatMessage(m.inviteIntro)}</p>
        <div className="field">
          <label htmlFor={fieldId}>{intl.formatMessage(m.inviteEmail)}</label>
          <input
            id={fieldId}
            type="email"
            name="email"
            autoComplete="off"
            required
            maxLength={254}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor={languageId}>{intl.formatMessage(m.inviteLanguage)}</label>
          <select id={languageId} name="locale" value={language} onChange={(event) => setLanguage(event.target.value === "pt-BR" ? "pt-BR" : "en")}>
            {LANGUAGES.map((option) => (
              <option key={option.locale} value={option.locale} lang={option.locale}>
                {intl.formatMessage(option.name)}
              </option>
            ))}
          </select>
        </div>
      </form>
    </Modal>
  );
}
