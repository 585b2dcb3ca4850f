// A name and a description in English and Portuguese side by side, each language a fieldset with
// its `lang` (rooms, tiers). The English name takes the focus; a field's error comes from the
// form's errors by its input name (nameEn, descriptionPtBr, …). `extra` adds a language's own
// fields under its description (a tier's benefits).
import type { ReactNode } from "react";
import type { ErrorText } from "./errors";
import { TextField } from "./fields";

export type Bilingual = { en: string; ptBR: string };
type LanguageKey = keyof Bilingual;
export type FormLanguage = { key: LanguageKey; suffix: "En" | "PtBr"; lang: "en" | "pt-BR"; label: string };

type Props = {
  labels: { english: string; portuguese: string; name: string; description: string };
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
  labels,
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
  const languages: FormLanguage[] = [
    { key: "en", suffix: "En", lang: "en", label: labels.english },
    { key: "ptBR", suffix: "PtBr", lang: "pt-BR", label: labels.portuguese },
  ];
  return (
    <div className={className}>
      {languages.map((language) => (
        <fieldset key={language.key} className={fieldsetClassName} lang={language.lang}>
          <legend>{language.label}</legend>
          <TextField
            label={labels.name}
            value={names[language.key]}
            onChange={(value) => onNames({ ...names, [language.key]: value })}
            maxLength={nameMax}
            required
            autoFocus={language.key === "en"}
            hint={language.key === "en" ? nameHint : undefined}
            error={errors[`name${language.suffix}`]}
          />
          <TextField
            label={labels.description}
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
