// A name and a description in English and Portuguese side by side, each language a fieldset with
// its `lang` (rooms, tiers). The English name takes the focus; a field's error comes from the
// form's errors by its input name (nameEn, descriptionPtBr, …). `extra` adds a language's own
// fields under its description (a tier's benefits).
import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import type { ErrorText } from "./errors";
import { TextField } from "./fields";
import { formKitMessages as m } from "./messages";

export type Bilingual = { en: string; ptBR: string };
type LanguageKey = keyof Bilingual;
export type FormLanguage = { key: LanguageKey; suffix: "En" | "PtBr"; lang: "en" | "pt-BR"; label: string };

type Props = {
  names: Bilingual;
  onNames: (names: Bilingual) => void;
  descriptions: Bilingual;
  onDescriptions: (descriptions: Bilingual) => void;
  nameMax: number;
  descriptionMax: number;
  errors: Partial<Record<string, ErrorText>>;
  /** Under the English name (e.g. where the name's address comes from). */
  nameHint?: string;
  className: string;
  fieldsetClassName?: string;
  extra?: (language: FormLanguage) => ReactNode;
};

export function BilingualNameFields({
  names,
  onNames,
  descriptions,
  onDescriptions,
  nameMax,
  descriptionMax,
  errors,
  nameHint,
  className,
  fieldsetClassName,
  extra,
}: Props) {
  const intl = useIntl();
  const languages: FormLanguage[] = [
    { key: "en", suffix: "En", lang: "en", label: intl.formatMessage(m.languageEnglish) },
    { key: "ptBR", suffix: "PtBr", lang: "pt-BR", label: intl.formatMessage(m.languagePortuguese) },
  ];
  return (
    <div className={className}>
      {languages.map((language) => (
        <fieldset key={language.key} className={fieldsetClassName} lang={language.lang}>
          <legend>{language.label}</legend>
          <TextField
            label={intl.formatMessage(m.fieldName)}
            value={names[language.key]}
            onChange={(value) => onNames({ ...names, [language.key]: value })}
            maxLength={nameMax}
            required
            autoFocus={language.key === "en"}
            hint={language.key === "en" ? nameHint : undefined}
            error={errors[`name${language.suffix}`]}
          />
          <TextField
            label={intl.formatMessage(m.fieldDescription)}
            value={descriptions[language.key]}
            onChange={(value) => onDescriptions({ ...descriptions, [language.key]: value })}
            multiline
            maxLength={descriptionMax}
            error={errors[`description${language.suffix}`]}
          />
          {extra?.(language)}
        </fieldset>
      ))}
    </div>
  );
}
