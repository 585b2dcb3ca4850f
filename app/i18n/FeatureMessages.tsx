// A feature's own messages, loaded with its route chunk instead of the entry chunk: a nested
// intl provider that adds the feature's catalog for the active locale to the site's. The feature's
// components must render inside it (tests/app/i18n.test.ts checks that a feature's keys are used
// only in its own folder). A feature makes its provider with `createFeatureMessages`; its English
// comes from its descriptors' defaultMessages (`./messages?english`, scripts/lib/english-messages.mjs).
import type { ComponentType, ReactNode } from "react";
import { useIntl } from "react-intl";
import { SharedIntlProvider } from "./SharedIntlProvider";
import type { Locale } from "./locale";

type FeatureCatalogs = Record<Locale, Record<string, string>>;

/**
 * The site's catalog with a feature's added, made once per pair: both are loaded once per page (and
 * per isolate on the server), while a page renders a feature's provider many times (copying the
 * site's thousands of messages each time was a millisecond of every server render).
 */
const merged = new WeakMap<object, WeakMap<object, Record<string, string>>>();
function withFeature(site: Record<string, string>, own: Record<string, string>) {
  let bySite = merged.get(site);
  if (!bySite) merged.set(site, (bySite = new WeakMap()));
  let messages = bySite.get(own);
  if (!messages) bySite.set(own, (messages = { ...site, ...own }));
  return messages;
}

function FeatureMessages({ catalogs, children }: { catalogs: FeatureCatalogs; children: ReactNode }) {
  const intl = useIntl();
  const own = catalogs[intl.locale as Locale] ?? catalogs.en;
  const messages = withFeature(intl.messages as Record<string, string>, own);
  return (
    <SharedIntlProvider locale={intl.locale} messages={messages} onError={intl.onError}>
      {children}
    </SharedIntlProvider>
  );
}

type Provider = ComponentType<{ children: ReactNode }>;

/**
 * A feature's provider: its catalogs, inside the providers of the kits its pages use (the admin
 * form kit's), each loaded with the chunks that import the provider.
 */
export function createFeatureMessages(catalogs: FeatureCatalogs, { with: kits = [] }: { with?: Provider[] } = {}): Provider {
  return function Messages({ children }) {
    const own = <FeatureMessages catalogs={catalogs}>{children}</FeatureMessages>;
    return kits.reduceRight<ReactNode>((inner, Kit) => <Kit>{inner}</Kit>, own);
  };
}
