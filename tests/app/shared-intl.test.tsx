// The site's and each feature's intl provider keep what they build per isolate: a server render
// mounts every provider afresh, and each used to build every message's formatter again.
import { cleanup, render, screen } from "@testing-library/react";
import { useIntl, type IntlShape } from "react-intl";
import { afterEach, describe, expect, it } from "vitest";
import { createFeatureMessages } from "../../app/i18n/FeatureMessages";
import { SharedIntlProvider } from "../../app/i18n/SharedIntlProvider";

afterEach(cleanup);

const SITE = { hello: "Hello {name}" };
const FeatureMessages = createFeatureMessages({
  en: { own: "Own {n, plural, one {# item} other {# items}}" },
  "pt-BR": { own: "Próprio {n, plural, one {# item} other {# itens}}" },
});

function renderTree(locale: string, messages: Record<string, string>, feature = false) {
  const seen: { site?: IntlShape; feature?: IntlShape } = {};
  const Site = () => ((seen.site = useIntl()), (<p>{seen.site.formatMessage({ id: "hello" }, { name: "Ana" })}</p>));
  const Feature = () => ((seen.feature = useIntl()), (<p>{seen.feature.formatMessage({ id: "own" }, { n: 2 })}</p>));
  render(
    <SharedIntlProvider locale={locale} messages={messages}>
      <Site />
      {feature && (
        <FeatureMessages>
          <Feature />
        </FeatureMessages>
      )}
    </SharedIntlProvider>,
  );
  return seen;
}

describe("SharedIntlProvider", () => {
  it("gives separate renders of one catalog and language the same intl and the same formatters", () => {
    const first = renderTree("en", SITE, true);
    cleanup();
    const second = renderTree("en", SITE, true);
    expect(screen.getByText("Hello Ana")).toBeTruthy();
    expect(screen.getByText("Own 2 items")).toBeTruthy();
    expect(second.site).toBe(first.site);
    expect(second.feature).toBe(first.feature);
    // One formatter per message for the isolate, however many renders use it.
    expect(second.site!.formatters.getMessageFormat(SITE.hello, "en")).toBe(first.feature!.formatters.getMessageFormat(SITE.hello, "en"));
  });

  it("keeps languages and catalogs apart", () => {
    const en = renderTree("en", SITE, true);
    cleanup();
    const pt = renderTree("pt-BR", SITE, true);
    expect(screen.getByText("Próprio 2 itens")).toBeTruthy();
    expect(pt.site).not.toBe(en.site);
    expect(pt.site!.locale).toBe("pt-BR");
    cleanup();
    renderTree("en", { hello: "Hi {name}" });
    expect(screen.getByText("Hi Ana")).toBeTruthy();
  });
});
