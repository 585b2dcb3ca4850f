// EN / PT toggle. The choice is stored by the I18nProvider (localStorage and the locale cookie) and
// applied at once; a signed-in member's account keeps it too, for the mails the site sends them.
import { useIntl, type MessageDescriptor } from "react-intl";
import { useLocale } from "../../i18n/I18nProvider";
import { useChooseLocale } from "../../lib/session/memberLocale";
import type { Locale } from "../../i18n/locale";
import { navMessages } from "./navMessages";

const OPTIONS: { locale: Locale; short: string; name: MessageDescriptor }[] = [
  { locale: "en", short: "EN", name: navMessages.english },
  { locale: "pt-BR", short: "PT", name: navMessages.portuguese },
];

export function LanguageSwitcher() {
  const intl = useIntl();
  const { locale } = useLocale();
  const chooseLocale = useChooseLocale();
  // A failed save is not shown here: the page is in the language chosen, and the next switch (or
  // /settings › Language, which does report it) saves it to the account.
  const choose = (next: Locale) => void chooseLocale(next).catch(() => undefined);
  return (
    <div className="lang-switch" role="group" aria-label={intl.formatMessage(navMessages.language)}>
      {OPTIONS.map((option) => (
        <button
          key={option.locale}
          type="button"
          lang={option.locale}
          className="lang-option"
          aria-pressed={locale === option.locale}
          aria-label={intl.formatMessage(option.name)}
          onClick={() => choose(option.locale)}
        >
          {option.short}
        </button>
      ))}
    </div>
  );
}
