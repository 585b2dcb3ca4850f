// EN / PT toggle. The choice is stored by the I18nProvider (localStorage) and applied at once.
import { useIntl, type MessageDescriptor } from "react-intl";
import { useLocale } from "../../i18n/I18nProvider";
import type { Locale } from "../../i18n/locale";
import { navMessages } from "./navMessages";

const OPTIONS: { locale: Locale; short: string; name: MessageDescriptor }[] = [
  { locale: "en", short: "EN", name: navMessages.english },
  { locale: "pt-BR", short: "PT", name: navMessages.portuguese },
];

export function LanguageSwitcher() {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
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
          onClick={() => setLocale(option.locale)}
        >
          {option.short}
        </button>
      ))}
    </div>
  );
}
