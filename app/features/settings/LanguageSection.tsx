// Settings › Language: the account's language, which the site and the mails sent to the member use.
// Choosing one switches the page at once and saves it to the account, the same as the header's
// switcher (app/lib/session/memberLocale.ts); unlike the header, a failed save is said here.
// Native radios in a fieldset: Tab reaches the group, the arrow keys choose.
import { useMutation } from "@tanstack/react-query";
import { defineMessages, FormattedMessage } from "react-intl";
import { FormBanner } from "../../components/form/FormField";
import { useLocale } from "../../i18n/I18nProvider";
import { LOCALES, type Locale } from "../../i18n/locale";
import { useAccountLocale, useChooseLocale } from "../../lib/session/memberLocale";

export const languageSectionMessages = defineMessages({
  title: { id: "settings.language.title", defaultMessage: "Language" },
  intro: {
    id: "settings.language.intro",
    defaultMessage: "The language of this site and of the e-mails we send you.",
  },
  legend: { id: "settings.language.legend", defaultMessage: "Your account's language" },
  en: { id: "settings.language.en", defaultMessage: "English" },
  "pt-BR": { id: "settings.language.ptBR", defaultMessage: "Português (Brasil)" },
  saved: { id: "settings.language.saved", defaultMessage: "Language saved. The site and our e-mails to you now use it." },
  failed: { id: "settings.language.failed", defaultMessage: "Your language could not be saved to your account. Please try again." },
});
const m = languageSectionMessages;

export function LanguageSection() {
  const { locale } = useLocale();
  const accountLocale = useAccountLocale();
  const chooseLocale = useChooseLocale();
  const save = useMutation({ mutationFn: chooseLocale });
  // The account's language; while a save runs, the one being saved. After a failed save the
  // account's own shows again, so choosing the other option once more retries.
  const checked = save.isPending ? save.variables : (accountLocale ?? locale);

  return (
    <>
      <p className="muted">
        <FormattedMessage {...m.intro} />
      </p>
      <fieldset className="settings-language">
        <legend>
          <FormattedMessage {...m.legend} />
        </legend>
        {LOCALES.map((option: Locale) => (
          <label key={option} className="settings-language-option" lang={option}>
            <input type="radio" name="account-locale" value={option} checked={checked === option} onChange={() => save.mutate(option)} />
            <FormattedMessage {...m[option]} />
          </label>
        ))}
      </fieldset>
      {save.isError && (
        <FormBanner kind="error">
          <FormattedMessage {...m.failed} />
        </FormBanner>
      )}
      {save.isSuccess && (
        <FormBanner kind="success">
          <FormattedMessage {...m.saved} />
        </FormBanner>
      )}
    </>
  );
}
