// A feature's own messages, loaded with its route chunk instead of the entry chunk: a nested
// intl provider that adds the feature's catalog for the active locale to the site's. The feature's
// components must render inside it (tests/app/i18n.test.ts checks that a feature's keys are used
// only in its own folder). A feature's provider is `import XMessages from "./messages?feature"`: the
// english-messages Vite plugin (scripts/lib/english-messages.mjs) makes it with `createFeatureMessages`
// from the folder's catalogs, its English read from its descriptors' defaultMessages. A page that
// uses a kit with messages of its own (the admin form kit) renders the kit's provider around it.
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

/** A feature's provider of its catalogs, loaded with the chunks that import it. */
export function createFeatureMessages(catalogs: FeatureCatalogs): ComponentType<{ children: ReactNode }> {
  return function Messages({ children }) {
    return <FeatureMessages catalogs={catalogs}>{children}</FeatureMessages>;
  };
}
