// A feature's own messages, loaded with its route chunk instead of the entry chunk: a nested
// IntlProvider that adds the feature's catalog for the active locale to the site's. The feature's
// components must render inside it (tests/app/i18n.test.ts checks that a feature's keys are used
// only in its own folder).
import { useMemo, type ReactNode } from "react";
import { IntlProvider, useIntl } from "react-intl";
import type { Locale } from "./locale";

export type FeatureCatalogs = Record<Locale, Record<string, string>>;

export function FeatureMessages({ catalogs, children }: { catalogs: FeatureCatalogs; children: ReactNode }) {
  const intl = useIntl();
  const own = catalogs[intl.locale as Locale] ?? catalogs.en;
  const messages = useMemo(() => ({ ...(intl.messages as Record<string, string>), ...own }), [intl.messages, own]);
  return (
    <IntlProvider locale={intl.locale} defaultLocale="en" messages={messages} onError={intl.onError}>
      {children}
    </IntlProvider>
  );
}
